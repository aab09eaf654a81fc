// After a restart: what the previous daemon left behind, read on the thread
// pool while webhooks are served; and retention, also on the pool.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

#include <set>
#include <sys/stat.h>

namespace osprey::daemon {

namespace {

struct Found {
	struct Entry {
		JobRecord record;
		std::uint64_t payload_bytes = 0;
		/* for the channel, when a live job ends interrupted */
		RenderedFields rendered;
	};
	std::vector<Entry> unfinished;
	std::vector<std::string> problems;
	std::size_t removed = 0;
};

/* A directory without a job.json is what a crash left before the store
   had a journal, or a job whose creation failed. Past an hour nothing can
   still be writing it. */
bool
RemoveIfAbandoned(const JobFiles &files)
{
	struct stat st;
	if (::stat(files.Record().c_str(), &st) == 0 || errno != ENOENT)
		return false;
	if (::stat(files.dir.c_str(), &st) < 0 ||
	    std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(st.st_mtime) <
	    std::chrono::hours(1))
		return false;
	RemoveTree(files.dir);
	return true;
}

void
Scan(const std::string &jobs_dir, Found &found)
{
	for (const auto &id : ListJobIds(jobs_dir)) {
		const JobFiles files{jobs_dir + "/" + id};
		try {
			auto record = LoadJobRecord(files);
			if (IsTerminal(record.state))
				continue;
			struct stat st;
			const auto bytes = ::stat(files.Payload().c_str(), &st) == 0
				? static_cast<std::uint64_t>(st.st_size) : 0;
			RenderedFields rendered;
			if (IsLive(record.state)) {
				try {
					rendered = LoadRenderedFields(files);
				} catch (const std::exception &) {
					/* a job from before rendered.json: no text to show */
				}
			}
			found.unfinished.push_back({std::move(record), bytes, std::move(rendered)});
		} catch (const std::exception &e) {
			try {
				if (RemoveIfAbandoned(files)) {
					++found.removed;
					continue;
				}
			} catch (const std::exception &) {
			}
			found.problems.push_back(id + ": " + e.what());
		}
	}
}

} // namespace

void
JobTable::Restore()
{
	auto found = std::make_shared<Found>();
	store.Run([found](const std::string &dir) { Scan(dir, *found); },
		  [this, found](std::exception_ptr error) {
		try {
			if (error)
				std::rethrow_exception(error);
		} catch (const std::exception &e) {
			LogError("cannot read the job records", {{"error", e.what()}});
		}
		for (const auto &problem : found->problems)
			LogWarning("unreadable job record", {{"error", problem}});
		if (found->removed > 0)
			LogInfo("removed job directories without a record",
				{{"count", std::to_string(found->removed)}});

		const auto now = std::chrono::system_clock::now();
		std::size_t restored = 0;
		for (auto &[r, payload_bytes, rendered] : found->unfinished) {
			auto timeout = std::chrono::milliseconds(std::chrono::hours(24));
			try {
				timeout = pipelines.Current(r.pipeline).channel.approval_timeout;
			} catch (const std::exception &) {
			}
			JobRecord next = r;
			switch (Revive(r, now, timeout)) {
			case Revival::Leave:
				continue;
			case Revival::Restore:
				pending_bytes += payload_bytes;
				pending.emplace(r.id, PendingJob{r, ParseIso8601(r.created) + timeout,
								 payload_bytes, false});
				++restored;
				continue;
			case Revival::Interrupt:
				LogWarning("job was live when the daemon stopped",
					   {{"pipeline", r.pipeline}, {"job", r.id}});
				next.state = JobState::Interrupted;
				next.reason = "the daemon stopped while the job was " +
					std::string(Name(r.state));
				/* it ended when the daemon did, as far as anyone knows */
				next.finished = r.updated.empty() ? r.created : r.updated;
				break;
			case Revival::Expire: {
				next.state = JobState::Expired;
				next.reason = "no one approved or ignored it in time";
				next.finished = FormatIso8601Utc(now);
				/* its text, for the channel: read on the pool, before the write */
				const JobFiles files{home.JobsDir() + "/" + r.id};
				auto text = std::make_shared<RenderedFields>();
				store.Run([text, files](const std::string &) { *text = LoadRenderedFields(files); },
					  [](std::exception_ptr) {});
				next.updated = FormatIso8601Utc(now);
				store.Write(RecordWrite(next), [this, next, text](std::error_code e) {
					if (e)
						return;
					CountEnded(next.state);
					Notify(next, *text, false);
				});
				continue;
			}
			}
			next.updated = FormatIso8601Utc(now);
			store.Write(RecordWrite(next), [this, next, rendered](std::error_code e) {
				if (e)
					return; // the store logged it; the next start tries again
				CountEnded(next.state);
				Notify(next, rendered, false);
			});
		}
		if (restored > 0)
			LogInfo("restored jobs awaiting approval", {{"count", std::to_string(restored)}});
		restored_jobs = true;
		ArmApprovalTimer();
		/* every container of ours is a leftover but those of the jobs
		   this daemon starts meanwhile */
		sweeps.RemoveAllBut(pipelines.Global().container.socket, home.Root(), daemon_id);
		Prune();
	});
}

/* jobs.keep and jobs.max_age, on the pool. Ages come from the ids (they
   begin with the creation time), so no record is read; the jobs this
   daemon holds are never touched. */
void
JobTable::Prune() noexcept
{
	if (pruning || !restored_jobs)
		return;
	pruning = true;
	ended_since_prune = 0;
	auto held = std::make_shared<std::set<std::string, std::less<>>>();
	for (const auto &[id, job] : pending)
		held->insert(id);
	for (const auto &[id, job] : live)
		held->insert(id);
	held->insert(admitting.begin(), admitting.end());
	const auto keep = pipelines.Global().jobs.keep;
	const auto oldest = NewJobIdAt(std::chrono::system_clock::now() -
				       pipelines.Global().jobs.max_age);
	auto removed = std::make_shared<std::size_t>(0);
	store.Run([held, keep, oldest, removed](const std::string &dir) {
		auto ids = ListJobIds(dir);
		std::size_t kept = 0;
		for (auto i = ids.rbegin(); i != ids.rend(); ++i) {
			if (held->contains(*i))
				continue;
			if (++kept <= keep && *i >= oldest)
				continue;
			RemoveTree(dir + "/" + *i);
			++*removed;
		}
	}, [this, removed](std::exception_ptr error) {
		pruning = false;
		try {
			if (error)
				std::rethrow_exception(error);
		} catch (const std::exception &e) {
			LogWarning("cannot prune old jobs", {{"error", e.what()}});
		}
		if (*removed > 0)
			LogInfo("pruned old jobs", {{"count", std::to_string(*removed)}});
	});
}

} // namespace osprey::daemon
