#include "JobRules.hxx"
#include "job/WorkerJob.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"

#include <cstring>

namespace osprey::daemon {

Admission
Admit(bool approval, bool slot_free, std::size_t pending, std::size_t max_pending,
      std::size_t queued, std::size_t max_queued) noexcept
{
	if (approval)
		return pending < max_pending ? Admission::AwaitApproval : Admission::TooManyPending;
	if (slot_free)
		return Admission::Start;
	return queued < max_queued ? Admission::Queue : Admission::NoSlot;
}

std::string
AdmissionRefusal(Admission admission, unsigned max_slots, std::size_t max_pending,
		 std::size_t max_queued)
{
	switch (admission) {
	case Admission::NoSlot: {
		auto why = "all " + std::to_string(max_slots) +
			" agent slots are busy (container.max_concurrent)";
		if (max_queued > 0)
			why += " and " + std::to_string(max_queued) +
				" jobs wait for one already (container.queue)";
		return why;
	}
	case Admission::TooManyPending:
		return std::to_string(max_pending) +
			" jobs await approval already (jobs.max_pending)";
	case Admission::Start:
	case Admission::AwaitApproval:
	case Admission::Queue:
		break;
	}
	return {};
}

static std::string_view
Verb(Decision d) noexcept
{
	switch (d) {
	case Decision::Approve: return "approved";
	case Decision::Ignore: return "ignored";
	case Decision::Cancel: return "cancelled";
	}
	return {};
}

std::optional<std::string>
Unauthorized(const EffectiveChannel &channel, const DecisionSource &by)
{
	using Via = DecisionSource::Via;
	if (by.via == Via::CommandLine)
		return std::nullopt;
	const auto type = by.via == Via::Telegram ? ChannelType::Telegram : ChannelType::Slack;
	const std::string refusal = "you are not allowed to decide this job";
	if (channel.type != type)
		return refusal;
	if (type == ChannelType::Telegram) {
		if (by.chat != std::to_string(channel.telegram.chat_id))
			return refusal;
		for (const auto user : channel.telegram.allowed_users)
			if (by.user == std::to_string(user))
				return std::nullopt;
		return refusal;
	}
	if (by.chat != channel.slack.channel_id)
		return refusal;
	for (const auto &user : channel.slack.allowed_users)
		if (by.user == user)
			return std::nullopt;
	return refusal;
}

std::optional<std::string>
Refusal(std::string_view id, JobState state, bool deciding, Decision decision)
{
	const auto job = "job " + std::string(id);
	if (deciding)
		return job + " is being decided already; try again in a moment";
	if (state == JobState::AwaitingApproval)
		return std::nullopt;
	if (decision == Decision::Cancel && (IsLive(state) || state == JobState::Queued))
		return std::nullopt;
	if (IsTerminal(state))
		return job + " is " + std::string(Name(state)) + ", so it cannot be " +
			std::string(Verb(decision));
	return job + " is " + std::string(Name(state)) + ", not awaiting approval";
}

static std::string
SignalName(int sig)
{
	const char *name = ::sigabbrev_np(sig);
	return name != nullptr ? std::string("SIG") + name : "signal " + std::to_string(sig);
}

Ending
EndOfWorker(const WorkerEnd &e)
{
	switch (e.stop) {
	case StopCause::Cancel:
		return {JobState::Cancelled, "cancelled by " + e.decided_by};
	case StopCause::Timeout:
		return {JobState::TimedOut, "exceeded its timeout of " + FormatDuration(e.timeout)};
	case StopCause::Shutdown:
		return {JobState::Interrupted, "the daemon stopped while the job was live"};
	case StopCause::None:
		break;
	}
	if (e.agent_exit) {
		/* the agent's own words say more than its status (a provider's
		   "API Error: Connection error.") */
		const std::string why = e.agent_error.empty() ? "" : ": " + e.agent_error;
		if (*e.agent_exit == 0 && !e.agent_is_error)
			return {JobState::Succeeded, {}};
		if (*e.agent_exit == 0)
			return {JobState::Failed, "the agent reported an error" + why};
		return {JobState::Failed, "the agent exited with status " +
			std::to_string(*e.agent_exit) + why};
	}
	if (!e.failure.empty())
		return {JobState::Failed, e.failure};
	if (e.term_signal != 0)
		return {JobState::Failed, "the worker died of " + SignalName(e.term_signal)};
	if (e.exit_status == 0)
		/* the protocol promises a Finished or Failed event first */
		return {JobState::Failed, "osprey-worker exited without saying how the agent ended"};
	return {JobState::Failed, std::string(Describe(static_cast<WorkerExit>(e.exit_status))) +
		" (worker exit status " + std::to_string(e.exit_status) + ")"};
}

Revival
Revive(const JobRecord &r, std::chrono::system_clock::time_point now,
       std::chrono::milliseconds approval_timeout)
{
	if (IsTerminal(r.state))
		return Revival::Leave;
	if (IsLive(r.state))
		return Revival::Interrupt;
	if (r.state == JobState::Queued)
		return Revival::Requeue;
	try {
		return ParseIso8601(r.created) + approval_timeout <= now ? Revival::Expire
			: Revival::Restore;
	} catch (const std::exception &) {
		return Revival::Expire; // no valid creation time: it cannot be waited for
	}
}

} // namespace osprey::daemon
