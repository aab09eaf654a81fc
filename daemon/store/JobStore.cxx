#include "JobStore.hxx"
#include "lib/uv/Work.hxx"
#include "log/Log.hxx"

#include <algorithm>
#include <variant>

namespace osprey::daemon {

struct JobStore::Item {
	struct WriteItem {
		JobWrite write;
		WriteDone done;
		std::error_code error;
	};
	struct TaskItem {
		Task task;
		TaskDone done;
		std::exception_ptr error;
	};
	std::variant<WriteItem, TaskItem> what;
};

struct JobStore::Batch {
	JobJournal &journal;
	std::vector<Item> items;
	/* what went wrong, with paths: logged on the loop's thread */
	std::vector<std::string> problems;
	std::uint64_t commits = 0, committed_writes = 0;

	/* On the pool's thread. Consecutive writes share one journal sync. */
	void Run() noexcept {
		std::vector<Item::WriteItem *> group;
		for (auto &item : items) {
			if (auto *w = std::get_if<Item::WriteItem>(&item.what)) {
				group.push_back(w);
				continue;
			}
			Commit(group);
			auto &t = std::get<Item::TaskItem>(item.what);
			try {
				t.task(journal.JobsDir());
			} catch (...) {
				t.error = std::current_exception();
			}
		}
		Commit(group);
		if (journal.Size() > kCheckpointBytes)
			Checkpoint();
	}

	void Commit(std::vector<Item::WriteItem *> &group) noexcept {
		if (group.empty())
			return;
		std::vector<const JobWrite *> writes;
		for (const auto *w : group)
			writes.push_back(&w->write);
		try {
			journal.Commit(writes);
			++commits;
			committed_writes += writes.size();
		} catch (const std::system_error &e) {
			problems.emplace_back(e.what());
			for (auto *w : group)
				w->error = e.code();
			group.clear();
			return;
		}
		/* durable now; the files themselves follow, unsynced. A failure
		   here loses nothing: the journal has it for the checkpoint */
		for (const auto *w : group) {
			try {
				journal.Apply(w->write);
			} catch (const std::exception &e) {
				problems.emplace_back(e.what());
			}
		}
		group.clear();
	}

	void Checkpoint() noexcept {
		try {
			journal.Checkpoint();
		} catch (const std::exception &e) {
			problems.emplace_back(e.what());
		}
	}
};

JobStore::JobStore(uv::Loop &_loop, std::string jobs_dir)
	: loop(_loop), journal(std::make_unique<JobJournal>(std::move(jobs_dir))),
	  checkpoint_timer(loop, *this)
{
	/* before anything reads a job's files: they may lag behind the
	   journal after a crash. Bounded by kCheckpointBytes; a store that
	   cannot catch up (a full disk) must not start, or the files would
	   show decisions the journal has superseded */
	if (const auto n = journal->Recover(); n > 0)
		LogWarning("job store: wrote journalled changes again after a crash",
			   {{"changes", std::to_string(n)}});
	checkpoint_timer.Start(2000, 2000);
}

JobStore::~JobStore() noexcept = default;

void
JobStore::Write(JobWrite write, WriteDone done)
{
	queue.push_back(Item{Item::WriteItem{std::move(write), std::move(done), {}}});
	StartBatch();
}

void
JobStore::Run(Task task, TaskDone done)
{
	queue.push_back(Item{Item::TaskItem{std::move(task), std::move(done), {}}});
	StartBatch();
}

struct JobStore::Pieces {
	std::size_t count, piece;
	PieceTask task;
	TaskDone done;
};

void
JobStore::RunInPieces(std::size_t count, std::size_t piece, PieceTask task, TaskDone done)
{
	RunPiece(std::make_shared<Pieces>(Pieces{count, std::max<std::size_t>(piece, 1), std::move(task),
						 std::move(done)}), 0);
}

/* The next piece is queued from the last one's callback, behind the writes
   that came meanwhile. */
void
JobStore::RunPiece(std::shared_ptr<Pieces> pieces, std::size_t from)
{
	const auto to = std::min(pieces->count, from + pieces->piece);
	Run([pieces, from, to](const std::string &jobs_dir) { pieces->task(jobs_dir, from, to); },
	    [this, pieces, to](std::exception_ptr error) {
		    if (error || to >= pieces->count)
			    return pieces->done(error);
		    RunPiece(pieces, to);
	    });
}

void
JobStore::StartBatch() noexcept
{
	if (busy || queue.empty())
		return;
	/* a run of writes, or one task: a writer hears back as soon as its
	   run is durable, never after a task queued behind it (a restart's
	   scan, a prune: seconds with 10,000 jobs) */
	auto end = queue.begin();
	if (std::holds_alternative<Item::TaskItem>(end->what))
		++end;
	else
		while (end != queue.end() && std::holds_alternative<Item::WriteItem>(end->what))
			++end;
	auto batch = std::make_shared<Batch>(Batch{*journal, {}, {}, 0, 0});
	batch->items.assign(std::make_move_iterator(queue.begin()), std::make_move_iterator(end));
	queue.erase(queue.begin(), end);
	busy = true;
	try {
		uv::QueueWork(loop, [batch] { batch->Run(); },
			      [this, batch](std::exception_ptr) { OnBatchDone(*batch); });
	} catch (const std::exception &e) {
		/* libuv refused (it does not, short of a bug): fail the batch */
		LogError("job store cannot queue its work", {{"error", e.what()}});
		for (auto &item : batch->items) {
			if (auto *w = std::get_if<Item::WriteItem>(&item.what))
				w->error = std::make_error_code(std::errc::resource_unavailable_try_again);
			else
				std::get<Item::TaskItem>(item.what).error = std::current_exception();
		}
		OnBatchDone(*batch);
	}
}

void
JobStore::OnBatchDone(Batch &batch) noexcept
{
	busy = false;
	commits += batch.commits;
	committed_writes += batch.committed_writes;
	for (const auto &problem : batch.problems)
		LogError("job store", {{"error", problem}});
	for (auto &item : batch.items) {
		if (auto *w = std::get_if<Item::WriteItem>(&item.what))
			w->done(w->error);
		else {
			auto &t = std::get<Item::TaskItem>(item.what);
			t.done(t.error);
		}
	}
	StartBatch();
}

void
JobStore::OnTimer(uv::Timer &) noexcept
{
	if (!Idle() || journal->Size() == 0)
		return;
	Run([this](const std::string &) { journal->Checkpoint(); },
	    [](std::exception_ptr error) {
		    try {
			    if (error)
				    std::rethrow_exception(error);
		    } catch (const std::exception &e) {
			    LogError("job store checkpoint failed; the journal keeps the changes",
				     {{"error", e.what()}});
		    }
	    });
}

void
JobStore::Close() noexcept
{
	checkpoint_timer.Close();
	/* a clean stop leaves the journal empty, so the next start has nothing
	   to write again */
	try {
		Run([this](const std::string &) { journal->Checkpoint(); }, [](std::exception_ptr error) {
			try {
				if (error)
					std::rethrow_exception(error);
			} catch (const std::exception &e) {
				LogError("job store: the last checkpoint failed; the next start writes the journal again",
					 {{"error", e.what()}});
			}
		});
	} catch (const std::exception &) {
		/* no memory for the task: the next start recovers the journal */
	}
}

} // namespace osprey::daemon
