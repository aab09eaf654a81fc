// Owns one uv_pipe_t (see Handle.hxx) on a unix socket: a listening server or
// an accepted connection, for the management socket. Move-only. Reading,
// writing and accepting are Stream's (Stream.hxx), as for TcpSocket.
#pragma once

#include "Stream.hxx"

#include <optional>
#include <string>
#include <sys/types.h>

namespace osprey::uv {

class Loop;

class Pipe final : public detail::Stream<uv_pipe_t, Pipe> {
public:
	using Listener = StreamListener<Pipe>;

	/// An empty pipe; operations on it (or on a closed one) fail with
	/// UV_EBADF or do nothing.
	Pipe() noexcept = default;
	/// Throws std::system_error when uv_pipe_init() fails.
	Pipe(Loop &loop, Listener &listener);
	Pipe(Pipe &&) noexcept = default;
	Pipe &operator=(Pipe &&) noexcept = default;

	/// Creates the socket file at @p path (which must not exist) with the
	/// permissions @p mode, whatever the umask says: the process umask is
	/// narrowed around bind(2), so the file never exists with wider
	/// permissions. umask is process-wide: call this while no other thread
	/// creates files (at startup). Throws std::system_error naming @p path.
	void Bind(const std::string &path, mode_t mode);

	/// Takes @p fd, an open pipe (a process's standard output to a log
	/// collector), and makes it non-blocking. Throws std::system_error.
	void Open(int fd);

	/// The uid of the process at the other end of an accepted unix socket,
	/// as the kernel recorded it at connect(2) (SO_PEERCRED: the client
	/// cannot lie about it); nullopt when it cannot be had.
	std::optional<uid_t> PeerUid() const noexcept;
};

} // namespace osprey::uv
