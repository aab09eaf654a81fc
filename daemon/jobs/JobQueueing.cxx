// Jobs queued for a slot (container.queue): they start in order as slots
// free up, or end cancelled. Like every change, a start takes effect once
// it is recorded; meanwhile the job holds its slot and keeps its place,
// marked, so that nothing else decides on it. Its timeout counts from its
// start (StartJob), not from when it was queued.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"

namespace osprey::daemon {

using Change = JobQueue::Entry::Change;

static std::string
Now()
{
	return FormatIso8601Utc(std::chrono::system_clock::now());
}

void
JobTable::StartQueued() noexcept
{
	/* queued jobs stay queued on disk and start after the restart */
	if (shutting_down)
		return;
	while (auto *entry = queue.Next()) {
		if (!TakeSlot())
			return;
		RecordQueuedStart(*entry);
	}
}

void
JobTable::RecordQueuedStart(JobQueue::Entry &entry) noexcept
{
	entry.change = Change::Starting;
	JobRecord next = entry.record;
	next.updated = Now();
	/* it runs with its pipeline as it is now (its agent, workspace and
	   .env); one removed, disabled or broken by a reload while the job
	   waited leaves it nothing to run with */
	try {
		pipelines.Current(next.pipeline);
		next.state = JobState::Starting;
		next.started = next.updated;
	} catch (const std::exception &e) {
		next.state = JobState::Failed;
		next.reason = "its pipeline " + next.pipeline +
			" was removed, disabled or broken while the job was queued (" + e.what() + ")";
		next.finished = next.updated;
	}

	/* what it rendered when it was triggered */
	RenderedRead read;
	if (next.state == JobState::Starting)
		read = ReadRendered(next.id);
	store.Write(RecordWrite(next), [this, next, rendered = read.fields,
					load_error = read.error](std::error_code error) mutable {
		if (error) {
			/* still queued, in memory as on disk: its turn comes again */
			if (auto *e = queue.Find(next.id))
				e->change = Change::None;
			if (used_slots > 0)
				--used_slots; // not GiveSlot(): that would try again at once
			LogError("cannot record the start of a queued job; trying again in 10 s",
				 {{"pipeline", next.pipeline}, {"job", next.id}, {"error", error.message()}});
			queue_timer.Start(10000);
			return;
		}
		queue.Remove(next.id);
		if (next.state == JobState::Failed) {
			LogWarning("queued job failed", {{"pipeline", next.pipeline}, {"job", next.id},
				   {"reason", next.reason}});
			GiveSlot();
			CountEnded(next.state);
			Announce(next);
			return;
		}
		LogInfo("queued job leaves the queue", {{"pipeline", next.pipeline}, {"job", next.id}});
		Announce(next);
		if (!load_error->empty())
			LogError("cannot read what the job rendered", {{"job", next.id},
				 {"error", *load_error}});
		StartJob(std::move(next), std::move(*rendered));
	});
}

void
JobTable::CancelQueued(JobQueue::Entry &entry, std::string by, DecisionDone done)
{
	entry.change = Change::Cancelling;
	JobRecord next = entry.record;
	next.state = JobState::Cancelled;
	next.decided_by = by;
	next.reason = "cancelled by " + by + " while queued";
	next.updated = next.finished = Now();
	store.Write(RecordWrite(next), [this, next, done = std::move(done)](std::error_code error) {
		if (error) {
			if (auto *e = queue.Find(next.id))
				e->change = Change::None;
			StartQueued();
			LogError("cancellation not recorded; the job is still queued",
				 {{"pipeline", next.pipeline}, {"job", next.id}, {"error", error.message()}});
			return done({false, {}, "could not record the cancellation (" + error.message() +
				     "); job " + next.id + " is still queued"});
		}
		queue.Remove(next.id);
		LogInfo("job cancelled", {{"pipeline", next.pipeline}, {"job", next.id},
			{"by", next.decided_by}, {"reason", next.reason}});
		CountEnded(next.state);
		Announce(next);
		done({true, std::string(Name(next.state)), {}});
	});
}

} // namespace osprey::daemon
