// Where the supervisor's notifications go: the pipeline's channel.
#pragma once

#include "config/Channel.hxx"
#include "job/JobRecord.hxx"

#include <string>

namespace osprey::daemon {

struct Notification {
	enum class Kind {
		/** a job waits for Approve or Ignore */
		ApprovalRequested,
		/** a job ended (including rejected, ignored, expired) */
		Finished,
	};

	Kind kind = Kind::Finished;
	std::string job, pipeline;
	/** rendered channel.topic and channel.message */
	std::string topic, message;
	JobState state = JobState::Starting;
	std::string reason;
	/** the agent's final answer (result.md), or the tail of its output */
	std::string result;
};

class Notifier {
public:
	virtual ~Notifier() = default;
	/// Delivers @p n to @p channel. Never throws: delivery failures are
	/// logged (and retried where the channel can), never fatal to a job.
	virtual void Send(const EffectiveChannel &channel, const Notification &n) noexcept = 0;
};

} // namespace osprey::daemon
