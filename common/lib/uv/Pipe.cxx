#include "Pipe.hxx"
#include "Loop.hxx"

#include <sys/socket.h>
#include <sys/stat.h>

namespace osprey::uv {

Pipe::Pipe(Loop &loop, Listener &_listener)
	: Stream(_listener)
{
	Initialised(uv_pipe_init(loop.Get(), handle, 0), "creating a unix socket");
}

void
Pipe::Open(int fd)
{
	const int err = uv_pipe_open(handle, fd);
	if (err < 0)
		throw MakeError(err, "taking over a pipe");
}

void
Pipe::Bind(const std::string &path, mode_t mode)
{
	const std::string what = "binding the unix socket " + path;
	if (handle == nullptr)
		throw MakeError(UV_EBADF, what);
	// bind(2) creates the file with 0777 & ~umask; chmod afterwards would
	// leave a window in which another user could connect.
	const mode_t old_mask = ::umask(~mode & 0777);
	const int err = uv_pipe_bind(handle, path.c_str());
	::umask(old_mask);
	if (err < 0)
		throw MakeError(err, what);
}

std::optional<uid_t>
Pipe::PeerUid() const noexcept
{
	uv_os_fd_t fd;
	if (handle == nullptr || uv_fileno(reinterpret_cast<const uv_handle_t *>(handle), &fd) < 0)
		return std::nullopt;
	ucred credentials{};
	socklen_t size = sizeof(credentials);
	if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) < 0 ||
	    size != sizeof(credentials))
		return std::nullopt;
	return credentials.uid;
}

} // namespace osprey::uv
