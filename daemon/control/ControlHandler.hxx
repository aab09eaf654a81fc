// What the management socket (~/.osprey/osprey.sock) may ask of the
// supervisor. The supervisor implements it; ControlServer calls it on the
// loop's thread, one call per request. The wire protocol is
// common/control/ControlProtocol.hxx.
#pragma once

#include "Decider.hxx"
#include "decide/Decisions.hxx"
#include "control/ControlProtocol.hxx"

#include <functional>
#include <string>
#include <string_view>
#include <variant>

namespace osprey::daemon {

/// Decisions go to the neutral place (decide/Decisions.hxx) with the
/// client's user from the socket's credentials as DecisionSource::name.
/// The job id has the shape of one (IsValidJobId()). Calling done after the
/// client has gone (or the server has closed) does nothing; not calling it
/// at all is allowed (the client then gets an error answer when the
/// connection closes). An exception thrown before done was called is the
/// client's error answer.
class ControlHandler : public DecisionTaker {
public:
	/// Must answer at once (it blocks the loop).
	virtual control::DaemonStatus Status() = 0;

	/// Loads the configuration from disk again (off the loop) and applies
	/// it; @p done hears, on the loop, the enabled pipelines' count, or why
	/// nothing changed (the configuration's errors).
	using ReloadDone = std::function<void(std::variant<control::Reloaded, control::Refusal>)>;
	virtual void Reload(ReloadDone done) = 0;

protected:
	~ControlHandler() = default;
};

} // namespace osprey::daemon
