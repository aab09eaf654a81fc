// The worker as a child process, libcamera style: only the channel (fd 3)
// and stdio survive the exec; watched through a pidfd.
#include "WorkerFixture.hxx"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace osprey::test {

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

std::string
WorkerRun::FailedReason() const
{
	const auto *failed = Find(WorkerEvent::Kind::Failed);
	return failed != nullptr ? failed->reason : std::string("(no failed event)");
}

WorkerProcess::WorkerProcess(const std::string &job_dir, const std::vector<std::string> &args,
			     bool _own_group)
	: own_group(_own_group)
{
	const std::string worker = RequiredEnv("OSPREY_WORKER");
	const std::string log = job_dir + "/worker.log";
	int pair[2];
	if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0)
		throw std::runtime_error("socketpair failed");
	const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
	const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (null_fd < 0 || log_fd < 0)
		throw std::runtime_error("opening /dev/null or " + log + " failed");

	std::vector<char *> argv{const_cast<char *>("osprey-worker")};
	for (const auto &arg : args)
		argv.push_back(const_cast<char *>(arg.c_str()));
	argv.push_back(nullptr);

	started = std::chrono::steady_clock::now();
	pid = ::fork();
	if (pid == 0) {
		if (own_group)
			::setpgid(0, 0);
		/* libcamera style: only the channel and stdio survive the exec */
		::dup2(null_fd, 0);
		::dup2(null_fd, 1);
		::dup2(log_fd, 2);
		::dup2(pair[1], 3);
		::close_range(4, ~0U, 0);
		sigset_t none;
		sigemptyset(&none);
		::sigprocmask(SIG_SETMASK, &none, nullptr);
		::execv(worker.c_str(), argv.data());
		::_exit(127);
	}
	if (own_group && pid > 0)
		::setpgid(pid, pid);
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
		::kill(own_group ? -pid : pid, SIGKILL);
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

} // namespace osprey::test
