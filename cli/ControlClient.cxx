#include "ControlClient.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

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

} // namespace

json::Value
ControlRequest(const std::string &path, const json::Value &request,
	       std::chrono::milliseconds timeout)
{
	const auto deadline = Clock::now() + timeout;
	const auto fd = Connect(path);

	const std::string line = json::Serialize(request) + "\n";
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

	json::Value answer;
	try {
		answer = json::Parse(response.substr(0, response.find('\n')));
	} catch (const json::ParseError &e) {
		Fail(path, std::string("malformed answer: ") + e.what());
	}
	const auto *ok = answer.Find("ok");
	if (ok == nullptr || !ok->IsBool())
		Fail(path, "malformed answer: no \"ok\"");
	return answer;
}

json::Value
ControlCommand(const std::string &path, const json::Value &request)
{
	auto answer = ControlRequest(path, request);
	if (answer.Find("ok")->GetBool())
		return answer;
	const auto *error = answer.Find("error");
	throw std::runtime_error(error != nullptr && error->IsString() && !error->GetText().empty()
				 ? error->GetText() : "the daemon refused without saying why");
}

std::string
LocalUserName()
{
	const uid_t uid = ::geteuid();
	std::string buffer(16384, '\0');
	passwd entry, *result = nullptr;
	if (::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &result) == 0 &&
	    result != nullptr && result->pw_name != nullptr && result->pw_name[0] != '\0')
		return result->pw_name;
	return "uid " + std::to_string(uid);
}

} // namespace osprey::cli
