// Integration: what git may reach and what may reach git. The worker's git
// dies with the worker's process group, never shows a credential to ps,
// inherits nothing of the worker's environment it does not need, and never
// clones what a payload may not name. (TestWorkerGitToken: a token at work.)
#include "ProcessTree.hxx"
#include "WorkerFixture.hxx"
#include "util/File.hxx"
#include "workspace/GitCredentials.hxx"

#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <poll.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

namespace {

/* The NUL-separated /proc/<pid>/<what> as text, "" when gone. */
std::string
ProcText(pid_t pid, const char *what)
{
	return ReadOr("/proc/" + std::to_string(pid) + "/" + what);
}

bool
IsAlive(pid_t pid)
{
	const std::string stat = ProcText(pid, "stat");
	const auto close = stat.rfind(')');
	return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z' &&
	       stat[close + 2] != 'X';
}

} // namespace

TEST_CASE("Killing the worker's process group kills git and its remote helper")
{
	LoopbackListener mute; // accepts into its backlog, never answers
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "http://127.0.0.1:" + std::to_string(mute.Port()) + "/hangs.git";

	WorkerProcess worker(job.job_dir, {}, true);
	worker.Send(job);
	REQUIRE(worker.WaitFor(Kind::Preparing, std::chrono::seconds(10)));
	REQUIRE(mute.WaitForClient(10000));
	const auto started = Descendants(worker.GetPid());
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	REQUIRE(started.size() >= 2); // git, git-remote-http

	/* what the supervisor does to a worker that does not stop */
	REQUIRE(::kill(-worker.GetPid(), SIGKILL) == 0);
	worker.CloseChannel();
	CHECK(worker.Finish(std::chrono::seconds(10)).exit_status == -1);

	const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
	std::vector<pid_t> alive = started;
	while (!alive.empty() && std::chrono::steady_clock::now() < deadline) {
		std::erase_if(alive, [](pid_t pid) { return !IsAlive(pid); });
		if (!alive.empty())
			::poll(nullptr, 0, 20); // polled until the deadline
	}
	for (const pid_t pid : alive) {
		CAPTURE(ProcText(pid, "cmdline"));
		CHECK_MESSAGE(false, "process ", pid, " outlived the worker's group");
		::kill(pid, SIGKILL);
	}
}

TEST_CASE("Credentials in the repository URL never reach ps; git gets a minimal environment")
{
	LoopbackListener server;
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "http://deploy:s3cret-token@127.0.0.1:" + std::to_string(server.Port()) + "/repo.git";
	::setenv("OSPREY_TEST_DAEMON_SECRET", "from-the-daemons-dotenv", 1);
	WorkerProcess worker(job.job_dir);
	::unsetenv("OSPREY_TEST_DAEMON_SECRET");
	worker.Send(job);

	REQUIRE(server.WaitForClient(20000));
	const int client = server.Accept();
	REQUIRE(client >= 0);
	/* git's retry (the dumb protocol) finds nobody listening */
	server.Close();
	std::string request;
	const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
	while (request.find("\r\n\r\n") == std::string::npos &&
	       std::chrono::steady_clock::now() < deadline) {
		pollfd pfd{client, POLLIN, 0};
		if (::poll(&pfd, 1, 1000) != 1)
			continue;
		char buffer[4096];
		const ssize_t n = ::read(client, buffer, sizeof(buffer));
		if (n <= 0)
			break;
		request.append(buffer, static_cast<std::size_t>(n));
	}
	CAPTURE(request);
	CHECK(Contains(request, "Authorization: Basic " + Base64("deploy:s3cret-token") + "\r\n"));

	/* git is waiting for our answer: look at it and its helpers */
	const auto processes = Descendants(worker.GetPid());
	CHECK(processes.size() >= 2);
	for (const pid_t pid : processes) {
		const std::string cmdline = ProcText(pid, "cmdline");
		const std::string environ = ProcText(pid, "environ");
		CAPTURE(cmdline);
		CHECK_FALSE(Contains(cmdline, "s3cret"));
		CHECK_FALSE(Contains(environ, "OSPREY_TEST_DAEMON_SECRET"));
		CHECK(Contains(environ, "PATH="));
	}

	const std::string answer = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
	CHECK(::write(client, answer.data(), answer.size()) == static_cast<ssize_t>(answer.size()));
	::close(client);
	const WorkerRun run = worker.Finish(std::chrono::seconds(30));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
	CHECK_FALSE(Contains(run.FailedReason(), "s3cret"));
	CHECK_FALSE(Contains(ReadOr(job.job_dir + "/worker.log"), "s3cret"));
}

TEST_CASE("A repository from the payload may not name the host's repositories or internal addresses")
{
	ScratchDir scratch;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);

	const std::vector<std::string> refused{"file://" + repo, repo,
					       "https://169.254.169.254/latest/meta-data",
					       "https://127.0.0.1:1/x.git", "git@10.0.0.1:org/x.git"};
	for (const auto &hostile : refused) {
		CAPTURE(hostile);
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "never runs\n");
		job.workspace = WorkspaceType::GitClone;
		job.repo = hostile;
		job.repo_templated = true;
		const WorkerRun run = RunWorker(job);
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
		CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Failed});
		CHECK(Contains(run.FailedReason(), "(from the payload) refused"));
		CHECK_FALSE(Contains(ReadOr(job.job_dir + "/worker.log"), "running git"));
		CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
	}

	SUBCASE("workspace.allowed_repos") {
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "never runs\n");
		job.workspace = WorkspaceType::GitWorktree;
		job.repo = "https://github.com/evil/x";
		job.repo_templated = true;
		job.allowed_repos = {"https://github.com/acme/*"};
		const WorkerRun run = RunWorker(job);
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
		CHECK(Contains(run.FailedReason(), "matches none of workspace.allowed_repos"));
	}
	SUBCASE("an absurd ref") {
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "never runs\n");
		job.workspace = WorkspaceType::GitClone;
		job.repo = "file://" + repo;
		job.ref = std::string(2000, 'a');
		const WorkerRun run = RunWorker(job);
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Workspace));
		CHECK(Contains(run.FailedReason(), "longer than 1024 bytes"));
	}
}
