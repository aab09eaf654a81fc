// Owns one uv_tcp_t (allocated apart, see HandleClose.hxx), listening or
// connected. Move-only. Every callback reaches the owner through Listener and
// never after Close(): closing is final and immediate for the owner, libuv
// frees the handle (and cancels pending writes) later.
#pragma once

#include <uv.h>

#include <span>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <sys/types.h>

namespace osprey::uv {

class Loop;

class TcpSocket {
public:
	/// Runs on the loop's thread; must not throw. The owner may Close() (or
	/// destroy) the socket from inside any of these.
	class Listener {
	public:
		/// A listening socket has a connection to Accept() (status 0) or an
		/// error (negative libuv code).
		virtual void OnConnection(TcpSocket &socket, int status) noexcept;
		/// @p nread bytes arrived at the start of the ReadStart() buffer, or
		/// a negative libuv code (UV_EOF when the peer shut down its side).
		virtual void OnRead(TcpSocket &socket, ssize_t nread, const char *data) noexcept = 0;
		/// A Write() finished (status 0) or failed (negative libuv code).
		virtual void OnWritten(TcpSocket &socket, int status) noexcept;

	protected:
		~Listener() = default;
	};

private:
	uv_tcp_t *handle = nullptr;
	Listener *listener = nullptr;
	std::span<char> read_buffer;

public:
	/// An empty socket; operations on it (or on a closed one) fail with
	/// UV_EBADF or do nothing.
	TcpSocket() noexcept = default;
	/// Throws std::system_error when uv_tcp_init() fails.
	TcpSocket(Loop &loop, Listener &listener);
	TcpSocket(TcpSocket &&other) noexcept;
	TcpSocket &operator=(TcpSocket &&other) noexcept;
	~TcpSocket() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }
	void SetListener(Listener &l) noexcept { listener = &l; }

	/// Bind and listen; throw std::system_error with @p what as context.
	void Bind(const sockaddr &address, const char *what);
	void Listen(int backlog, const char *what);

	/// Accepts a pending connection into @p client (a fresh, defined socket).
	int Accept(TcpSocket &client) noexcept;

	int SetNoDelay(bool enable) noexcept;
	/// The bound port (host byte order), 0 on error.
	unsigned LocalPort() const noexcept;
	/// The peer as "192.0.2.1:5678" or "[2001:db8::1]:5678"; empty on error.
	std::string PeerAddress() const;

	/// Every read lands in @p buffer, which the caller keeps alive while
	/// reading; sharing one buffer between sockets of a loop is fine because
	/// each OnRead() consumes the bytes before the next read happens.
	int ReadStart(std::span<char> buffer) noexcept;
	void ReadStop() noexcept;

	/// Writes what the kernel takes now: bytes written, or UV_EAGAIN, or
	/// another negative libuv code.
	int TryWrite(std::string_view data) noexcept;
	/// Queues a copy of @p data; OnWritten() reports the end. For the
	/// remainder TryWrite() could not send.
	int Write(std::string_view data) noexcept;
	/// Shuts the sending side down once queued writes are done (FIN).
	int Shutdown() noexcept;

	void Close() noexcept;

private:
	static void OnConnectionCallback(uv_stream_t *server, int status) noexcept;
	static void OnAllocCallback(uv_handle_t *handle, size_t, uv_buf_t *buf) noexcept;
	static void OnReadCallback(uv_stream_t *stream, ssize_t nread, const uv_buf_t *) noexcept;
	static void OnWriteCallback(uv_write_t *req, int status) noexcept;
};

} // namespace osprey::uv
