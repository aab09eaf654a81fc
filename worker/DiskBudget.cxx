#include "DiskBudget.hxx"
#include "DiskUsage.hxx"
#include "StopSwitch.hxx"

#include <algorithm>
#include <condition_variable>
#include <mutex>

namespace osprey {

std::string
DiskBudgetReason(std::uint64_t budget)
{
	return "the job wrote more than " + FormatBytes(budget) +
		" to its workspace and output directory (container.disk_budget)";
}

DiskBudget::DiskBudget(StopSwitch &control, std::vector<std::string> paths, std::uint64_t budget,
		       std::chrono::milliseconds interval)
{
	if (budget == 0)
		return;
	thread = std::jthread([&control, paths = std::move(paths), budget,
			       interval](std::stop_token stop) {
		std::mutex mutex;
		std::condition_variable_any wake;
		std::unique_lock lock(mutex);
		while (!stop.stop_requested() && !control.IsStopping()) {
			const auto started = std::chrono::steady_clock::now();
			try {
				if (MeasureDiskUsage(paths, budget).bytes > budget) {
					control.RequestFailure(DiskBudgetReason(budget));
					return;
				}
			} catch (...) {
				/* out of memory: try again later */
			}
			/* a tree of many files takes a while to walk: spend at most
			   a tenth of the time walking */
			const auto took = std::chrono::steady_clock::now() - started;
			wake.wait_for(lock, stop,
				      std::max<std::chrono::steady_clock::duration>(interval, 10 * took),
				      [] { return false; });
		}
	});
}

} // namespace osprey
