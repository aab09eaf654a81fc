// Integration: how osprey-worker fails: hostile input, git errors, a missing
// image, no engine, a failing agent, a bad job.
#include "WorkerFixture.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

TEST_CASE("Hostile refs and repositories are refused before git runs")
{
	ScratchDir scratch;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);
	const std::string pwned = scratch.Path() + "/pwned";

	struct Case {
		WorkspaceType type;
		std::string repo, ref, reason;
	};
	const std::vector<Case> cases{
		{WorkspaceType::GitClone, "file://" + repo, "--upload-pack=touch " + pwned, "starts with '-'"},
		{WorkspaceType::GitWorktree, "file://" + repo, "--upload-pack=touch " + pwned, "starts with '-'"},
		{WorkspaceType::GitClone, "file://" + repo, "main..feature", "contains \"..\""},
		{WorkspaceType::GitClone, "file://" + repo, "main branch", "characters other than"},
		{WorkspaceType::GitClone, "-oProxyCommand=touch " + pwned, "main", "starts with '-'"},
		{WorkspaceType::GitWorktree, "--upload-pack=touch " + pwned, "main", "starts with '-'"},
		{WorkspaceType::GitClone, "ext::sh -c touch% " + pwned, "main", "spaces"},
		{WorkspaceType::GitClone, "ext::sh", "main", "remote helper"},
	};
	for (const auto &c : cases) {
		CAPTURE(c.repo);
		CAPTURE(c.ref);
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "never runs\n");
		job.workspace = c.type;
		job.repo = c.repo;
		job.ref = c.ref;

		const WorkerRun run = RunWorker(job, std::chrono::seconds(20));
		const std::string log = ReadOr(job.job_dir + "/worker.log");
		INFO("worker.log:\n", log);
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
		CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Failed});
		CHECK(Contains(run.FailedReason(), c.reason));
		CHECK_FALSE(Contains(log, "running git"));
		CHECK_FALSE(PathExists(pwned));
		CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
		CHECK_FALSE(PathExists(job.cache_dir));
		CHECK_FALSE(PathExists(job.job_dir + "/output.log"));
	}
}

TEST_CASE("A missing ref and an unreachable repository fail the workspace with git's words")
{
	ScratchDir scratch;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);

	for (const auto type : {WorkspaceType::GitClone, WorkspaceType::GitWorktree}) {
		CAPTURE(Name(type));
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "never runs\n");
		job.workspace = type;
		job.repo = "file://" + repo;
		job.ref = "no-such-branch";
		WorkerRun run = RunWorker(job, std::chrono::seconds(30));
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
		CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Failed});
		CHECK(Contains(run.FailedReason(), "no-such-branch"));
		CHECK_FALSE(PathExists(job.job_dir + "/workspace"));

		job.ref = "main";
		job.repo = "https://user:hunter2@127.0.0.1:1/nothing.git";
		run = RunWorker(job, std::chrono::seconds(30));
		const std::string log = ReadOr(job.job_dir + "/worker.log");
		INFO("worker.log:\n", log);
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
		/* git never saw the credentials: the URL it names has none */
		CHECK(Contains(run.FailedReason(), "https://127.0.0.1:1/nothing.git"));
		CHECK_FALSE(Contains(run.FailedReason(), "hunter2"));
		CHECK_FALSE(Contains(log, "hunter2"));
	}
}

TEST_CASE("A missing image fails with WorkerExit::Image and says how to build it")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.image = "localhost/osprey-no-such-image:latest";
	const WorkerRun run = RunWorker(job, std::chrono::seconds(20));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Image));
	CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Failed});
	const std::string reason = run.FailedReason();
	CHECK(Contains(reason, "image \"localhost/osprey-no-such-image:latest\" not found on the engine"));
	CHECK(Contains(reason, "podman build -t localhost/osprey-no-such-image:latest -f "));
	CHECK(Contains(reason, "images/claude-code/Containerfile"));
	CHECK(ContainersOfJob(job.job_id) == 0);
}

TEST_CASE("An unreachable engine fails with WorkerExit::Engine")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.engine_socket = scratch.Path() + "/no-engine.sock";
	const WorkerRun run = RunWorker(job, std::chrono::seconds(20));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Engine));
	CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Failed});
	CHECK(Contains(run.FailedReason(), "engine unreachable at " + job.engine_socket));
}

TEST_CASE("An agent exiting 3 is Finished 3 and WorkerExit::AgentFailed")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "Please fail\nEXIT 3\n");
	const WorkerRun run = RunWorker(job);
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::AgentFailed));
	CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Starting, Kind::Running,
					       Kind::Finished});
	REQUIRE(run.Find(Kind::Finished) != nullptr);
	CHECK(run.Find(Kind::Finished)->exit_code == 3);
	CHECK(ReadOr(job.job_dir + "/result.md").ends_with("claude stand-in done: Please fail\n"));
	CHECK(ContainersOfJob(job.job_id) == 0);
}

TEST_CASE("A malformed job is WorkerExit::Usage, with no events")
{
	ScratchDir scratch;
	for (const char *line : {"not json", "{\"job\":\"x\"}", "[]"}) {
		CAPTURE(line);
		WorkerProcess worker(scratch.Path());
		worker.Send(line);
		const WorkerRun run = worker.Finish(std::chrono::seconds(10));
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Usage));
		CHECK(run.events.empty());
	}
	CHECK(Contains(ReadOr(scratch.Path() + "/worker.log"), "bad job: "));
}

TEST_CASE("A prompt starting with '-' never becomes an option of the CLI")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "--dangerously-load-plugins=/tmp/x\nEXIT 0\n");
	const WorkerRun run = RunWorker(job);
	const std::string output = ReadOr(job.job_dir + "/output.log");
	INFO("output.log:\n", output);
	CHECK(run.exit_status == 0);
	CHECK(Contains(output, "[claude stand-in] args: <-p> < --dangerously-load-plugins=/tmp/x\nEXIT 0> "));
}
