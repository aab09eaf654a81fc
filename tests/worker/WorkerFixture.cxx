#include "WorkerFixture.hxx"
#include "engine/EngineClient.hxx"
#include "lib/curl/Global.hxx"
#include "util/File.hxx"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace osprey::test {

static std::string
Env(const char *name)
{
	const char *value = std::getenv(name);
	if (value == nullptr || *value == '\0')
		throw std::runtime_error(std::string(name) + " is not set: run these tests with meson test, "
					 "whose wrapper starts a private engine and names the worker");
	return value;
}

ScratchDir::ScratchDir()
{
	char tmpl[] = "/tmp/osprey-wt.XXXXXX";
	if (::mkdtemp(tmpl) == nullptr)
		throw std::runtime_error("mkdtemp failed");
	path = tmpl;
}

ScratchDir::~ScratchDir() noexcept
{
	std::error_code ignored;
	std::filesystem::remove_all(path, ignored);
}

std::string
Run(const std::vector<std::string> &argv, const std::string &cwd)
{
	int out[2];
	if (::pipe2(out, O_CLOEXEC) < 0)
		throw std::runtime_error("pipe failed");
	const pid_t pid = ::fork();
	if (pid == 0) {
		::dup2(out[1], 1);
		if (!cwd.empty() && ::chdir(cwd.c_str()) < 0)
			::_exit(126);
		std::vector<char *> args;
		for (const auto &a : argv)
			args.push_back(const_cast<char *>(a.c_str()));
		args.push_back(nullptr);
		::execvp(args[0], args.data());
		::_exit(127);
	}
	::close(out[1]);
	std::string output;
	char buffer[4096];
	ssize_t n;
	while ((n = ::read(out[0], buffer, sizeof(buffer))) > 0)
		output.append(buffer, static_cast<std::size_t>(n));
	::close(out[0]);
	int status;
	::waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		std::string shown;
		for (const auto &a : argv)
			shown += a + " ";
		throw std::runtime_error("command failed: " + shown);
	}
	return output;
}

static std::string
Git(const std::string &dir, std::vector<std::string> args)
{
	args.insert(args.begin(), {"git", "-c", "user.name=Test", "-c", "user.email=t@example.org",
				   "-C", dir});
	return Run(args);
}

std::string
MakeRepository(const std::string &dir)
{
	Run({"git", "init", "--quiet", "--initial-branch=main", dir});
	WriteFileAtomic(dir + "/hello.txt", "hello from main\n");
	Git(dir, {"add", "hello.txt"});
	Git(dir, {"commit", "--quiet", "-m", "first"});
	Git(dir, {"tag", "v1"});
	const std::string main_commit = Git(dir, {"rev-parse", "HEAD"}).substr(0, 40);
	Git(dir, {"checkout", "--quiet", "-b", "feature"});
	WriteFileAtomic(dir + "/feature.txt", "on the feature branch\n");
	Git(dir, {"add", "feature.txt"});
	Git(dir, {"commit", "--quiet", "-m", "feature"});
	Git(dir, {"checkout", "--quiet", "main"});
	return main_commit;
}

WorkerJob
MakeJob(const std::string &scratch, const std::string &prompt)
{
	static int counter = 0;
	WorkerJob job;
	job.job_id = "wt-" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
	job.pipeline = "worker-test";
	job.job_dir = scratch + "/job";
	job.cache_dir = scratch + "/cache";
	job.engine_socket = Env("OSPREY_TEST_ENGINE_SOCKET");
	job.image = kWorkerTestImage;
	job.user = "1000:1000";
	job.network = "none";
	job.ulimits = {{"nofile", 1024, 20000}, {"nproc", 1000, 1000}};
	job.stop_grace = std::chrono::seconds(5);
	job.env = {{"ANTHROPIC_API_KEY", "sk-test-secret-value"}};
	job.agent = AgentType::ClaudeCode;
	job.auth = AgentAuth::ApiKey;
	job.workspace = WorkspaceType::None;
	MakeDirectories(job.job_dir, 0700);
	/* private, as a careful supervisor writes it: the worker makes it readable */
	WriteFileAtomic(job.job_dir + "/prompt.md", prompt, 0600);
	return job;
}

std::vector<WorkerEvent::Kind>
WorkerRun::Kinds() const
{
	std::vector<WorkerEvent::Kind> kinds;
	for (const auto &e : events)
		kinds.push_back(e.kind);
	return kinds;
}

const WorkerEvent *
WorkerRun::Find(WorkerEvent::Kind kind) const
{
	for (const auto &e : events)
		if (e.kind == kind)
			return &e;
	return nullptr;
}

WorkerProcess::WorkerProcess(const std::string &job_dir)
{
	const std::string worker = Env("OSPREY_WORKER");
	const std::string log = job_dir + "/worker.log";
	int pair[2];
	if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0)
		throw std::runtime_error("socketpair failed");
	const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
	const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (null_fd < 0 || log_fd < 0)
		throw std::runtime_error("opening /dev/null or " + log + " failed");

	started = std::chrono::steady_clock::now();
	pid = ::fork();
	if (pid == 0) {
		/* libcamera style: only the channel and stdio survive the exec */
		::dup2(null_fd, 0);
		::dup2(null_fd, 1);
		::dup2(log_fd, 2);
		::dup2(pair[1], 3);
		::close_range(4, ~0U, 0);
		sigset_t none;
		sigemptyset(&none);
		::sigprocmask(SIG_SETMASK, &none, nullptr);
		::execl(worker.c_str(), "osprey-worker", nullptr);
		::_exit(127);
	}
	::close(pair[1]);
	pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
	::close(null_fd);
	::close(log_fd);
	channel = pair[0];
	if (pid < 0)
		throw std::runtime_error("fork failed");
}

WorkerProcess::~WorkerProcess() noexcept
{
	if (pid > 0) {
		::kill(pid, SIGKILL);
		::waitpid(pid, nullptr, 0);
	}
	CloseChannel();
	if (pidfd >= 0)
		::close(pidfd);
}

void
WorkerProcess::CloseChannel() noexcept
{
	if (channel >= 0)
		::close(channel);
	channel = -1;
}

void
WorkerProcess::Send(std::string line)
{
	if (line.empty() || line.back() != '\n')
		line += '\n';
	if (::send(channel, line.data(), line.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(line.size()))
		throw std::runtime_error("sending the job failed");
}

std::optional<WorkerEvent>
WorkerProcess::Next(std::chrono::steady_clock::time_point deadline)
{
	for (;;) {
		if (const auto nl = buffer.find('\n'); nl != std::string::npos) {
			WorkerEvent event = ParseWorkerEvent(buffer.substr(0, nl));
			buffer.erase(0, nl + 1);
			if (event.kind == WorkerEvent::Kind::Running)
				run.time_to_running = std::chrono::duration_cast<std::chrono::milliseconds>(
					std::chrono::steady_clock::now() - started);
			run.events.push_back(event);
			return event;
		}
		const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			deadline - std::chrono::steady_clock::now()).count();
		if (left <= 0)
			throw std::runtime_error("no event from the worker in time");
		pollfd pfd{channel, POLLIN, 0};
		if (::poll(&pfd, 1, static_cast<int>(left)) < 0 && errno != EINTR)
			throw std::runtime_error("poll failed");
		if (pfd.revents == 0)
			continue;
		char data[4096];
		const ssize_t n = ::read(channel, data, sizeof(data));
		if (n <= 0)
			return std::nullopt;
		buffer.append(data, static_cast<std::size_t>(n));
	}
}

bool
WorkerProcess::WaitFor(WorkerEvent::Kind kind, std::chrono::milliseconds timeout)
{
	const auto deadline = std::chrono::steady_clock::now() + timeout;
	while (const auto event = Next(deadline))
		if (event->kind == kind)
			return true;
	return false;
}

WorkerRun
WorkerProcess::Finish(std::chrono::milliseconds timeout)
{
	const auto deadline = std::chrono::steady_clock::now() + timeout;
	while (channel >= 0 && Next(deadline)) {
	}
	/* the channel closed: the worker is exiting; bound the wait anyway */
	const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
		deadline - std::chrono::steady_clock::now()).count();
	pollfd pfd{pidfd, POLLIN, 0};
	if (left <= 0 || ::poll(&pfd, 1, static_cast<int>(left)) <= 0)
		throw std::runtime_error("the worker did not exit in time");
	int status;
	::waitpid(pid, &status, 0);
	pid = -1;
	run.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	run.duration = std::chrono::duration_cast<std::chrono::milliseconds>(
		std::chrono::steady_clock::now() - started);
	return run;
}

WorkerRun
RunWorker(const WorkerJob &job, std::chrono::milliseconds timeout)
{
	WorkerProcess worker(job.job_dir);
	worker.Send(job);
	return worker.Finish(timeout);
}

std::size_t
ContainersOfJob(const std::string &job_id)
{
	static CurlGlobal curl_global;
	const EngineClient engine(Env("OSPREY_TEST_ENGINE_SOCKET"));
	return engine.ListContainers({std::string(kJobLabel) + "=" + job_id}).size();
}

std::string
ReadOr(const std::string &path)
{
	try {
		return ReadFile(path);
	} catch (...) {
		return {};
	}
}

} // namespace osprey::test
