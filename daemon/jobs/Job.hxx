// A live job: it holds an agent slot and a worker. Jobs awaiting approval
// are PendingJobs (JobTable.hxx), kept small so that thousands can wait.
// A Job owns its worker and timers; every callback goes to the JobTable,
// which makes all the decisions.
#pragma once

#include "JobRules.hxx"
#include "job/JobRecord.hxx"
#include "lib/uv/Timer.hxx"
#include "store/RenderedJob.hxx"
#include "supervise/WorkerProcess.hxx"

#include <memory>
#include <optional>
#include <string>

namespace osprey::daemon {

class JobTable;

struct Job final : uv::Timer::Listener, WorkerProcess::Listener {
	JobTable &table;
	/** as last recorded in job.json */
	JobRecord record;
	/** the templates' output, rendered once when the trigger fired */
	RenderedFields rendered;

	std::unique_ptr<WorkerProcess> worker;
	uv::Timer deadline_timer, kill_timer;
	StopCause stop = StopCause::None;
	bool holds_slot = false;
	/** its end, being recorded (tried again while the disk refuses it) */
	std::optional<Ending> end;
	/** from the worker's events */
	std::optional<int> agent_exit;
	std::string failure;

	Job(JobTable &t, JobRecord r, RenderedFields f) noexcept
		: table(t), record(std::move(r)), rendered(std::move(f)) {}

	void OnTimer(uv::Timer &timer) noexcept override;
	void OnWorkerEvent(WorkerProcess &, const WorkerEvent &event) noexcept override;
	void OnWorkerExit(WorkerProcess &, std::int64_t exit_status, int term_signal) noexcept override;
	void OnWorkerProtocolError(WorkerProcess &, const std::string &error) noexcept override;
};

} // namespace osprey::daemon
