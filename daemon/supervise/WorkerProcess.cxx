#include "WorkerProcess.hxx"
#include "lib/posix/Spawn.hxx"
#include "lib/uv/Loop.hxx"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace osprey::daemon {

/* What a worker may see of the daemon's environment: what it, git and the
   engine client read, never the secrets the daemon loaded from .env files
   (a job's secrets reach it inside the job, for its container only). */
static bool
WorkerNeeds(std::string_view name) noexcept
{
	static constexpr std::string_view exact[] = {
		"PATH", "HOME", "LANG", "TZ", "TZDIR", "SSH_AUTH_SOCK", "OSPREY_HOME",
		"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY",
		"http_proxy", "https_proxy", "no_proxy", "all_proxy",
		/* what git's own allowlist takes (worker/workspace/GitEnvironment):
		   an ssh command, and the CAs of a site behind a TLS proxy */
		"GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH",
		"SSL_CERT_FILE", "SSL_CERT_DIR",
		/* a sanitizer build's workers report like the daemon */
		"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS",
	};
	for (const auto e : exact)
		if (name == e)
			return true;
	return name.starts_with("LC_");
}

WorkerProcess::WorkerProcess(uv::Loop &loop, Listener &_listener, std::vector<std::string> args,
			     std::string_view job_line, const std::string &stderr_path)
	: listener(_listener), output(job_line)
{
	int pair[2];
	if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) < 0)
		throw std::system_error(errno, std::system_category(), "creating the worker's channel");
	channel.Reset(pair[0]);
	UniqueFd child_end(pair[1]);
	/* the worker reads its end blocking */
	::fcntl(child_end.Get(), F_SETFL, ::fcntl(child_end.Get(), F_GETFL) & ~O_NONBLOCK);

	const UniqueFd log(::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600));
	if (!log.IsDefined())
		throw std::system_error(errno, std::system_category(), "opening " + stderr_path);

	uv::Process::Options options;
	options.file = args.at(0);
	options.args = std::move(args);
	options.env = FilteredEnvironment(WorkerNeeds);
	options.fds = {-1, -1, log.Get(), child_end.Get()};
	options.kill_group_at_exit = true;
	process = uv::Process(loop, *this, options);
	child_end.Reset();

	/* the job goes out as the worker reads it, from the loop: a job of any
	   size (a 250 KB ref from a webhook) never blocks the daemon */
	try {
		poll = uv::Poll(loop, *this, channel.Get());
	} catch (...) {
		process.KillGroup(SIGKILL); // it would wait for a job that never comes
		throw;
	}
	if (output.empty())
		::shutdown(channel.Get(), SHUT_WR);
	WatchChannel();
}

void
WorkerProcess::Terminate() noexcept
{
	/* the leader only: the worker stops its container within the grace
	   and ends its own children; signalling them too would cut a git
	   command or an engine call out from under that graceful stop */
	process.Kill(SIGTERM);
}

void
WorkerProcess::Kill() noexcept
{
	/* nothing graceful is left: the worker and everything it started */
	process.KillGroup(SIGKILL);
}

void
WorkerProcess::WatchChannel() noexcept
{
	poll.Start(UV_READABLE | UV_DISCONNECT | (written < output.size() ? UV_WRITABLE : 0));
}

void
WorkerProcess::WriteChannel() noexcept
{
	while (written < output.size()) {
		const ssize_t n = ::send(channel.Get(), output.data() + written, output.size() - written,
					 MSG_NOSIGNAL);
		if (n > 0) {
			written += static_cast<std::size_t>(n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return; // the rest when the worker has read some
		/* EPIPE, ECONNRESET: the worker is gone or closed its end; its
		   exit says what happened */
		break;
	}
	written = output.size();
	std::string().swap(output);
	::shutdown(channel.Get(), SHUT_WR);
}

bool
WorkerProcess::ReadChannel() noexcept
{
	char buffer[4096];
	for (;;) {
		const ssize_t n = ::read(channel.Get(), buffer, sizeof(buffer));
		if (n > 0) {
			/* a worker that floods the channel without newlines is broken */
			if (input.size() + static_cast<std::size_t>(n) > (1 << 20)) {
				listener.OnWorkerProtocolError(*this, "worker message too long");
				input.clear();
				return false;
			}
			input.append(buffer, static_cast<std::size_t>(n));
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
	}
}

void
WorkerProcess::DeliverLines() noexcept
{
	std::size_t start = 0;
	for (std::size_t end; (end = input.find('\n', start)) != std::string::npos; start = end + 1) {
		const std::string_view line(input.data() + start, end - start);
		if (line.empty())
			continue;
		try {
			const auto event = ParseWorkerEvent(line);
			listener.OnWorkerEvent(*this, event);
		} catch (const std::exception &e) {
			listener.OnWorkerProtocolError(*this, e.what());
		}
	}
	input.erase(0, start);
}

void
WorkerProcess::OnPoll(uv::Poll &, int status, int events) noexcept
{
	const bool pending = written < output.size();
	if (pending && (events & UV_WRITABLE) != 0 && status == 0)
		WriteChannel();
	/* libuv reports POLLERR as an error status and stops polling: that is
	   what a worker that exits without reading its job causes (ECONNRESET
	   on our side), yet its events are still queued, so read them anyway */
	const bool open = ReadChannel() && status == 0;
	DeliverLines();
	if (!open) {
		poll.Close();
		written = output.size();
	} else if (pending && written == output.size()) {
		WatchChannel(); // all sent: no more writable wakeups
	}
}

void
WorkerProcess::OnProcessExit(uv::Process &, std::int64_t exit_status, int term_signal) noexcept
{
	/* everything the worker wrote is in the socket buffer now: report it
	   before the exit, so the listener sees events in order */
	if (poll.IsDefined()) {
		ReadChannel();
		DeliverLines();
		poll.Close();
	}
	process.Close();
	listener.OnWorkerExit(*this, exit_status, term_signal);
}

} // namespace osprey::daemon
