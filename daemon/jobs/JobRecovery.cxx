// After a restart: what the previous daemon left behind, read on the thread
// pool while webhooks are served; and retention, also on the pool.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

#include <ftw.h>
#include <set>
#include <sys/stat.h>

namespace osprey::daemon {

/* What a restart's scan found, piece by piece, on the store's thread. */
struct RecoveredJobs {
	struct Entry {
		JobRecord record;
		std::uint64_t payload_bytes = 0;
		/* what its channel has had, when it keeps track */
		std::optional<JobNotices> notices;
	};
	std::vector<Entry> unfinished;
	/* ended jobs that still owe their channel something */
	std::vector<std::pair<JobRecord, JobNotices>> owed;
	std::vector<std::string> problems;
	std::size_t removed = 0;
};

namespace {

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

} // namespace

std::optional<JobNotices>
LoadJobNotices(const JobFiles &files)
{
	std::string text;
	try {
		text = ReadFile(files.Notices());
	} catch (const std::system_error &e) {
		if (e.code() == std::errc::no_such_file_or_directory)
			return std::nullopt; // a stdout channel's, or a job from before notices
		throw;
	}
	return ParseJobNotices(text);
}

namespace {

/* Job records read or directories measured per store task: a webhook's
   write waits for at most one piece of a restart's scan or of a prune, not
   for all 10,000 records */
constexpr std::size_t kStorePiece = 256;

/* The records of ids[from, to). */
void
Scan(const std::string &jobs_dir, const std::vector<std::string> &ids, std::size_t from,
     std::size_t to, RecoveredJobs &found)
{
	for (std::size_t i = from; i < to; ++i) {
		const auto &id = ids[i];
		const JobFiles files{jobs_dir + "/" + id};
		try {
			auto record = LoadJobRecord(files);
			std::optional<JobNotices> notices;
			try {
				notices = LoadJobNotices(files);
			} catch (const std::exception &e) {
				found.problems.push_back(id + ": " + e.what());
			}
			if (IsTerminal(record.state)) {
				if (notices && NextOwed(record, *notices))
					found.owed.emplace_back(std::move(record), std::move(*notices));
				continue;
			}
			struct stat st;
			const auto bytes = ::stat(files.Payload().c_str(), &st) == 0
				? static_cast<std::uint64_t>(st.st_size) : 0;
			found.unfinished.push_back({std::move(record), bytes, std::move(notices)});
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

/* The ids are listed first, then read in pieces, each a store task of its
   own: new jobs' writes go down between them (their ids are not in the
   list), and nothing can decide on a listed job before Restored(). */
void
JobTable::Restore()
{
	auto found = std::make_shared<RecoveredJobs>();
	auto ids = std::make_shared<std::vector<std::string>>();
	store.Run([ids](const std::string &dir) { *ids = ListJobIds(dir); },
		  [this, found, ids](std::exception_ptr error) {
		try {
			if (error)
				std::rethrow_exception(error);
		} catch (const std::exception &e) {
			LogError("cannot read the job records", {{"error", e.what()}});
		}
		store.RunInPieces(ids->size(), kStorePiece,
				  [ids, found](const std::string &dir, std::size_t from, std::size_t to) {
			Scan(dir, *ids, from, to, *found);
		}, [this, found](std::exception_ptr piece_error) {
			try {
				if (piece_error)
					std::rethrow_exception(piece_error);
			} catch (const std::exception &e) {
				found->problems.push_back(e.what());
			}
			Restored(*found);
		});
	});
}

void
JobTable::Restored(RecoveredJobs &found)
{
	for (const auto &problem : found.problems)
		LogWarning("unreadable job record", {{"error", problem}});
	if (found.removed > 0)
		LogInfo("removed job directories without a record",
			{{"count", std::to_string(found.removed)}});

	const auto now = std::chrono::system_clock::now();
	std::size_t restored = 0;
	std::vector<JobRecord> queued;
	for (auto &[r, payload_bytes, notices] : found.unfinished) {
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
			/* its announcement may still be owed */
			if (notices)
				Announce(r, *notices);
			continue;
		case Revival::Requeue:
			/* not interrupted: it never ran; it waits again */
			if (notices)
				Announce(r, *notices);
			queued.push_back(r);
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
			break;
		}
		}
		next.updated = FormatIso8601Utc(now);
		store.Write(RecordWrite(next), [this, next, notices = notices](std::error_code e) {
			if (e)
				return; // the store logged it; the next start tries again
			CountEnded(next.state);
			/* without notices.json (stdout, or a job from before
			   them) the end is all there is to say */
			Announce(next, notices ? *notices : JobNotices{});
		});
	}
	/* what ended jobs still owe their channels, oldest first */
	for (auto &[record, notices] : found.owed)
		Announce(record, notices);
	if (restored > 0)
		LogInfo("restored jobs awaiting approval", {{"count", std::to_string(restored)}});
	if (!queued.empty()) {
		LogInfo("restored queued jobs", {{"count", std::to_string(queued.size())}});
		queue.Restore(std::move(queued));
		StartQueued();
	}
	restored_jobs = true;
	ArmApprovalTimer();
	/* every container of ours is a leftover but those of the jobs
	   this daemon starts meanwhile */
	sweeps.RemoveAllBut(pipelines.Global().container.socket, home.Root(), daemon_id);
	Prune();
}

/* Bytes below @p path, not following symlinks. */
static std::uint64_t
TreeBytes(const std::string &path)
{
	static thread_local std::uint64_t total;
	total = 0;
	::nftw(path.c_str(), [](const char *, const struct stat *st, int type, FTW *) {
		if (type == FTW_F)
			total += static_cast<std::uint64_t>(st->st_size);
		return 0;
	}, 16, FTW_PHYS);
	return total;
}

namespace {

struct Retention {
	std::set<std::string, std::less<>> held;
	unsigned keep;
	std::string oldest; // ids below it are past jobs.max_age
	std::uint64_t target_bytes;
	/* what the disk holds, and the ids to remove */
	std::vector<std::string> ids;
	std::vector<std::uint64_t> sizes;
	std::vector<std::string> doomed;
	/* results */
	std::size_t removed = 0;
	std::uint64_t total_bytes = 0;

	/* on the store's thread */
	void List(const std::string &dir) {
		ids = ListJobIds(dir);
		sizes.assign(ids.size(), 0);
	}
	void Measure(const std::string &dir, std::size_t from, std::size_t to) {
		for (std::size_t i = from; i < to; ++i)
			sizes[i] = TreeBytes(dir + "/" + ids[i]);
	}
	void Remove(const std::string &dir, std::size_t from, std::size_t to) {
		for (std::size_t i = from; i < to; ++i) {
			RemoveTree(dir + "/" + doomed[i]);
			++removed;
		}
	}

	/* Newest first: keep the jobs this daemon holds, and the newest
	   finished ones within jobs.keep, jobs.max_age and the bytes left. */
	void Choose() {
		std::uint64_t held_bytes = 0;
		for (std::size_t i = 0; i < ids.size(); ++i)
			if (held.contains(ids[i]))
				held_bytes += sizes[i];
		total_bytes = held_bytes;
		std::size_t kept = 0;
		for (std::size_t n = ids.size(); n-- > 0;) {
			const auto &id = ids[n];
			if (held.contains(id))
				continue;
			if (++kept <= keep && id >= oldest && total_bytes + sizes[n] <= target_bytes) {
				total_bytes += sizes[n];
				continue;
			}
			doomed.push_back(id);
		}
	}
};

} // namespace

/* jobs.keep, jobs.max_age and jobs.max_store_bytes, on the pool: the ids
   listed, their sizes measured in pieces, the choice made here, the removals
   in pieces. Ages come from the ids (they begin with the creation time), so
   no record is read; the jobs this daemon holds are never touched, and their
   bytes count. */
void
JobTable::Prune() noexcept
{
	if (pruning || !restored_jobs)
		return;
	pruning = true;
	ended_since_prune = 0;
	const auto &settings = pipelines.Global().jobs;
	auto r = std::make_shared<Retention>();
	for (const auto &[id, job] : pending)
		r->held.insert(id);
	for (const auto &[id, job] : live)
		r->held.insert(id);
	for (const auto &entry : queue.Entries())
		r->held.insert(entry.record.id);
	r->held.insert(admitting.begin(), admitting.end());
	r->keep = settings.keep;
	r->oldest = NewJobIdAt(std::chrono::system_clock::now() - settings.max_age);
	/* room for what arrives until the next pass */
	r->target_bytes = settings.max_store_bytes / 10 * 9;

	auto pruned = [this, r](std::exception_ptr error) {
		pruning = false;
		try {
			if (error)
				std::rethrow_exception(error);
		} catch (const std::exception &e) {
			LogWarning("cannot prune old jobs", {{"error", e.what()}});
			return;
		}
		store_bytes = r->total_bytes;
		if (r->removed > 0)
			LogInfo("pruned old jobs", {{"count", std::to_string(r->removed)},
				{"bytes_kept", std::to_string(r->total_bytes)}});
	};
	auto remove = [this, r, pruned](std::exception_ptr error) {
		if (error)
			return pruned(error);
		r->Choose();
		store.RunInPieces(r->doomed.size(), kStorePiece,
				  [r](const std::string &dir, std::size_t from, std::size_t to) {
			r->Remove(dir, from, to);
		}, pruned);
	};
	store.Run([r](const std::string &dir) { r->List(dir); },
		  [this, r, pruned, remove](std::exception_ptr error) {
		if (error)
			return pruned(error);
		store.RunInPieces(r->ids.size(), kStorePiece,
				  [r](const std::string &dir, std::size_t from, std::size_t to) {
			r->Measure(dir, from, to);
		}, remove);
	});
}

} // namespace osprey::daemon
