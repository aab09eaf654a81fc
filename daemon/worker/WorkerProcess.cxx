#include "WorkerProcess.hxx"
#include "lib/uv/Loop.hxx"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace osprey::daemon {

static void
WriteAll(int fd, std::string_view data)
{
	while (!data.empty()) {
		const ssize_t n = ::write(fd, data.data(), data.size());
		if (n < 0) {
			if (errno == EINTR)
				continue;
			throw std::system_error(errno, std::system_category(), "sending the job to the worker");
		}
		data.remove_prefix(static_cast<std::size_t>(n));
	}
}

WorkerProcess::WorkerProcess(uv::Loop &loop, Listener &_listener, std::vector<std::string> args,
			     std::string_view job_line, const std::string &stderr_path)
	: listener(_listener)
{
	int pair[2];
	if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0)
		throw std::system_error(errno, std::system_category(), "creating the worker's channel");
	channel.Reset(pair[0]);
	const UniqueFd child_end(pair[1]);

	const UniqueFd log(::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600));
	if (!log.IsDefined())
		throw std::system_error(errno, std::system_category(), "opening " + stderr_path);

	/* the job (a few KiB) fits the socket buffer: this never blocks for long */
	WriteAll(channel.Get(), job_line);
	::shutdown(channel.Get(), SHUT_WR);
	::fcntl(channel.Get(), F_SETFL, ::fcntl(channel.Get(), F_GETFL) | O_NONBLOCK);

	uv::Process::Options options;
	options.file = args.at(0);
	options.args = std::move(args);
	options.fds = {-1, -1, log.Get(), child_end.Get()};
	process = uv::Process(loop, *this, options);

	poll = uv::Poll(loop, *this, channel.Get());
	poll.Start(UV_READABLE | UV_DISCONNECT);
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
WorkerProcess::OnPoll(uv::Poll &, int status, int) noexcept
{
	/* libuv reports POLLERR as an error status and stops polling: that is
	   what a worker that exits without reading its job causes (ECONNRESET
	   on our side), yet its events are still queued, so read them anyway */
	const bool open = ReadChannel() && status == 0;
	DeliverLines();
	if (!open)
		poll.Close();
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
