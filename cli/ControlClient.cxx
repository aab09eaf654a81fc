#include "ControlClient.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <algorithm>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <variant>

namespace osprey::cli {

namespace {

using Clock = std::chrono::steady_clock;

/// A response larger than this is not from an Osprey daemon.
constexpr std::size_t max_response = 4 * 1024 * 1024;

[[noreturn]] void
Fail(const std::string &path, const std::string &what)
{
	throw std::runtime_error("talking to the daemon on " + path + ": " + what);
}

UniqueFd
Connect(const std::string &path)
{
	sockaddr_un address{};
	if (path.size() >= sizeof(address.sun_path))
		Fail(path, "socket path too long");
	address.sun_family = AF_UNIX;
	std::memcpy(address.sun_path, path.data(), path.size());

	UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
	if (!fd.IsDefined())
		Fail(path, std::string("socket: ") + std::strerror(errno));
	if (::connect(fd.Get(), reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0)
		return fd;
	const int error = errno;
	if (error == ENOENT)
		throw DaemonNotRunning("the daemon is not running (no socket at " + path + ")");
	if (error == ECONNREFUSED)
		throw DaemonNotRunning("the daemon is not running (nothing answers on " + path + ")");
	Fail(path, std::string("connect: ") + std::strerror(error));
}

/// Waits until @p fd is ready for @p events or @p deadline passes.
void
Wait(int fd, short events, Clock::time_point deadline, const std::string &path)
{
	while (true) {
		const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			deadline - Clock::now());
		if (left.count() <= 0)
			Fail(path, "no answer in time");
		pollfd p{fd, events, 0};
		const int n = ::poll(&p, 1, static_cast<int>(left.count()));
		if (n > 0)
			return;
		if (n < 0 && errno != EINTR)
			Fail(path, std::string("poll: ") + std::strerror(errno));
	}
}

/// @p exchange's result; a malformed answer becomes an error naming the
/// socket.
template<typename F>
auto
ParseOrFail(const std::string &path, F exchange)
{
	try {
		return exchange();
	} catch (const control::ProtocolError &e) {
		Fail(path, e.what());
	}
}

/// The ok answer, or the daemon's refusal thrown.
template<typename T>
T
Unpack(std::variant<T, control::Refusal> answer)
{
	if (auto *refusal = std::get_if<control::Refusal>(&answer))
		throw DaemonRefused(refusal->error);
	return std::move(std::get<T>(answer));
}

} // namespace

std::string
ControlExchange(const std::string &path, const control::Request &request,
		std::chrono::milliseconds timeout)
{
	const auto deadline = Clock::now() + timeout;
	const auto fd = Connect(path);

	const std::string line = control::ToJsonLine(request) + "\n";
	for (std::size_t sent = 0; sent < line.size();) {
		Wait(fd.Get(), POLLOUT, deadline, path);
		const auto n = ::send(fd.Get(), line.data() + sent, line.size() - sent,
				      MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			Fail(path, std::string("send: ") + std::strerror(errno));
		if (n > 0)
			sent += static_cast<std::size_t>(n);
	}

	std::string response;
	while (response.find('\n') == std::string::npos) {
		Wait(fd.Get(), POLLIN, deadline, path);
		char buffer[4096];
		const auto n = ::recv(fd.Get(), buffer, sizeof(buffer), MSG_DONTWAIT);
		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				continue;
			Fail(path, std::string("recv: ") + std::strerror(errno));
		}
		response.append(buffer, static_cast<std::size_t>(n));
		if (response.size() > max_response)
			Fail(path, "answer too large");
	}
	if (response.empty())
		Fail(path, "the daemon closed the connection without answering");
	response.resize(std::min(response.size(), response.find('\n')));
	return response;
}

control::DaemonStatus
AskStatus(const std::string &path, std::chrono::milliseconds timeout)
{
	return Unpack(ParseOrFail(path, [&] {
		return control::ParseStatusAnswer(ControlExchange(path, control::Request{}, timeout));
	}));
}

control::Decided
AskDecision(const std::string &path, const control::Request &request,
	    std::chrono::milliseconds timeout)
{
	return Unpack(ParseOrFail(path, [&] {
		return control::ParseDecisionAnswer(ControlExchange(path, request, timeout));
	}));
}

control::Reloaded
AskReload(const std::string &path, std::chrono::milliseconds timeout)
{
	control::Request request;
	request.command = control::Command::Reload;
	return Unpack(ParseOrFail(path, [&] {
		return control::ParseReloadAnswer(ControlExchange(path, request, timeout));
	}));
}

void
TellDaemonToReload(const std::string &path) noexcept
{
	try {
		const auto r = AskReload(path);
		std::printf("The running daemon reloaded its configuration (%lld pipeline%s).\n",
			    static_cast<long long>(r.pipelines), r.pipelines == 1 ? "" : "s");
	} catch (const DaemonNotRunning &) {
		std::printf("No daemon is running; `osprey start` will load it.\n");
	} catch (const DaemonRefused &e) {
		std::fprintf(stderr, "osprey: warning: the running daemon did not reload: %s\n",
			     e.what());
	} catch (const std::exception &e) {
		std::fprintf(stderr, "osprey: warning: could not tell the running daemon to "
			     "reload (%s); run `osprey reload`\n", e.what());
	}
}

} // namespace osprey::cli
