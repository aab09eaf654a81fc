#include "DaemonWatch.hxx"
#include "ControlClient.hxx"
#include "control/WatchProtocol.hxx"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <system_error>
#include <unistd.h>

namespace osprey::dashboard {

namespace {

constexpr int retry_ms = 2000;
/* the daemon answers a watch at once; longer means it is stuck */
constexpr int answer_ms = 3000;

std::pair<UniqueFd, UniqueFd>
MakePipe()
{
	int fds[2];
	if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) < 0)
		throw std::system_error(errno, std::system_category(), "pipe");
	return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

} // namespace

DaemonWatch::DaemonWatch(std::string _socket_path, Shared &_shared)
	: socket_path(std::move(_socket_path)), shared(_shared)
{
	auto [r, w] = MakePipe();
	stop_read = std::move(r);
	stop_write = std::move(w);
	thread = std::thread([this] { Run(); });
}

DaemonWatch::~DaemonWatch() noexcept
{
	stop = true;
	const char c = 0;
	[[maybe_unused]] auto n = ::write(stop_write.Get(), &c, 1);
	thread.join();
	for (auto &t : deciders)
		t.join();
}

void
DaemonWatch::SetLink(DaemonLink link, std::string detail) noexcept
{
	{
		std::lock_guard lock(shared.mutex);
		if (shared.daemon == link && shared.daemon_detail == detail)
			return;
		shared.daemon = link;
		shared.daemon_detail = std::move(detail);
	}
	shared.Wake();
}

bool
DaemonWatch::Sleep(int ms) noexcept
{
	pollfd p{stop_read.Get(), POLLIN, 0};
	::poll(&p, 1, ms);
	return stop;
}

void
DaemonWatch::Run() noexcept
{
	while (!stop) {
		std::string why;
		try {
			why = WatchOnce();
		} catch (const std::exception &e) {
			why = e.what();
		}
		if (stop)
			break;
		SetLink(DaemonLink::Down, why);
		if (Sleep(retry_ms))
			break;
	}
}

std::string
DaemonWatch::WatchOnce()
{
	UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
	if (fd.Get() < 0)
		return "cannot create a socket";
	sockaddr_un address{};
	address.sun_family = AF_UNIX;
	if (socket_path.size() >= sizeof(address.sun_path))
		return "the socket path is too long";
	std::memcpy(address.sun_path, socket_path.c_str(), socket_path.size() + 1);
	/* a unix connect either succeeds or fails at once */
	if (::connect(fd.Get(), reinterpret_cast<const sockaddr *>(&address), sizeof(address)) < 0)
		return errno == ENOENT ? "not running (no socket at " + socket_path + ")"
			: "not running (nothing answers on " + socket_path + ")";
	const auto request = control::ToJsonLine(control::Request{control::Command::Watch, {}}) + "\n";
	if (::send(fd.Get(), request.data(), request.size(), MSG_NOSIGNAL) !=
	    static_cast<ssize_t>(request.size()))
		return "the daemon closed the socket";

	std::string buffer;
	bool answered = false;
	int waited = 0;
	while (!stop) {
		pollfd p[2] = {{fd.Get(), POLLIN, 0}, {stop_read.Get(), POLLIN, 0}};
		const int n = ::poll(p, 2, answered ? -1 : 500);
		if (n < 0 && errno != EINTR)
			return "poll failed";
		if (n == 0) {
			waited += 500;
			if (waited >= answer_ms)
				SetLink(DaemonLink::Slow, "no answer for " + std::to_string(waited / 1000) + " s");
			continue;
		}
		if (stop || (p[1].revents & POLLIN))
			break;
		char chunk[16384];
		const auto got = ::recv(fd.Get(), chunk, sizeof(chunk), 0);
		if (got <= 0)
			return answered ? "the daemon stopped" : "the daemon closed the socket";
		buffer.append(chunk, static_cast<std::size_t>(got));
		std::size_t newline;
		while ((newline = buffer.find('\n')) != std::string::npos) {
			const std::string line = buffer.substr(0, newline);
			buffer.erase(0, newline + 1);
			if (!answered) {
				auto answer = control::ParseWatchAnswer(line);
				if (auto *refusal = std::get_if<control::Refusal>(&answer))
					return "refused to be watched: " + refusal->error;
				answered = true;
				SetLink(DaemonLink::Live, {});
				continue;
			}
			auto record = ParseJobRecord(control::ParseWatchEvent(line).record);
			{
				std::lock_guard lock(shared.mutex);
				shared.jobs[record.id] = std::move(record);
			}
			shared.Wake();
		}
	}
	return "stopped";
}

void
DaemonWatch::Decide(control::Command command, std::string job)
{
	deciders.emplace_back([this, command, job = std::move(job)] {
		std::string notice;
		try {
			const auto d = cli::AskDecision(socket_path, {command, job});
			notice = job + ": " + d.state + (d.by.empty() ? "" : " (by " + d.by + ")");
		} catch (const std::exception &e) {
			notice = std::string(control::Name(command)) + " " + job + ": " + e.what();
		}
		{
			std::lock_guard lock(shared.mutex);
			shared.notice = std::move(notice);
		}
		shared.Wake();
	});
}

} // namespace osprey::dashboard
