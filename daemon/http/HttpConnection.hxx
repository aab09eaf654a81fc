// One accepted TCP connection: moves bytes between the socket and its
// HttpConnectionProtocol, and owns the connection's deadline. Owned by
// HttpServer (an intrusive list); it tells the server through Listener when it
// closed itself, and the server deletes it then.
//
// Closing happens only from top-level libuv callbacks of this connection (read,
// write done, timer) or from the server, never from inside the protocol.
#pragma once

#include "HttpConnectionProtocol.hxx"
#include "lib/uv/TcpSocket.hxx"
#include "lib/uv/Timer.hxx"

#include <cstddef>
#include <cstdint>
#include <span>

namespace osprey::uv {
class Loop;
}

namespace osprey::http {

class HttpConnection final : uv::TcpSocket::Listener, uv::Timer::Listener,
			     HttpConnectionProtocol::Listener {
public:
	class Listener {
	public:
		/// @p connection has closed its handles; delete it now. Called from
		/// the connection's own callbacks, which return right after.
		virtual void OnHttpConnectionClosed(HttpConnection &connection) noexcept = 0;

	protected:
		~Listener() = default;
	};

	/// Intrusive list hooks, managed by HttpServer.
	HttpConnection *prev = nullptr, *next = nullptr;

private:
	uv::Loop &loop;
	const HttpLimits &limits;
	std::span<char> read_buffer;
	Listener &listener;
	uv::TcpSocket socket;
	uv::Timer timer;
	HttpConnectionProtocol protocol;

	/// A uv_write() is under way; reading is paused meanwhile (backpressure
	/// for clients that pipeline without reading).
	bool writing = false;
	/// Shut down after a final response; reading only to drain.
	bool lingering = false;
	/// Inside Feed(): the handler may call StopGracefully(), which must not
	/// flush half-built output.
	bool feeding = false;
	/// Counted against HttpLimits::max_connections (not a 503 rejection).
	bool counted = true;
	/// A deferred answer arrived; the timer, due at once, goes on from
	/// there (never inside the PendingResponse's call).
	bool answered = false;

	std::uint64_t deadline = 0, armed_for = 0;
	HttpConnectionProtocol::Phase deadline_phase = HttpConnectionProtocol::Phase::CLOSING;
	std::size_t deadline_requests = SIZE_MAX;

public:
	/// @p socket is accepted already; @p read_buffer is shared by all
	/// connections of the server. Throws std::system_error when the timer
	/// cannot be created.
	HttpConnection(uv::Loop &loop, uv::TcpSocket &&socket, HttpHandler &handler,
		       const HttpLimits &limits, HttpStats &stats, std::span<char> read_buffer,
		       Listener &listener);

	HttpConnection(const HttpConnection &) = delete;
	HttpConnection &operator=(const HttpConnection &) = delete;

	/// Begins serving; may close (and so delete) the connection at once.
	void Start() noexcept;
	/// Answers 503 and closes; may delete the connection at once.
	void StartOverloaded() noexcept;
	/// Finish the request under way, then close; closes (and deletes) at
	/// once when idle.
	void StopGracefully() noexcept;

	bool IsCounted() const noexcept { return counted; }

	/// Closes the handles without telling the listener (the server is
	/// closing everything and deletes the connection itself).
	void CloseHandles() noexcept;

private:
	void Advance() noexcept;
	void ContinueAfterAnswer() noexcept;
	bool Flush() noexcept;
	void BeginLinger() noexcept;
	void UpdatePhaseDeadline() noexcept;
	void SetDeadline(std::uint64_t timeout_ms) noexcept;
	void Destroy() noexcept;

	// uv::TcpSocket::Listener
	void OnRead(uv::TcpSocket &, ssize_t nread, const char *data) noexcept override;
	void OnWritten(uv::TcpSocket &, int status) noexcept override;
	// uv::Timer::Listener
	void OnTimer(uv::Timer &) noexcept override;
	// HttpConnectionProtocol::Listener
	void OnDeferredAnswered() noexcept override;
};

} // namespace osprey::http
