// The job store's write-ahead journal, ~/.osprey/jobs/.journal. Every change
// to a job's files is appended here and synced before anyone hears that it
// happened: one fdatasync for a whole batch of changes (group commit). The
// job's own files are then written without syncing. A checkpoint syncs the
// file system and empties the journal; after a crash, Recover() writes again
// whatever the journal holds, so a synced change is never lost.
//
// Used by one thread at a time (JobStore runs it on the thread pool, one
// batch after the other).
#pragma once

#include "lib/posix/UniqueFd.hxx"

#include <cstdint>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace osprey::daemon {

struct JobFile {
	/** a plain name in the job's directory: "job.json" */
	std::string name;
	std::string data;
	mode_t mode = 0600;
};

/// Files of one job, written together, in order. Each replaces its file
/// atomically, but for a new job's: there every file but the last, which
/// readers wait for, is written in place.
struct JobWrite {
	std::string id;
	/** a new job: make its directory (0700) first */
	bool create = false;
	std::vector<JobFile> files;
};

/// One journal entry: a magic, the body's length and CRC-32C, the body.
std::string EncodeJournalEntry(const JobWrite &write);

/// The entries at the start of @p data, up to the first torn or corrupt
/// one (a crash in the middle of an append); @p valid_bytes gets the length
/// they span. Never throws on bad input: it just stops there.
std::vector<JobWrite> DecodeJournal(std::string_view data, std::size_t &valid_bytes);

class JobJournal {
	std::string jobs_dir, path;
	UniqueFd fd, dir_fd;
	std::uint64_t size = 0;
	/* an Apply() failed (disk full): the next checkpoint writes the whole
	   journal again before it may empty it */
	bool stale = false;

public:
	/// Opens (or creates) the journal in @p jobs_dir. Throws std::system_error.
	explicit JobJournal(std::string jobs_dir);

	/// After a crash: writes what the journal holds, not synced (the
	/// journal keeps it until the next Checkpoint()). Returns how many
	/// entries it wrote again. Throws if they cannot be written.
	std::size_t Recover();

	/// Appends @p writes and syncs. Throws std::system_error; the journal
	/// is then as it was before.
	void Commit(const std::vector<const JobWrite *> &writes);

	/// Writes the files of @p write, after Commit(), not synced. Throws
	/// std::system_error; the journal keeps the change for a later try.
	void Apply(const JobWrite &write);

	/// Syncs the file system holding the jobs, then empties the journal.
	/// Throws std::system_error (the journal is kept).
	void Checkpoint();

	std::uint64_t Size() const noexcept { return size; }
	const std::string &JobsDir() const noexcept { return jobs_dir; }
};

} // namespace osprey::daemon
