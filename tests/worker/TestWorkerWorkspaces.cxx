// Integration: osprey-worker runs a job end to end for each workspace type,
// against real git repositories, the private engine, the test image with the
// real entry script and the stand-in CLIs.
#include "WorkerFixture.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sys/stat.h>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

static const std::vector<Kind> kSucceeded{Kind::Preparing, Kind::Starting, Kind::Running,
					  Kind::Finished};

static std::vector<long long> running_times;

/* @p line as a whole line of @p text */
static bool
HasLine(const std::string &text, const std::string &line)
{
	return text.starts_with(line + "\n") || Contains(text, "\n" + line + "\n");
}

/* What every successful run leaves: events, output, result, no container. */
static std::string
CheckSucceeded(const WorkerJob &job, const WorkerRun &run)
{
	const std::string output = ReadOr(job.job_dir + "/output.log");
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	INFO("output.log:\n", output.substr(0, 4000));
	CHECK(run.exit_status == 0);
	CHECK(run.Kinds() == kSucceeded);
	if (const auto *finished = run.Find(Kind::Finished))
		CHECK(finished->exit_code == 0);
	if (const auto *running = run.Find(Kind::Running))
		CHECK(running->container.size() == 64);
	if (run.time_to_running)
		running_times.push_back(run.time_to_running->count());
	CHECK(HasLine(output, "[claude stand-in] uid: 1000"));
	/* stderr, not split into or by stdout lines */
	CHECK(HasLine(output, "[claude stand-in] running as 1000:1000 in /workspace"));
	CHECK(Contains(output, "[claude stand-in] args: <-p> <"));
	CHECK(Contains(output, "<--output-format> <stream-json> <--verbose> <--dangerously-skip-permissions>"));
	CHECK(Contains(ReadOr(job.job_dir + "/result.md"), "claude stand-in done: "));
	CHECK(ContainersOfJob(job.job_id) == 0);
	/* secrets stay in the container's environment */
	CHECK_FALSE(Contains(ReadOr(job.job_dir + "/worker.log"), "sk-test-secret-value"));
	return output;
}

TEST_CASE("git-clone: a branch, a tag, a commit and a plain path")
{
	ScratchDir scratch;
	const std::string repo = scratch.Path() + "/repo";
	const std::string main_commit = MakeRepository(repo);

	struct Case {
		std::string repo, ref, expect_file, absent_file;
	};
	const std::vector<Case> cases{
		{"file://" + repo, "main", "hello.txt", "feature.txt"},
		{"file://" + repo, "feature", "feature.txt", ""},
		{"file://" + repo, "v1", "hello.txt", "feature.txt"},
		{"file://" + repo, main_commit, "hello.txt", "feature.txt"},
		{repo, "feature", "feature.txt", ""},
	};
	for (const auto &c : cases) {
		CAPTURE(c.repo);
		CAPTURE(c.ref);
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "Look at the code\nsecond line\n");
		job.workspace = WorkspaceType::GitClone;
		job.repo = c.repo;
		job.ref = c.ref;

		const WorkerRun run = RunWorker(job);
		const std::string output = CheckSucceeded(job, run);
		CHECK(Contains(output, "[claude stand-in] prompt:\nLook at the code\nsecond line\n"));
		CHECK(Contains(output, "\n" + c.expect_file + "\n"));
		if (!c.absent_file.empty())
			CHECK_FALSE(Contains(output, "\n" + c.absent_file + "\n"));
		CHECK(ReadOr(job.job_dir + "/result.md") == "[claude stand-in] args: <-p> <Look at the code\n"
			"second line> <--output-format> <stream-json> <--verbose> <--dangerously-skip-permissions>\n"
			"[claude stand-in] prompt:\nLook at the code\nsecond line\n"
			"[claude stand-in] uid: 1000\n[claude stand-in] workspace:\n" +
			std::string(".git\n") + (c.expect_file == "feature.txt" ? "feature.txt\n" : "") +
			"hello.txt\nclaude stand-in done: Look at the code\n");
		/* the clone is gone */
		CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
	}
}

TEST_CASE("git-worktree: a cached clone, reused by the next job, worktrees removed")
{
	ScratchDir scratch, cache_home;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);

	std::string cache_entry;
	for (const char *ref : {"main", "feature"}) {
		CAPTURE(ref);
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "Worktree job\n");
		job.cache_dir = cache_home.Path() + "/cache";
		job.workspace = WorkspaceType::GitWorktree;
		job.repo = "file://" + repo;
		job.ref = ref;

		const WorkerRun run = RunWorker(job);
		const std::string output = CheckSucceeded(job, run);
		CHECK(Contains(output, "\nhello.txt\n"));
		CHECK(Contains(output, "[claude stand-in] borrowed objects: ro\n"));
		const bool has_feature = Contains(output, "\nfeature.txt\n");
		CHECK(has_feature == (std::string(ref) == "feature"));
		CHECK_FALSE(PathExists(job.job_dir + "/workspace"));

		/* one clone (and its lock file), no worktree left registered */
		std::vector<std::string> entries;
		for (const auto &e : std::filesystem::directory_iterator(job.cache_dir))
			entries.push_back(e.path().filename());
		std::sort(entries.begin(), entries.end());
		REQUIRE(entries.size() == 2);
		CHECK(entries[1] == entries[0] + ".lock");
		if (cache_entry.empty())
			cache_entry = entries[0];
		CHECK(entries[0] == cache_entry);
		const std::string clone = job.cache_dir + "/" + entries[0];
		CHECK_FALSE(PathExists(clone + "/worktrees"));
		const bool created = Contains(ReadOr(job.job_dir + "/worker.log"), "creating the cached clone");
		CHECK(created == (std::string(ref) == "main"));
	}
}

TEST_CASE("git-worktree: concurrent jobs on one repository take turns on its clone")
{
	ScratchDir scratch, cache_home;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);

	std::vector<std::unique_ptr<ScratchDir>> dirs;
	std::vector<WorkerJob> jobs;
	std::vector<std::unique_ptr<WorkerProcess>> workers;
	for (int i = 0; i < 3; ++i) {
		dirs.push_back(std::make_unique<ScratchDir>());
		WorkerJob job = MakeJob(dirs.back()->Path(), "Concurrent job " + std::to_string(i) + "\n");
		job.cache_dir = cache_home.Path() + "/cache";
		job.workspace = WorkspaceType::GitWorktree;
		job.repo = "file://" + repo;
		job.ref = i == 1 ? "feature" : "main";
		jobs.push_back(job);
	}
	/* all started before any is read: they race for the clone */
	for (const auto &job : jobs) {
		workers.push_back(std::make_unique<WorkerProcess>(job.job_dir));
		workers.back()->Send(job);
	}
	std::size_t created = 0;
	for (std::size_t i = 0; i < jobs.size(); ++i) {
		CAPTURE(i);
		const WorkerRun run = workers[i]->Finish(std::chrono::seconds(60));
		CheckSucceeded(jobs[i], run);
		created += Contains(ReadOr(jobs[i].job_dir + "/worker.log"), "creating the cached clone");
	}
	CHECK(created == 1);
}

TEST_CASE("local: the host directory is mounted read-write and left alone")
{
	ScratchDir scratch, local;
	WriteFileAtomic(local.Path() + "/local-file.txt", "mine\n");
	REQUIRE(::chmod(local.Path().c_str(), 0777) == 0);
	WorkerJob job = MakeJob(scratch.Path(), "Local job\n");
	job.workspace = WorkspaceType::Local;
	job.local_path = local.Path();

	const WorkerRun run = RunWorker(job);
	const std::string output = CheckSucceeded(job, run);
	CHECK(Contains(output, "\nlocal-file.txt\n"));
	CHECK(ReadOr(local.Path() + "/local-file.txt") == "mine\n");
	CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
}

TEST_CASE("none: an empty workspace; opencode runs through the same entry script")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "Nothing to see\n");
	job.agent = AgentType::OpenCode;
	job.auth = AgentAuth::None;

	const WorkerRun run = RunWorker(job);
	const std::string output = ReadOr(job.job_dir + "/output.log");
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	INFO("output.log:\n", output);
	CHECK(run.exit_status == 0);
	CHECK(run.Kinds() == kSucceeded);
	CHECK(Contains(output, "[opencode stand-in] args: <run> <--format> <json> <Nothing to see>\n"));
	/* an empty listing; stderr may come between, it does not pass the pipe */
	const bool empty_listing = Contains(output, "[opencode stand-in] workspace:\n[opencode stand-in] running") ||
		Contains(output, "[opencode stand-in] workspace:\nopencode stand-in done");
	CHECK(empty_listing);
	CHECK(ReadOr(job.job_dir + "/result.md").ends_with("opencode stand-in done: Nothing to see\n"));
	CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
	CHECK(ContainersOfJob(job.job_id) == 0);
}

TEST_CASE("A megabyte of output arrives whole in output.log and result.md")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "BIGOUTPUT please\n");
	const WorkerRun run = RunWorker(job);
	const std::string output = CheckSucceeded(job, run);
	const std::string line = "big output line, 64 bytes long, to fill the log: 0123456789abcd\n";
	std::size_t count = 0;
	for (auto at = output.find(line); at != std::string::npos; at = output.find(line, at + 1))
		++count;
	if (count != 16384) {
		/* what broke the lines, for the record */
		std::string odd;
		for (const auto l : Split(output, '\n'))
			if (std::string(l) + "\n" != line && odd.size() < 2000)
				odd += std::string(l) + "\n";
		INFO("lines that are not the big output line:\n", odd);
		CHECK(count == 16384);
	}
	CHECK(output.ends_with("claude stand-in done: BIGOUTPUT please\n"));
	CHECK(ReadOr(job.job_dir + "/result.md").size() > (1u << 20));
}

TEST_CASE("Timing: worker start to container running")
{
	/* runs last (doctest orders by file and line within a file): reports
	   what the other tests measured */
	std::sort(running_times.begin(), running_times.end());
	REQUIRE_FALSE(running_times.empty());
	std::printf("worker start to Running event: median %lld ms, min %lld ms, max %lld ms over %zu runs\n",
		    running_times[running_times.size() / 2], running_times.front(), running_times.back(),
		    running_times.size());
}
