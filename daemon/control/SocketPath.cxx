#include "SocketPath.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <system_error>
#include <unistd.h>

namespace osprey::daemon {

namespace {

[[noreturn]] void
ThrowErrno(int error, const std::string &what)
{
	throw std::system_error(error, std::system_category(), what);
}

/// Whether a process accepts connections on @p path.
bool
SomeoneAnswers(const sockaddr_un &address, const std::string &path)
{
	// Non-blocking: a live daemon with a full backlog answers EAGAIN
	// instead of making us wait, and still counts as alive.
	UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
	if (!fd.IsDefined())
		ThrowErrno(errno, "creating a socket to probe " + path);
	if (::connect(fd.Get(), reinterpret_cast<const sockaddr *>(&address), sizeof(address)) == 0)
		return true;
	switch (const int error = errno) {
	case EAGAIN:
	case EINPROGRESS:
		return true;
	case ECONNREFUSED:
		return false;
	default:
		ThrowErrno(error, "probing the control socket " + path);
	}
}

} // namespace

void
ClaimSocketPath(const std::string &path)
{
	sockaddr_un address{};
	if (path.empty() || path.size() >= sizeof(address.sun_path))
		throw std::runtime_error("control socket path " + path + " is too long (at most " +
					 std::to_string(sizeof(address.sun_path) - 1) + " bytes)");
	address.sun_family = AF_UNIX;
	std::memcpy(address.sun_path, path.data(), path.size());

	struct stat st;
	if (::lstat(path.c_str(), &st) < 0) {
		if (errno == ENOENT)
			return;
		ThrowErrno(errno, "checking the control socket " + path);
	}
	if (!S_ISSOCK(st.st_mode))
		throw std::runtime_error("cannot create the control socket: " + path +
					 " exists and is not a socket");
	if (SomeoneAnswers(address, path))
		throw std::runtime_error("another osprey daemon is running (socket " + path + ")");
	if (::unlink(path.c_str()) < 0 && errno != ENOENT)
		ThrowErrno(errno, "removing the stale control socket " + path);
}

} // namespace osprey::daemon
