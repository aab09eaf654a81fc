// Which backend serves which channel type.
#pragma once

#include "ChannelBackend.hxx"

#include <memory>

namespace osprey {
class CurlMulti;
class HttpClient;
namespace uv { class Loop; }
}

namespace osprey::daemon {

class DecisionTaker;

/// What backends need from the daemon: its loop, its HTTP client (and the
/// curl multi under it, for Slack's socket), and where presses go.
struct BackendContext {
	uv::Loop &loop;
	CurlMulti &curl;
	HttpClient &http;
	DecisionTaker &decisions;
};

/// The backend for @p channel. Throws when it cannot be made.
std::unique_ptr<ChannelBackend> MakeBackend(const EffectiveChannel &channel,
					    const BackendContext &context);

} // namespace osprey::daemon
