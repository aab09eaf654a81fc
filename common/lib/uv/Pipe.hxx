// Owns one uv_pipe_t (allocated apart, see HandleClose.hxx) on a unix socket:
// a listening server or an accepted connection. Move-only. Every callback
// reaches the owner through Listener and never after Close(): closing is final
// and immediate for the owner, libuv frees the handle (and cancels pending
// writes) later. The same shape as TcpSocket, for the management socket.
#pragma once

#include <uv.h>

#include <span>
#include <string>
#include <string_view>
#include <sys/types.h>

namespace osprey::uv {

class Loop;

class Pipe {
public:
	/// Runs on the loop's thread; must not throw. The owner may Close() (or
	/// destroy) the pipe from inside any of these.
	class Listener {
	public:
		/// A listening pipe has a connection to Accept() (status 0) or an
		/// error (negative libuv code).
		virtual void OnConnection(Pipe &pipe, int status) noexcept;
		/// @p nread bytes arrived at the start of the ReadStart() buffer, or
		/// a negative libuv code (UV_EOF when the peer shut down its side).
		virtual void OnRead(Pipe &pipe, ssize_t nread, const char *data) noexcept = 0;
		/// A Write() finished (status 0) or failed (negative libuv code).
		virtual void OnWritten(Pipe &pipe, int status) noexcept;

	protected:
		~Listener() = default;
	};

private:
	uv_pipe_t *handle = nullptr;
	Listener *listener = nullptr;
	std::span<char> read_buffer;

public:
	/// An empty pipe; operations on it (or on a closed one) fail with
	/// UV_EBADF or do nothing.
	Pipe() noexcept = default;
	/// Throws std::system_error when uv_pipe_init() fails.
	Pipe(Loop &loop, Listener &listener);
	Pipe(Pipe &&other) noexcept;
	Pipe &operator=(Pipe &&other) noexcept;
	~Pipe() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }

	/// Creates the socket file at @p path (which must not exist) with the
	/// permissions @p mode, whatever the umask says: the process umask is
	/// narrowed around bind(2), so the file never exists with wider
	/// permissions. umask is process-wide: call this while no other thread
	/// creates files (at startup). Throws std::system_error naming @p path.
	void Bind(const std::string &path, mode_t mode);
	/// Throws std::system_error with @p what as context.
	void Listen(int backlog, const char *what);

	/// Accepts a pending connection into @p client (a fresh, defined pipe).
	int Accept(Pipe &client) noexcept;

	/// Every read lands in @p buffer, which the caller keeps alive while
	/// reading.
	int ReadStart(std::span<char> buffer) noexcept;
	void ReadStop() noexcept;

	/// Queues a copy of @p data; OnWritten() reports the end.
	int Write(std::string_view data) noexcept;

	void Close() noexcept;

private:
	static void OnConnectionCallback(uv_stream_t *server, int status) noexcept;
	static void OnAllocCallback(uv_handle_t *handle, size_t, uv_buf_t *buf) noexcept;
	static void OnReadCallback(uv_stream_t *stream, ssize_t nread, const uv_buf_t *) noexcept;
	static void OnWriteCallback(uv_write_t *req, int status) noexcept;
};

} // namespace osprey::uv
