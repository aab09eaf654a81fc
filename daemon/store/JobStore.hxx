// The job store: the job directories under ~/.osprey/jobs/, written on
// libuv's thread pool so the loop never waits on the disk. Writes gather in
// a queue while the previous batch is on the disk, then go down together:
// one journal sync for the whole run of writes (group commit, see
// JobJournal), and each writer hears back once its change is durable, or
// why it is not. Tasks (a restart's scan, pruning, reading a log's tail) run
// one at a time in order with the writes; a write never waits for a task
// queued after it, so a long task comes in pieces (RunInPieces()).
//
// Loop thread only. Callbacks run on the loop's thread, in the order of the
// calls, never from inside Write() or Run(); they must not throw.
#pragma once

#include "JobJournal.hxx"
#include "lib/uv/Timer.hxx"

#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class JobStore final : uv::Timer::Listener {
public:
	/// Empty @p error: durable. Otherwise the change is not recorded (and
	/// the reason, with the paths, is in the log).
	using WriteDone = std::function<void(std::error_code error)>;
	/// Runs on the pool's thread with the jobs directory.
	using Task = std::function<void(const std::string &jobs_dir)>;
	using TaskDone = std::function<void(std::exception_ptr error)>;
	/// A task over the items [@p from, @p to) of a list.
	using PieceTask = std::function<void(const std::string &jobs_dir, std::size_t from, std::size_t to)>;

	/// A journal bigger than this is checkpointed after its batch.
	static constexpr std::uint64_t kCheckpointBytes = 8u << 20;

private:
	struct Item;
	struct Batch;

	uv::Loop &loop;
	std::unique_ptr<JobJournal> journal;
	std::vector<Item> queue;
	bool busy = false;
	/* journal syncs so far: how well group commit batches (for /metrics) */
	std::uint64_t commits = 0, committed_writes = 0;
	/* checkpoints a journal that stopped growing */
	uv::Timer checkpoint_timer;

public:
	/// Opens the journal in @p jobs_dir (created 0700) and writes again
	/// what a crash left in it, before returning (at most kCheckpointBytes).
	/// Throws std::system_error, also when that cannot be written.
	JobStore(uv::Loop &loop, std::string jobs_dir);
	~JobStore() noexcept;

	JobStore(const JobStore &) = delete;
	JobStore &operator=(const JobStore &) = delete;

	const std::string &JobsDir() const noexcept { return journal->JobsDir(); }

	void Write(JobWrite write, WriteDone done);
	void Run(Task task, TaskDone done);
	/// Runs @p task over [0, @p count) in pieces of @p piece items, each a
	/// task queued once the one before is done: a write queued meanwhile
	/// waits for one piece at most, not for the whole run. @p done hears the
	/// first error (no piece runs after it), or success after the last.
	void RunInPieces(std::size_t count, std::size_t piece, PieceTask task, TaskDone done);

	/// Nothing queued or on the disk.
	bool Idle() const noexcept { return !busy && queue.empty(); }

	/// Journal syncs, and the writes they made durable, since start.
	std::uint64_t Commits() const noexcept { return commits; }
	std::uint64_t CommittedWrites() const noexcept { return committed_writes; }

	/// Stops the checkpoint timer so the loop can end, and queues a last
	/// checkpoint; queued work still runs while the loop does.
	void Close() noexcept;

private:
	struct Pieces;
	void RunPiece(std::shared_ptr<Pieces> pieces, std::size_t from);
	void StartBatch() noexcept;
	void OnBatchDone(Batch &batch) noexcept;
	void OnTimer(uv::Timer &) noexcept override;
};

} // namespace osprey::daemon
