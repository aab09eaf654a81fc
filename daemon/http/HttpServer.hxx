// The daemon's HTTP/1.1 ingest server: listens on one address, serves each
// connection with HttpConnection, and calls the HttpHandler the daemon
// implements. Everything runs on the loop's thread; no method is thread-safe.
//
//   uv::Loop loop;
//   MyHandler handler;                      // implements http::HttpHandler
//   http::HttpServer server(loop, handler);  // HttpLimits{} are the defaults
//   server.Listen("0.0.0.0", 8080);
//   loop.Run();
#pragma once

#include "HttpConnection.hxx"
#include "HttpHandler.hxx"
#include "HttpLimits.hxx"
#include "lib/uv/TcpSocket.hxx"

#include <cstddef>
#include <functional>
#include <memory>
#include <string_view>

namespace osprey::uv {
class Loop;
}

namespace osprey::http {

class HttpServer final : uv::TcpSocket::Listener, HttpConnection::Listener {
	uv::Loop &loop;
	HttpHandler &handler;
	const HttpLimits limits;
	HttpStats stats;
	uv::TcpSocket listener;

	/// Every read of every connection lands here and is consumed before
	/// the next read (see uv::TcpSocket::ReadStart()).
	std::unique_ptr<char[]> read_buffer;

	HttpConnection *connections = nullptr;
	std::size_t counted_connections = 0, all_connections = 0;

	bool stopping = false;
	std::function<void()> on_stopped;

public:
	static constexpr std::size_t kReadBufferSize = 64 * 1024;

	/// @p loop and @p handler must outlive the server.
	HttpServer(uv::Loop &loop, HttpHandler &handler, const HttpLimits &limits = {});
	~HttpServer() noexcept { Close(); }

	HttpServer(const HttpServer &) = delete;
	HttpServer &operator=(const HttpServer &) = delete;

	/// server.host's default: every IPv4 interface.
	static constexpr std::string_view kDefaultHost = "0.0.0.0";

	/// Binds and listens. @p host is an IPv4 or IPv6 literal ("0.0.0.0",
	/// "127.0.0.1", "::" (IPv6 and, unless the system says otherwise, IPv4
	/// too), "[::1]"); port 0 picks a free port (see Port()). Throws
	/// std::system_error ("listening on 127.0.0.1:8080: address already in
	/// use") or std::invalid_argument for a host that is not a literal
	/// address (names are resolved by the caller, if at all).
	void Listen(std::string_view host, unsigned port);
	void Listen(unsigned port) { Listen(kDefaultHost, port); }

	/// The bound port; 0 before Listen().
	unsigned Port() const noexcept;

	/// Stops accepting, closes idle connections, lets requests under way
	/// finish (their responses say "Connection: close"), then calls
	/// @p stopped (on the loop's thread, once every connection is gone; at
	/// once if none is open). Connection timeouts bound how long it takes;
	/// a connection that already answered and is draining a client's
	/// leftover bytes ends at the client's close or after linger_timeout.
	void StopGracefully(std::function<void()> stopped);

	/// Closes the listener and every connection now. Afterwards the server
	/// holds no libuv handle; the loop frees the closed ones on its next run.
	void Close() noexcept;

	/// Open connections, 503 rejections that are still closing included.
	std::size_t ConnectionCount() const noexcept { return all_connections; }
	const HttpStats &Stats() const noexcept { return stats; }

private:
	void Link(HttpConnection &connection) noexcept;
	void Unlink(HttpConnection &connection) noexcept;
	void CheckStopped() noexcept;

	// uv::TcpSocket::Listener
	void OnConnection(uv::TcpSocket &, int status) noexcept override;
	void OnRead(uv::TcpSocket &, ssize_t, const char *) noexcept override {}
	// HttpConnection::Listener
	void OnHttpConnectionClosed(HttpConnection &connection) noexcept override;
};

} // namespace osprey::http
