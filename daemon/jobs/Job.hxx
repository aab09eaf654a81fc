// One job the supervisor is responsible for: awaiting approval or live. It
// owns its worker and timers; every callback goes to the JobTable, which
// makes all the decisions.
#pragma once

#include "config/Channel.hxx"
#include "job/JobRecord.hxx"
#include "json/Value.hxx"
#include "lib/uv/Timer.hxx"
#include "worker/WorkerProcess.hxx"

#include <memory>
#include <optional>
#include <string>

namespace osprey::daemon {

class JobTable;

struct Job final : uv::Timer::Listener, WorkerProcess::Listener {
	/** why the supervisor stopped a live job, if it did */
	enum class StopCause { None, Timeout, Cancel, Shutdown };

	JobTable &table;
	JobRecord record;
	JobFiles files;
	/** the parsed webhook body ({} for cron), to render again on approval */
	json::Value payload;
	/** for notifications: the channel and the rendered topic and message */
	EffectiveChannel channel;
	std::string topic, message;

	std::unique_ptr<WorkerProcess> worker;
	uv::Timer deadline_timer, kill_timer, approval_timer;
	StopCause stop = StopCause::None;
	bool holds_slot = false;
	/** from the worker's events */
	std::optional<int> agent_exit;
	std::string failure;

	explicit Job(JobTable &t) noexcept : table(t) {}

	void OnTimer(uv::Timer &timer) noexcept override;
	void OnWorkerEvent(WorkerProcess &, const WorkerEvent &event) noexcept override;
	void OnWorkerExit(WorkerProcess &, std::int64_t exit_status, int term_signal) noexcept override;
	void OnWorkerProtocolError(WorkerProcess &, const std::string &error) noexcept override;
};

} // namespace osprey::daemon
