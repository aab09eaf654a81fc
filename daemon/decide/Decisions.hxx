// The one place decisions on jobs come to, whoever takes them: the command
// line through the management socket, a press in Telegram or Slack. The
// job table implements it; the control socket and the chat channels only
// say who asks and what for, and answer with the outcome.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace osprey::daemon {

enum class Decision { Approve, Ignore, Cancel };

/// Who decides, and from where.
struct DecisionSource {
	enum class Via { CommandLine, Telegram, Slack };
	Via via = Via::CommandLine;
	/** a chat's: the chat or channel the press came from (Telegram's chat
	    id, Slack's channel id), and the user's id (Telegram's number,
	    Slack's U...), checked against the pipeline's channel and
	    allowed_users */
	std::string chat, user;
	/** what the job records as decided_by and the chat shows: "@alice",
	    "Alice (U0123)", "alice (uid 1000) from the command line" */
	std::string name;
};

struct DecisionOutcome {
	bool ok = false;
	/** the job's state after the decision (ok) */
	std::string state;
	/** why not (not ok): "no job 20261122-...", "job ... is running, not
	    awaiting approval", "you are not allowed to decide ..." */
	std::string error;
};

/// Called once with the outcome, on the loop's thread, when the decision
/// is recorded (or refused): inside the call that took it or later.
using DecisionDone = std::function<void(DecisionOutcome)>;

class DecisionTaker {
public:
	virtual void Decide(Decision decision, std::string_view job, DecisionSource by,
			    DecisionDone done) = 0;

protected:
	~DecisionTaker() = default;
};

} // namespace osprey::daemon
