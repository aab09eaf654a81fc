// What the management socket (~/.osprey/osprey.sock) may ask of the
// supervisor. The supervisor implements it; ControlServer calls it on the
// loop's thread, one call per request. The wire protocol is
// common/control/ControlProtocol.hxx.
#pragma once

#include "Decider.hxx"
#include "control/ControlProtocol.hxx"

#include <functional>
#include <string>
#include <string_view>

namespace osprey::daemon {

struct ControlResult {
	bool ok = false;
	/** the job's state after the command (ok) */
	std::string state;
	/** why not (not ok): "no job 20261122-..." / "job ... is running, not awaiting approval" */
	std::string error;
};

/// Called once with a decision's outcome, on the loop's thread, when the
/// decision is known to be recorded: inside the call that took it or later.
/// Calling it after the client has gone (or the server has closed) does
/// nothing; not calling it at all is allowed (the client then gets an error
/// answer when the connection closes).
using ControlDone = std::function<void(ControlResult)>;

class ControlHandler {
public:
	/// Must answer at once (it blocks the loop).
	virtual control::DaemonStatus Status() = 0;

	/* @p job has the shape of a job id (IsValidJobId()); @p who is the
	   client's user from the socket's credentials. An exception thrown
	   before @p done was called is the client's error answer. */
	virtual void Approve(std::string_view job, const Decider &who, ControlDone done) = 0;
	virtual void Ignore(std::string_view job, const Decider &who, ControlDone done) = 0;
	virtual void Cancel(std::string_view job, const Decider &who, ControlDone done) = 0;

protected:
	~ControlHandler() = default;
};

} // namespace osprey::daemon
