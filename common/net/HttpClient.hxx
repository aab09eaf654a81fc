// An asynchronous HTTP client on a CurlMulti: many transfers at once on the
// daemon's loop, none of them blocking it (curl resolves names on its own
// threads). It knows HTTP, not the services it talks to.
//
// Contract: loop thread only. A callback runs once, on the loop thread,
// never inside Start(); it must not throw. A cancelled transfer's callback
// never runs; Close() (or destruction) cancels all. The CurlMulti must
// outlive the client.
#pragma once

#include "Connection.hxx"
#include "HttpMessage.hxx"

#include <cstdint>
#include <functional>
#include <memory>

namespace osprey {

class CurlMulti;

using HttpCallback = std::function<void(HttpResult &&result)>;

struct HttpClientOptions {
	ConnectionOptions connection;
	std::string user_agent = "osprey";
	/// Response headers beyond this many bytes fail the transfer (memory
	/// stays bounded whatever a server sends).
	std::size_t max_header_size = 64 * 1024;
};

class HttpClient {
	struct Impl;
	std::unique_ptr<Impl> impl;

public:
	using TransferId = std::uint64_t;

	/// Throws std::bad_alloc.
	HttpClient(CurlMulti &multi, HttpClientOptions options);
	HttpClient(HttpClient &&) noexcept;
	HttpClient &operator=(HttpClient &&) noexcept;
	~HttpClient() noexcept;

	/// Starts @p request; @p callback hears how it ended. Throws
	/// std::system_error when curl refuses the request's settings.
	TransferId Start(HttpRequest request, HttpCallback callback);

	/// Stops a running transfer; its callback will not run. False when it
	/// already ended (or was never started).
	bool Cancel(TransferId id) noexcept;

	/// How many transfers are running.
	std::size_t Running() const noexcept;

	/// Cancels every transfer.
	void Close() noexcept;
};

} // namespace osprey
