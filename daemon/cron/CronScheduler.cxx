#include "CronScheduler.hxx"
#include "PipelineSet.hxx"
#include "cron/CronSchedule.hxx"
#include "jobs/JobTable.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"

#include <algorithm>

namespace osprey::daemon {

using Clock = std::chrono::system_clock;

CronScheduler::CronScheduler(uv::Loop &loop, const PipelineSet &pipelines, JobTable &_jobs)
	: jobs(_jobs), timer(loop, *this)
{
	const auto now = Clock::now();
	for (const auto *p : pipelines.All()) {
		if (p->trigger.type != TriggerType::Cron || !p->trigger.schedule)
			continue;
		entries.push_back({p->name, p->trigger.schedule, p->trigger.schedule->Next(now)});
		LogInfo("cron pipeline scheduled", {{"pipeline", p->name}, {"cron", p->trigger.cron},
			{"next", FormatIso8601(entries.back().next, p->trigger.schedule->Zone())}});
	}
	Arm();
}

void
CronScheduler::Arm() noexcept
{
	if (entries.empty())
		return;
	const auto now = Clock::now();
	auto next = std::min_element(entries.begin(), entries.end(),
				     [](const Entry &a, const Entry &b) { return a.next < b.next; })->next;
	auto delay = std::chrono::duration_cast<std::chrono::milliseconds>(next - now);
	/* the loop's timers run on the monotonic clock: look again soon, so a
	   wall-clock change (NTP step, DST is not one) shows up within 30 s */
	delay = std::clamp(delay + std::chrono::milliseconds(5), std::chrono::milliseconds(0),
			   std::chrono::milliseconds(30000));
	timer.Start(static_cast<std::uint64_t>(delay.count()));
}

void
CronScheduler::OnTimer(uv::Timer &) noexcept
{
	const auto now = Clock::now();
	for (auto &e : entries) {
		if (e.next > now)
			continue;
		/* cron jobs see an empty body and never wait for approval */
		jobs.Submit({e.pipeline, "cron", {}, {}, {}}, [pipeline = e.pipeline](JobTable::Submitted s) {
			if (s.outcome == JobTable::Submitted::Outcome::Unavailable)
				LogError("cannot record a cron job", {{"pipeline", pipeline}, {"error", s.reason}});
		});
		e.next = e.schedule->Next(now);
	}
	Arm();
}

} // namespace osprey::daemon
