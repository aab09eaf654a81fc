// The per-job disk budget (container.disk_budget): while the agent runs, a
// thread measures the job's workspace and out/ every second (less often when
// a walk takes long: at most a tenth of the time) and, once they
// hold more than the budget, fails the job through StopSwitch (the container
// is stopped; the job fails with the reason, WorkerExit::Workspace).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

namespace osprey {

class StopSwitch;

/// The failure reason for a job over @p budget bytes.
std::string DiskBudgetReason(std::uint64_t budget);

class DiskBudget {
	std::jthread thread;

public:
	/// Watches @p paths until destroyed; a @p budget of 0 watches nothing.
	DiskBudget(StopSwitch &control, std::vector<std::string> paths, std::uint64_t budget,
		   std::chrono::milliseconds interval = std::chrono::seconds(1));

	/// Stops and joins the thread.
	~DiskBudget() noexcept = default;

	DiskBudget(const DiskBudget &) = delete;
	DiskBudget &operator=(const DiskBudget &) = delete;
};

} // namespace osprey
