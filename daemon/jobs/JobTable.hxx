// The supervisor's jobs: the ones awaiting approval and the live ones, the
// agent slots (container.max_concurrent), and every state change, each
// written to the job's record before anything else happens. Runs on the
// loop's thread only.
#pragma once

#include "Job.hxx"
#include "control/ControlHandler.hxx"
#include "worker/ContainerSweeps.hxx"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {
class Home;
struct Pipeline;
namespace uv { class Loop; }
}

namespace osprey::daemon {

class Notifier;
class PipelineSet;

class JobTable final : uv::Timer::Listener {
	friend struct Job;

	uv::Loop &loop;
	const Home &home;
	PipelineSet &pipelines;
	Notifier &notifier;
	const std::string worker_path;
	/* random, per start: labels our jobs' containers (WorkerJob) */
	const std::string daemon_id;
	/* removes what dead workers and a dead daemon left on the engine */
	ContainerSweeps sweeps;

	std::map<std::string, std::unique_ptr<Job>, std::less<>> jobs;
	/* finished jobs are freed on the next loop turn, never inside their own callbacks */
	std::vector<std::unique_ptr<Job>> graveyard;
	uv::Timer reaper, retention_timer;

	unsigned used_slots = 0;
	std::map<JobState, std::uint64_t> ended; // since start, per terminal state
	std::function<void()> on_drained;        // shutdown: called once no job is live
	bool shutting_down = false;

public:
	JobTable(uv::Loop &loop, const Home &home, PipelineSet &pipelines, Notifier &notifier,
		 std::string worker_path);
	~JobTable() noexcept;

	struct Submitted {
		std::string id;
		JobState state;
		std::string reason;
	};

	/// A trigger fired: records the job, then starts it, rejects it (all
	/// slots busy) or holds it for approval. @p body is the raw payload
	/// (recorded as sent), @p payload its parse. Throws only if the job
	/// cannot be recorded at all (disk full...).
	Submitted Submit(std::string_view pipeline, std::string_view body, json::Value payload,
			 std::string_view trigger);

	ControlResult Approve(std::string_view id, std::string_view by);
	ControlResult Ignore(std::string_view id, std::string_view by);
	ControlResult Cancel(std::string_view id, std::string_view by);

	/// After a restart: pending approvals come back, jobs that were live end
	/// interrupted, and containers left by a dead daemon are removed.
	void Restore();

	/// Stops gracefully: live jobs get @p grace to finish, then their
	/// containers are stopped and they end interrupted; @p drained is called
	/// once none is live. Approvals stay pending on disk.
	void Shutdown(std::chrono::milliseconds grace, std::function<void()> drained);

	/// After Shutdown() drained: closes the table's own timers so the loop
	/// can end. Pending approvals keep only their records on disk.
	void Close() noexcept;

	unsigned UsedSlots() const noexcept { return used_slots; }
	unsigned MaxSlots() const noexcept;
	std::size_t LiveCount() const noexcept;
	std::size_t AwaitingCount() const noexcept;
	const std::map<JobState, std::uint64_t> &EndedCounts() const noexcept { return ended; }

private:
	Submitted StartOrReject(std::unique_ptr<Job> job, const Pipeline &pipeline);
	/* renders the templates into the job; throws ConfigError or RenderError */
	void Render(Job &job, const Pipeline &pipeline);
	void Save(Job &job) noexcept;
	void SetState(Job &job, JobState state) noexcept;
	void Finish(Job &job, JobState state, std::string reason) noexcept;
	/* for a job not (yet) in the table */
	Submitted FinishNew(std::unique_ptr<Job> job, JobState state, std::string reason);
	void Bury(Job &job) noexcept;
	std::string ResultText(const Job &job) const;
	void CheckDrained() noexcept;
	void PruneOldJobs() noexcept;
	ControlResult NotPending(std::string_view id, std::string_view action) const;

	/* from Job */
	void OnJobTimer(Job &job, uv::Timer &timer) noexcept;
	void OnWorkerEvent(Job &job, const WorkerEvent &event) noexcept;
	void OnWorkerExit(Job &job, std::int64_t exit_status, int term_signal) noexcept;

	void OnTimer(uv::Timer &timer) noexcept override;
};

} // namespace osprey::daemon
