// The supervisor's jobs: those awaiting approval, those queued for a slot
// (container.queue) and the live ones, the agent slots
// (container.max_concurrent), the caps on waiting jobs, and every state
// change. Nothing here touches the disk on the loop: each change goes
// to the JobStore first and takes effect when it is durable, so memory and
// disk agree, and a change that cannot be recorded is refused visibly (a
// decision) or retried (a job's end). Templates render on the thread pool,
// once per job. Runs on the loop's thread only.
#pragma once

#include "Job.hxx"
#include "JobQueue.hxx"
#include "channel/Channels.hxx"
#include "control/ControlHandler.hxx"
#include "store/JobStore.hxx"
#include "supervise/ContainerSweeps.hxx"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {
class Home;
struct Pipeline;
namespace uv { class Loop; }
}

namespace osprey::daemon {

class Channels;
class PipelineSet;
struct RecoveredJobs;

/// Reads notices.json of @p files: nothing when the job has none (its
/// channel is stdout, or it is older than notices). Throws when unreadable.
std::optional<JobNotices> LoadJobNotices(const JobFiles &files);

/// The agent's answer (result.md), else the end of its output: what the
/// channel shows. Only the tail is read, however large the log; when that
/// is not all of it, it starts with "..." and @p whole (if given) names the
/// file that holds all of it.
std::string ResultText(const JobFiles &files, std::string *whole = nullptr);

class JobTable final : public DecisionTaker, public NoticeFiles, uv::Timer::Listener {
	friend struct Job;

public:
	/// A trigger that fired.
	struct Trigger {
		std::string pipeline;
		/** "webhook" or "cron" */
		std::string kind;
		/** the raw body, parsed on the thread pool; "" for cron */
		std::string body;
		std::string content_type;
		/** the headers templates see (ingest/TemplateHeaders.hxx); "" for cron */
		std::string headers;
	};

	struct Submitted {
		enum class Outcome {
			Accepted,    // recorded: state says how it goes on
			Rejected,    // a slot or a cap refused it (429); reason says which
			BadBody,     // the body is not JSON (400); nothing recorded
			Unavailable, // it could not be recorded (503); reason says why
			Filtered,    // trigger.filter said no (200); nothing recorded
			FilterFailed, // trigger.filter failed to render (500); reason says why
		};
		Outcome outcome = Outcome::Accepted;
		/* Accepted: Starting, AwaitingApproval, Queued or Failed */
		std::string id;
		JobState state = JobState::Starting;
		std::string reason;
	};
	using SubmitDone = std::function<void(Submitted)>;

private:
	/* a job awaiting approval: small, since thousands may wait; its
	   rendered text and payload stay on disk */
	struct PendingJob {
		JobRecord record;
		std::chrono::system_clock::time_point deadline;
		std::uint64_t payload_bytes = 0;
		/* a decision on it is being recorded */
		bool deciding = false;
	};

	uv::Loop &loop;
	const Home &home;
	PipelineSet &pipelines;
	/* where notifications go; none in tests of the table alone */
	Channels *channels = nullptr;
	const std::string worker_path;
	/* random, per start: labels our jobs' containers (WorkerJob) */
	const std::string daemon_id;
	JobStore store;
	/* removes what dead workers and a dead daemon left on the engine */
	ContainerSweeps sweeps;

	std::map<std::string, PendingJob, std::less<>> pending;
	std::map<std::string, std::unique_ptr<Job>, std::less<>> live;
	/* jobs waiting for a slot; their rendered text stays on disk */
	JobQueue queue;
	/* finished jobs are freed on the next loop turn, never inside their own callbacks */
	std::vector<std::unique_ptr<Job>> graveyard;
	uv::Timer reaper, retention_timer, approval_timer;
	/* tries the queue again after a start that could not be recorded */
	uv::Timer queue_timer;
	/* the deadline approval_timer is set for (max: not set): a new job
	   expiring later, as they all do, needs no look at the others */
	std::chrono::system_clock::time_point approval_due = std::chrono::system_clock::time_point::max();

	/* slots taken by live jobs and by jobs on their way to start */
	unsigned used_slots = 0;
	/* jobs admitted and not yet recorded: retention must spare them */
	std::set<std::string, std::less<>> admitting;
	/* approvals on their way to being recorded, and their payloads */
	std::size_t incoming_pending = 0;
	std::uint64_t pending_bytes = 0;
	/* the job directories' bytes as the last retention pass measured
	   them, plus what was recorded since (for jobs.max_store_bytes) */
	std::uint64_t store_bytes = 0;
	/* finished since the last retention pass: prune before it grows */
	std::size_t ended_since_prune = 0;
	bool pruning = false;
	/* Restore() has put back what the disk holds: pruning may begin */
	bool restored_jobs = false;
	std::map<JobState, std::uint64_t> ended; // since start, per terminal state
	std::function<void()> on_drained;        // shutdown: called once no job is live
	/* who hears every durable change of a record (the management
	   socket's watchers); empty when nobody listens */
	std::function<void(const JobRecord &)> on_change;
	bool shutting_down = false;

public:
	JobTable(uv::Loop &loop, const Home &home, PipelineSet &pipelines, std::string worker_path);
	~JobTable() noexcept;

	/// Admits, renders, records, then starts the job, holds it for
	/// approval or rejects it; @p done hears how, once it is durable.
	void Submit(Trigger trigger, SubmitDone done);

	/// Decisions, from the command line or a chat: @p done hears the
	/// outcome once it is recorded (or why it could not be). A press in a
	/// chat counts only from the pipeline's chat and its allowed_users.
	void Decide(Decision decision, std::string_view id, DecisionSource by,
		    DecisionDone done) override;

	/// From now on, every durable change of a job's record is told to
	/// @p channels (before Restore()).
	void AttachChannels(Channels &c) noexcept { channels = &c; }

	/// From now on, @p f hears every record the store has just written,
	/// in order, on the loop's thread (the dashboard's live view). It
	/// must not throw and must not call back into the table.
	void OnChange(std::function<void(const JobRecord &)> f) noexcept { on_change = std::move(f); }

	/* NoticeFiles: what the channels read and write, through the store
	   (JobNoticeFiles.cxx) */
	void LoadNoticeText(const JobRecord &record, NoticeKind kind,
			    std::function<void(NoticeText)> done) override;
	void SaveNotices(const JobRecord &record, const JobNotices &notices,
			 std::function<void(std::error_code)> done) override;
	void ScanOwed(std::function<void(std::vector<std::pair<JobRecord, JobNotices>>)> done) override;

	/// After a restart, on the thread pool: pending approvals come back,
	/// queued jobs wait again in their order (ahead of those queued since),
	/// jobs that were live end interrupted, and containers left by a dead
	/// daemon are removed. Webhooks are served meanwhile.
	void Restore();

	/// The settings may have changed (a reload): more slots start queued
	/// jobs at once.
	void SettingsChanged() noexcept { StartQueued(); }

	/// Stops gracefully: live jobs get @p grace to finish, then their
	/// containers are stopped and they end interrupted; @p drained is called
	/// once none is live and every change is on the disk. Approvals stay
	/// pending on disk, and queued jobs queued.
	void Shutdown(std::chrono::milliseconds grace, std::function<void()> drained);

	/// After Shutdown() drained: closes the table's own timers so the loop
	/// can end.
	void Close() noexcept;

	unsigned UsedSlots() const noexcept { return used_slots; }
	unsigned MaxSlots() const noexcept;
	std::size_t LiveCount() const noexcept { return live.size(); }
	std::size_t AwaitingCount() const noexcept { return pending.size(); }
	/// Jobs waiting for a slot, of QueueCapacity().
	std::size_t QueuedCount() const noexcept { return queue.Waiting(); }
	unsigned QueueCapacity() const noexcept;
	const std::map<JobState, std::uint64_t> &EndedCounts() const noexcept { return ended; }
	const JobStore &Store() const noexcept { return store; }

private:
	/* JobIntake.cxx */
	void AdmitJob(Trigger trigger, std::shared_ptr<struct RenderInput> in, SubmitDone done);
	void Rendered(JobRecord record, Admission admission, JobQueue::Ticket ticket,
		      std::chrono::milliseconds approval_timeout, struct RenderOutput output,
		      SubmitDone done);
	void RecordRejected(JobRecord record, std::string reason, SubmitDone done);

	/* JobStart.cxx */
	/* with a slot taken; "" or why the worker could not start (the job
	   then ends failed) */
	std::string StartJob(JobRecord record, RenderedFields rendered) noexcept;
	/* what a job rendered when it was triggered, read on the store's
	   thread before its next write completes */
	struct RenderedRead {
		std::shared_ptr<RenderedFields> fields = std::make_shared<RenderedFields>();
		/* why it could not be read, or "" */
		std::shared_ptr<std::string> error = std::make_shared<std::string>();
	};
	RenderedRead ReadRendered(const std::string &id);
	bool TakeSlot() noexcept;
	void GiveSlot() noexcept;
	/* a slot is free and no job waits for one: a new job may start */
	bool SlotForNewJob() const noexcept;

	/* JobQueueing.cxx */
	/* starts the oldest queued jobs while slots are free */
	void StartQueued() noexcept;
	void RecordQueuedStart(JobQueue::Entry &entry) noexcept;
	void CancelQueued(JobQueue::Entry &entry, std::string by, DecisionDone done);

	/* JobDecisions.cxx */
	std::optional<std::string> Unauthorized(const std::string &pipeline,
						const DecisionSource &by) noexcept;
	/* @p ticket: its place in the queue, when an approval queues it */
	void RecordDecision(PendingJob &job, JobRecord next, DecisionDone done,
			    JobQueue::Ticket ticket = 0);
	void ApproveRecorded(JobRecord record, DecisionDone done);
	void ArmApprovalTimer() noexcept;
	void ExpireApprovals() noexcept;

	/* JobLifecycle.cxx */
	void SaveLiveState(Job &job, JobState state) noexcept;
	void Finish(Job &job, Ending ending) noexcept;
	void Finished(JobRecord record, RenderedFields rendered, std::string result) noexcept;
	void Bury(std::string_view id) noexcept;
	void CheckDrained() noexcept;
	void OnJobTimer(Job &job, uv::Timer &timer) noexcept;
	void OnWorkerEvent(Job &job, const WorkerEvent &event) noexcept;
	void OnWorkerExit(Job &job, std::int64_t exit_status, int term_signal) noexcept;

	/* JobRecovery.cxx */
	void Restored(RecoveredJobs &found);
	void Prune() noexcept;
	void CountEnded(JobState state) noexcept;

	/* tells on_change; Announce() does it too */
	void Changed(const JobRecord &record) noexcept;
	void Announce(const JobRecord &record, const JobNotices &notices = {},
		      const RenderedFields *rendered = nullptr) noexcept;
	/* a new job's notices.json, when its channel keeps one */
	void KeepNotices(JobWrite &write, const JobRecord &record);
	void OnTimer(uv::Timer &timer) noexcept override;
};

} // namespace osprey::daemon
