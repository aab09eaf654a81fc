// The rules jobs follow, apart from workers, timers and the disk, so that
// each can be tested alone: what a trigger becomes (slots and caps), which
// decision a job takes in which state, how a worker's end becomes the job's
// end, and what a restart makes of a record it finds. JobTable asks these
// before it acts.
#pragma once

#include "config/Channel.hxx"
#include "decide/Decisions.hxx"
#include "job/JobRecord.hxx"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace osprey::daemon {

/// What a trigger (or an approval) becomes.
enum class Admission {
	Start,         // a slot was free: run it now
	AwaitApproval, // hold it for a human
	Queue,         // every slot is busy: wait for one (container.queue)
	NoSlot,        // every slot is busy and the queue full: rejected (429)
	TooManyPending // jobs.max_pending approvals wait already (429)
};

/// @p approval: the pipeline asks a human first (webhook triggers only;
/// false for a job just approved). @p slot_free: a slot is free and no job
/// waits for one (a new job never overtakes the queue). @p queued: jobs
/// waiting for a slot, of @p max_queued (container.queue; 0: no queue).
Admission Admit(bool approval, bool slot_free, std::size_t pending, std::size_t max_pending,
		std::size_t queued = 0, std::size_t max_queued = 0) noexcept;

/// The sentence a refused admission answers with, naming its caps.
std::string AdmissionRefusal(Admission admission, unsigned max_slots, std::size_t max_pending,
			     std::size_t max_queued = 0);

/// Why @p by may not decide a job of a pipeline whose channel is
/// @p channel, or nothing when it may: the command line always may (file
/// permissions guard the socket); a press in a chat only from the
/// pipeline's own chat and by someone in its allowed_users.
std::optional<std::string> Unauthorized(const EffectiveChannel &channel, const DecisionSource &by);

/// Why a job in @p state cannot take @p decision now, or nothing when it
/// can: a pending job takes any, a queued or live one only Cancel.
/// @p deciding: another change of it is being recorded.
std::optional<std::string> Refusal(std::string_view id, JobState state, bool deciding,
				   Decision decision);

/// Why the supervisor stopped a live job, if it did.
enum class StopCause { None, Timeout, Cancel, Shutdown };

/// Everything known when a job's worker has exited.
struct WorkerEnd {
	StopCause stop = StopCause::None;
	/** from the worker's Finished event */
	std::optional<int> agent_exit;
	/** from its Failed event */
	std::string failure;
	std::int64_t exit_status = 0;
	int term_signal = 0;
	std::string decided_by;
	std::chrono::milliseconds timeout{0};
	/** from the Finished event's report: the agent said it failed, and why */
	bool agent_is_error = false;
	std::string agent_error = {};
};

struct Ending {
	JobState state;
	std::string reason;
};

/// The job's final state and reason after its worker exited.
Ending EndOfWorker(const WorkerEnd &end);

/// What a restart makes of a record it finds.
enum class Revival {
	Leave,     // terminal: nothing to do
	Interrupt, // was live when the daemon died
	Restore,   // awaits approval, with time left
	Requeue,   // was queued: it waits again, in its place
	Expire,    // awaited approval past its timeout
};

Revival Revive(const JobRecord &record, std::chrono::system_clock::time_point now,
	       std::chrono::milliseconds approval_timeout);

} // namespace osprey::daemon
