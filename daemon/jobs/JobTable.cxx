#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "lib/uv/Loop.hxx"
#include "log/Log.hxx"
#include "channel/Channels.hxx"

#include <cstdio>
#include <random>

namespace osprey::daemon {

static std::string
NewDaemonId()
{
	std::random_device random;
	char id[17];
	std::snprintf(id, sizeof(id), "%08x%08x", random(), random());
	return id;
}

JobTable::JobTable(uv::Loop &_loop, const Home &_home, PipelineSet &_pipelines,
		   std::string _worker_path)
	: loop(_loop), home(_home), pipelines(_pipelines),
	  worker_path(std::move(_worker_path)), daemon_id(NewDaemonId()),
	  store(loop, home.JobsDir()), sweeps(loop, worker_path),
	  reaper(loop, *this), retention_timer(loop, *this), approval_timer(loop, *this),
	  queue_timer(loop, *this)
{
	/* retention also runs as jobs end (see CountEnded); this catches age */
	retention_timer.Start(10 * 60 * 1000, 10 * 60 * 1000);
}

JobTable::~JobTable() noexcept = default;

unsigned
JobTable::MaxSlots() const noexcept
{
	return pipelines.Global().container.max_concurrent;
}

unsigned
JobTable::QueueCapacity() const noexcept
{
	return pipelines.Global().container.queue;
}

bool
JobTable::SlotForNewJob() const noexcept
{
	return used_slots < MaxSlots() && queue.Waiting() == 0;
}

bool
JobTable::TakeSlot() noexcept
{
	if (used_slots >= MaxSlots())
		return false;
	++used_slots;
	return true;
}

void
JobTable::GiveSlot() noexcept
{
	if (used_slots > 0)
		--used_slots;
	/* the oldest queued job takes it, on the next turn of the loop: after
	   whatever freed it has recorded its own change */
	if (!queue.Entries().empty())
		queue_timer.Start(0);
}

/* Notifications go to the pipeline's channel as it is now: a reload may
   have changed it, and a job keeps no copy of it (nor of its tokens). */
void
JobTable::Changed(const JobRecord &record) noexcept
{
	if (on_change)
		on_change(record);
}

/* Every durable change of a record passes here (or through Changed() where
   the channel is not told): the one place watchers hear about jobs. */
void
JobTable::Announce(const JobRecord &record, const JobNotices &notices,
		   const RenderedFields *rendered) noexcept
{
	Changed(record);
	if (channels == nullptr)
		return;
	try {
		if (rendered != nullptr) {
			const NoticeText text{rendered->topic, rendered->message, {}, {}};
			channels->JobChanged(record, notices, &text);
		} else {
			channels->JobChanged(record, notices);
		}
	} catch (const std::exception &e) {
		LogWarning("notification not sent", {{"pipeline", record.pipeline},
			   {"job", record.id}, {"error", e.what()}});
	}
}

void
JobTable::KeepNotices(JobWrite &write, const JobRecord &record)
{
	bool keeps = false;
	try {
		keeps = KeepsNotices(pipelines.Current(record.pipeline).channel.type);
	} catch (const std::exception &) {
	}
	if (keeps)
		write.files.push_back({"notices.json", ToJson(JobNotices{}, record) + "\n", 0600});
}

void
JobTable::CountEnded(JobState state) noexcept
{
	++ended[state];
	/* keep jobs.keep finished jobs as they end, not only every ten
	   minutes: a flood of rejected webhooks must not fill the disk */
	if (++ended_since_prune >= 100)
		Prune();
}

void
JobTable::OnTimer(uv::Timer &timer) noexcept
{
	if (&timer == &reaper)
		graveyard.clear();
	else if (&timer == &retention_timer)
		Prune();
	else if (&timer == &approval_timer)
		ExpireApprovals();
	else if (&timer == &queue_timer)
		StartQueued();
}

void
JobTable::Close() noexcept
{
	for (auto &[id, job] : live) {
		job->deadline_timer.Close();
		job->kill_timer.Close();
	}
	retention_timer.Close();
	approval_timer.Close();
	queue_timer.Close();
	reaper.Close();
	graveyard.clear();
	sweeps.Close();
	store.Close();
}

} // namespace osprey::daemon
