// One notification as a backend gets it: which of a job's notifications it
// is (NoticeKind), the job as it stands, and the text it shows. The channel
// core (Channels) builds it from the job's files when its turn comes, so
// nothing waiting in a queue holds a job's text in memory.
#pragma once

#include "job/JobNotices.hxx"
#include "job/JobRecord.hxx"

#include <chrono>
#include <functional>
#include <string>

namespace osprey::daemon {

struct Notice {
	NoticeKind kind = NoticeKind::Announced;
	/** unique per notification and the same on every retry and after a
	    restart: "<job>.<kind>" */
	std::string id;
	/** the chat it goes to, as the backend's ChatOf() named it */
	std::string chat;
	JobRecord record;
	/** rendered channel.topic and channel.message */
	std::string topic, message;
	/** Finished: the agent's final answer (result.md), else the tail of
	    its output; empty for jobs that never ran */
	std::string result;
	/** Finished: the file with all of the result, when result is its
	    tail ("..." first); empty when result is whole */
	std::string result_file;
	/** Decided and Finished: where the announcement went, when it did */
	MessageRef announcement;
	/** Announced: show Approve and Ignore (the job awaits approval and the
	    channel has someone to press them) */
	bool buttons = false;
	/** Announced without buttons for a job that awaits approval: say how
	    to decide from the command line */
	bool approval_by_command_line = false;
	std::chrono::milliseconds approval_timeout{0};
};

/// How a delivery went.
struct Delivery {
	enum class Outcome {
		/** the channel has it (or, for Finished of an ignored job, needs
		    nothing) */
		Delivered,
		/** a network error, a 5xx, a 429: try again after retry_after */
		Retry,
		/** the channel refused it for good (a 4xx): logged, given up */
		Failed,
	};
	Outcome outcome = Outcome::Delivered;
	/** Announced: where the message went */
	MessageRef ref;
	/** Retry: at least this long; zero for "use the backoff" */
	std::chrono::milliseconds retry_after{0};
	/** Retry and Failed: what went wrong, in the API's own words */
	std::string error;

	static Delivery Sent(MessageRef ref = {}) { return {Outcome::Delivered, std::move(ref), {}, {}}; }
	static Delivery Later(std::string error, std::chrono::milliseconds after = {}) {
		return {Outcome::Retry, {}, after, std::move(error)};
	}
	static Delivery Refused(std::string error) { return {Outcome::Failed, {}, {}, std::move(error)}; }
};

/// Called once per Deliver(), on the loop's thread.
using DeliveryDone = std::function<void(Delivery)>;

} // namespace osprey::daemon
