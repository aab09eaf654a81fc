// What the HTTP server allows a client, with the defaults the daemon uses.
// Every limit exists because a webhook port faces the internet: a slow or
// hostile client must cost a bounded amount of memory, time and descriptors.
#pragma once

#include <chrono>
#include <cstddef>

namespace osprey::http {

struct HttpLimits {
	/// Request line plus header lines; beyond it: 431.
	std::size_t max_header_bytes = 16 * 1024;
	/// Body limit for routes that accept without naming their own (413).
	std::size_t max_body_bytes = 1024 * 1024;

	/// Total time from the first byte of a request (or from accepting the
	/// connection) to the end of its headers; then 408. A connection that
	/// never sends a byte is closed silently when it runs out.
	std::chrono::milliseconds header_timeout{10'000};
	/// Total time from the end of the headers to the end of the body: a
	/// deadline, not an idle timer, so a client trickling one byte at a time
	/// cannot hold a connection for longer than this; then 408.
	std::chrono::milliseconds body_timeout{30'000};
	/// Idle time allowed between requests on a kept-alive connection; then
	/// the connection is closed silently.
	std::chrono::milliseconds keepalive_timeout{60'000};
	/// How long a response may wait for a client that does not read it.
	std::chrono::milliseconds send_timeout{30'000};
	/// After an error response the server shuts its side down and reads
	/// (and discards) what the client still sends for at most this long,
	/// so the kernel does not answer unread data with a reset that would
	/// destroy the response in flight ("lingering close").
	std::chrono::milliseconds linger_timeout{5'000};
	/// How long a graceful stop waits for a response the handler deferred
	/// (PendingResponse); then 503 and close. Without a stop, a deferred
	/// response has no deadline: the handler owns its duration.
	std::chrono::milliseconds deferred_stop_timeout{30'000};

	/// Connections being served at once; one more is answered 503 and closed.
	std::size_t max_connections = 1024;
	int listen_backlog = 511;
};

} // namespace osprey::http
