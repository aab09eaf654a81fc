// Integration: what git may reach and what may reach git. The worker's git
// dies with the worker's process group, never shows a credential to ps,
// inherits nothing of the worker's environment it does not need, and never
// clones what a payload may not name.
#include "ProcessTree.hxx"
#include "WorkerFixture.hxx"
#include "util/File.hxx"
#include "workspace/GitCredentials.hxx"

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <mutex>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

namespace {

/* A TCP listener on 127.0.0.1 that the test answers by hand (or never). */
struct Listener {
	int fd = -1;
	int port = 0;
	Listener() {
		fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		REQUIRE(fd >= 0);
		sockaddr_in address{};
		address.sin_family = AF_INET;
		address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		socklen_t length = sizeof(address);
		REQUIRE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
		REQUIRE(::listen(fd, 8) == 0);
		REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0);
		port = ntohs(address.sin_port);
	}
	~Listener() {
		if (fd >= 0)
			::close(fd);
	}
	/* true once a client connected (it waits in the backlog) */
	bool WaitForClient(int timeout_ms) const {
		pollfd pfd{fd, POLLIN, 0};
		return ::poll(&pfd, 1, timeout_ms) == 1;
	}
};

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
	Listener mute; // accepts into its backlog, never answers
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "http://127.0.0.1:" + std::to_string(mute.port) + "/hangs.git";

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
	Listener server;
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "http://deploy:s3cret-token@127.0.0.1:" + std::to_string(server.port) + "/repo.git";
	::setenv("OSPREY_TEST_DAEMON_SECRET", "from-the-daemons-dotenv", 1);
	WorkerProcess worker(job.job_dir);
	::unsetenv("OSPREY_TEST_DAEMON_SECRET");
	worker.Send(job);

	REQUIRE(server.WaitForClient(20000));
	const int client = ::accept4(server.fd, nullptr, nullptr, SOCK_CLOEXEC);
	REQUIRE(client >= 0);
	/* git's retry (the dumb protocol) finds nobody listening */
	::close(std::exchange(server.fd, -1));
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

namespace {

/* A dumb-protocol git server: static files of a bare repository over
   HTTP/1.0, one request per connection, remembering the requests' headers. */
class DumbGitServer {
	Listener listener;
	std::string root;
	std::thread thread;
	std::atomic<bool> done{false};
	std::mutex mutex;
	std::string requests;

public:
	explicit DumbGitServer(std::string _root) : root(std::move(_root)) {
		thread = std::thread([this] { Serve(); });
	}
	~DumbGitServer() {
		done = true;
		thread.join();
	}
	int Port() const noexcept { return listener.port; }
	std::string Requests() {
		const std::lock_guard lock(mutex);
		return requests;
	}

private:
	void Serve() {
		while (!done) {
			if (!listener.WaitForClient(100))
				continue;
			const int client = ::accept4(listener.fd, nullptr, nullptr, SOCK_CLOEXEC);
			if (client < 0)
				continue;
			std::string request;
			char buffer[4096];
			ssize_t n;
			while (request.find("\r\n\r\n") == std::string::npos &&
			       (n = ::read(client, buffer, sizeof(buffer))) > 0)
				request.append(buffer, static_cast<std::size_t>(n));
			{
				const std::lock_guard lock(mutex);
				requests += request;
			}
			/* "GET /repo.git/info/refs?service=... HTTP/1.1" */
			std::string path = request.substr(4, request.find(' ', 4) - 4);
			path = path.substr(0, path.find('?'));
			const std::string body = path.find("..") == std::string::npos ? ReadOr(root + path) : "";
			const std::string head = body.empty() && !PathExists(root + path)
				? "HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n"
				: "HTTP/1.0 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " +
					  std::to_string(body.size()) + "\r\n\r\n";
			const std::string answer = head + body;
			for (std::size_t sent = 0; sent < answer.size();) {
				const ssize_t w = ::write(client, answer.data() + sent, answer.size() - sent);
				if (w <= 0)
					break;
				sent += static_cast<std::size_t>(w);
			}
			::close(client);
		}
	}
};

} // namespace

TEST_CASE("An https-style token authenticates the clone and stays out of the clone's config")
{
	ScratchDir scratch;
	MakeRepository(scratch.Path() + "/work");
	Run({"git", "clone", "--quiet", "--bare", scratch.Path() + "/work", scratch.Path() + "/repo.git"});
	Run({"git", "-C", scratch.Path() + "/repo.git", "update-server-info"});
	DumbGitServer server(scratch.Path());

	WorkerJob job = MakeJob(scratch.Path(), "SLEEP 5\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "http://x-access-token:tok3n-value@127.0.0.1:" + std::to_string(server.Port()) +
		   "/repo.git";
	WorkerProcess worker(job.job_dir);
	worker.Send(job);
	REQUIRE(worker.WaitFor(Kind::Running, std::chrono::seconds(60)));
	/* what the agent sees of the clone while it runs */
	const std::string config = ReadOr(job.job_dir + "/workspace/.git/config");
	const WorkerRun run = worker.Finish(std::chrono::seconds(60));
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.exit_status == 0);
	CAPTURE(config);
	CHECK(Contains(config, "url = http://127.0.0.1:" + std::to_string(server.Port()) + "/repo.git\n"));
	CHECK_FALSE(Contains(config, "tok3n"));
	const std::string requests = server.Requests();
	CHECK(Contains(requests, "Authorization: Basic " + Base64("x-access-token:tok3n-value")));
	CHECK_FALSE(Contains(ReadOr(job.job_dir + "/worker.log"), "tok3n"));
}
