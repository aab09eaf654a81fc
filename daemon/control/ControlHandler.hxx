// What the management socket (~/.osprey/osprey.sock) may ask of the
// supervisor. The supervisor implements it; ControlServer calls it on the
// loop's thread, one request at a time, and must get a quick answer.
//
// Wire protocol (one connection per request): the client sends one JSON line
//   {"command":"status"}
//   {"command":"approve"|"ignore"|"cancel","job":"<id>","by":"<who>"}
// and gets one JSON line back, then the server closes:
//   {"ok":true, ...}  or  {"ok":false,"error":"<human sentence>"}
// File permissions (0600, owner = the daemon's user) are the authentication.
#pragma once

#include "json/Value.hxx"

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

class ControlHandler {
public:
	/// {"version","pid","started","listening","slots":{"used","max"},
	///  "pipelines":{"webhook":N,"cron":N,"disabled":N},"jobs":{"<state>":count,...}}
	virtual json::Value Status() = 0;
	virtual ControlResult Approve(std::string_view job, std::string_view by) = 0;
	virtual ControlResult Ignore(std::string_view job, std::string_view by) = 0;
	virtual ControlResult Cancel(std::string_view job, std::string_view by) = 0;

protected:
	~ControlHandler() = default;
};

} // namespace osprey::daemon
