// Fires cron pipelines: each at the next minute its schedule matches. Wall
// clock based (schedules are wall-clock times), re-checked at least every
// 30 s so clock jumps are noticed; a jump forward fires a missed tick once,
// never replays a series (decisions.md: missed ticks are not replayed).
#pragma once

#include "lib/uv/Timer.hxx"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace osprey {
class CronSchedule;
namespace uv { class Loop; }
}

namespace osprey::daemon {

class JobTable;
class PipelineSet;

class CronScheduler final : uv::Timer::Listener {
	struct Entry {
		std::string pipeline;
		std::shared_ptr<const CronSchedule> schedule;
		std::chrono::system_clock::time_point next;
	};

	JobTable &jobs;
	std::vector<Entry> entries;
	uv::Timer timer;

public:
	CronScheduler(uv::Loop &loop, const PipelineSet &pipelines, JobTable &jobs);

	std::size_t Size() const noexcept { return entries.size(); }
	void Stop() noexcept { timer.Close(); }

private:
	void Arm() noexcept;
	void OnTimer(uv::Timer &) noexcept override;
};

} // namespace osprey::daemon
