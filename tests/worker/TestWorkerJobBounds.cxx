// Integration: what one job may leave for others. Nothing it writes survives
// into the git-worktree cache that every later job on the repository uses,
// and what it writes to the host is bounded: the result file and the
// per-job disk budget.
#include "DiskBudget.hxx"
#include "JobFiles.hxx"
#include "WorkerFixture.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <filesystem>
#include <sys/stat.h>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

static const std::vector<Kind> kSucceeded{Kind::Preparing, Kind::Starting, Kind::Running,
					  Kind::Finished};

/* The cached clone's directory (the one entry of the cache but its lock). */
static std::string
CachedClone(const std::string &cache_dir)
{
	for (const auto &e : std::filesystem::directory_iterator(cache_dir))
		if (e.is_directory())
			return e.path();
	return {};
}

static std::vector<std::string>
FilesNamed(const std::string &dir, const std::string &name)
{
	std::vector<std::string> found;
	for (const auto &e : std::filesystem::recursive_directory_iterator(dir))
		if (e.path().filename() == name)
			found.push_back(e.path());
	return found;
}

TEST_CASE("git-worktree: what a job writes through its checkout's .git stays out of the cache")
{
	ScratchDir scratch, cache_home;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);
	const std::string cache_dir = cache_home.Path() + "/cache";

	{
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "SLEEP 5\n");
		job.cache_dir = cache_dir;
		job.workspace = WorkspaceType::GitWorktree;
		job.repo = "file://" + repo;
		WorkerProcess worker(job.job_dir);
		worker.Send(job);
		REQUIRE(worker.WaitFor(Kind::Running, std::chrono::seconds(60)));

		/* the agent's move, with what its mounts let it write: the
		   repository its /workspace/.git names */
		const std::string dot_git = job.job_dir + "/workspace/.git";
		struct stat st;
		REQUIRE(::lstat(dot_git.c_str(), &st) == 0);
		std::string gitdir = dot_git;
		if (S_ISREG(st.st_mode)) {
			const std::string text = ReadFile(dot_git);
			gitdir = text.substr(8, text.find('\n') - 8);
			/* keeps "git worktree prune" from removing it */
			WriteFileAtomic(gitdir + "/gitdir", CachedClone(cache_dir) + "/HEAD\n");
		}
		WriteFileAtomic(gitdir + "/poison", "for the next job\n");
		MakeDirectories(gitdir + "/hooks");
		WriteFileAtomic(gitdir + "/hooks/post-checkout", "#!/bin/sh\ntouch " + scratch.Path() +
				"/hook-ran\n", 0755);

		const WorkerRun run = worker.Finish(std::chrono::seconds(60));
		INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
		CHECK(run.Kinds() == kSucceeded);
	}
	CHECK(FilesNamed(cache_dir, "poison").empty());

	ScratchDir job_scratch;
	WorkerJob job = MakeJob(job_scratch.Path(), "the next job\n");
	job.cache_dir = cache_dir;
	job.workspace = WorkspaceType::GitWorktree;
	job.repo = "file://" + repo;
	job.ref = "feature";
	const WorkerRun run = RunWorker(job);
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.Kinds() == kSucceeded);
	CHECK(FilesNamed(cache_dir, "poison").empty());
	CHECK_FALSE(PathExists(scratch.Path() + "/hook-ran"));
}

TEST_CASE("git-worktree: a changed cache is rebuilt, and git in the worker runs no hooks")
{
	ScratchDir scratch, cache_home;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);
	const std::string marker = scratch.Path() + "/hook-ran";

	for (int i = 0; i < 2; ++i) {
		CAPTURE(i);
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "job\n");
		job.cache_dir = cache_home.Path() + "/cache";
		job.workspace = WorkspaceType::GitWorktree;
		job.repo = "file://" + repo;
		const WorkerRun run = RunWorker(job);
		const std::string log = ReadOr(job.job_dir + "/worker.log");
		INFO("worker.log:\n", log);
		CHECK(run.Kinds() == kSucceeded);
		const std::string clone = CachedClone(job.cache_dir);
		REQUIRE_FALSE(clone.empty());
		if (i == 0) {
			/* what an older version's job could leave: settings and hooks */
			const std::string hooks = scratch.Path() + "/hooks";
			MakeDirectories(hooks);
			for (const char *hook : {"post-checkout", "reference-transaction", "pre-auto-gc"})
				WriteFileAtomic(hooks + "/" + hook, "#!/bin/sh\ntouch " + marker + "\n", 0755);
			Run({"git", "config", "--file", clone + "/config", "core.hooksPath", hooks});
			Run({"git", "config", "--file", clone + "/config", "core.fsmonitor", hooks + "/post-checkout"});
		} else {
			CHECK(Contains(log, "was changed (setting core.hookspath); rebuilding it"));
			CHECK_FALSE(Contains(ReadOr(clone + "/config"), "hooksPath"));
			CHECK_FALSE(PathExists(marker));
		}
	}
}

TEST_CASE("The result file has a bound; the finished event says what the job took on disk")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "OUTPUTMIB 17\n");
	const WorkerRun run = RunWorker(job, std::chrono::seconds(120));
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.Kinds() == kSucceeded);
	CHECK(ReadOr(job.job_dir + "/out/result.md").size() == kMaxResultSize);
	CHECK(ReadOr(job.job_dir + "/output.log").size() > (17u << 20));
	const auto *finished = run.Find(Kind::Finished);
	REQUIRE(finished != nullptr);
	CHECK(finished->disk_usage >= kMaxResultSize);
}

TEST_CASE("A job over its disk budget is stopped and fails saying so")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "BIGOUTPUT SLEEP 60\n");
	job.disk_budget = 256 << 10;
	const auto started = std::chrono::steady_clock::now();
	const WorkerRun run = RunWorker(job, std::chrono::seconds(90));
	const auto took = std::chrono::steady_clock::now() - started;
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
	CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Starting, Kind::Running, Kind::Failed});
	CHECK(run.FailedReason() == DiskBudgetReason(256 << 10));
	CHECK(run.FailedReason() == "the job wrote more than 256 KiB to its workspace and output "
				    "directory (container.disk_budget)");
	if (const auto *failed = run.Find(Kind::Failed))
		CHECK(failed->disk_usage > (256u << 10));
	CHECK(took < std::chrono::seconds(30));
	CHECK(ContainersOfJob(job.job_id) == 0);
}
