// Which backend serves which channel type.
#pragma once

#include "ChannelBackend.hxx"

#include <memory>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class DecisionTaker;

/// What backends need from the daemon: its loop and where presses go.
struct BackendContext {
	uv::Loop &loop;
	DecisionTaker &decisions;
};

/// The backend for @p channel. Throws when it cannot be made.
std::unique_ptr<ChannelBackend> MakeBackend(const EffectiveChannel &channel, BackendContext context);

} // namespace osprey::daemon
