// Owns one uv_tcp_t (see Handle.hxx), listening or connected. Move-only.
// Reading, writing and accepting are Stream's (Stream.hxx), as for Pipe.
#pragma once

#include "Stream.hxx"

#include <string>
#include <string_view>
#include <sys/socket.h>

namespace osprey::uv {

class Loop;

class TcpSocket final : public detail::Stream<uv_tcp_t, TcpSocket> {
public:
	using Listener = StreamListener<TcpSocket>;

	/// An empty socket; operations on it (or on a closed one) fail with
	/// UV_EBADF or do nothing.
	TcpSocket() noexcept = default;
	/// Throws std::system_error when uv_tcp_init() fails.
	TcpSocket(Loop &loop, Listener &listener);
	TcpSocket(TcpSocket &&) noexcept = default;
	TcpSocket &operator=(TcpSocket &&) noexcept = default;

	void SetListener(Listener &l) noexcept { listener = &l; }

	/// Throws std::system_error with @p what as context.
	void Bind(const sockaddr &address, const char *what);

	int SetNoDelay(bool enable) noexcept;
	/// The bound port (host byte order), 0 on error.
	unsigned LocalPort() const noexcept;
	/// The peer as "192.0.2.1:5678" or "[2001:db8::1]:5678"; empty on error.
	std::string PeerAddress() const;

	/// Shuts the sending side down once queued writes are done (FIN).
	int Shutdown() noexcept;
};

} // namespace osprey::uv
