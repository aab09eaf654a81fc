// A response as a handler builds it, and its serialization. The server adds
// Content-Length, Connection and Date itself.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey::http {

struct Response {
	unsigned status = 200;
	/// Extra header lines, e.g. {"Allow", "POST"} or {"Retry-After", "30"}.
	/// A name or value containing CR or LF is dropped, never sent.
	std::vector<std::pair<std::string, std::string>> headers;
	std::string body;
	/// Sent as Content-Type unless headers name one; empty: none.
	std::string_view content_type = "application/json";

	/// {"error":"<sentence>"}: the shape of every error Osprey answers.
	static Response Error(unsigned status, std::string_view sentence);
	static Response Json(unsigned status, std::string body) {
		Response r;
		r.status = status;
		r.body = std::move(body);
		return r;
	}
};

/// The reason phrase of @p status ("Not Found"), "Unknown" for exotic codes.
std::string_view ReasonPhrase(unsigned status) noexcept;

/// How the connection goes on after a response.
enum class ConnectionMode {
	/// HTTP/1.1 default: no Connection header.
	KEEP_ALIVE_DEFAULT,
	/// HTTP/1.0 keep-alive: "Connection: keep-alive".
	KEEP_ALIVE_EXPLICIT,
	/// "Connection: close"; the server closes after sending.
	CLOSE,
};

/// Appends the whole response (status line, headers, body) to @p out; without
/// the body bytes for HEAD requests (@p head_request).
void SerializeResponse(std::string &out, const Response &response, ConnectionMode mode,
		       bool head_request);

/// Appends a server-generated error ({"error":...}) without building a
/// Response (no allocation on the paths a flood of bad requests takes).
void SerializeError(std::string &out, unsigned status, std::string_view sentence,
		    ConnectionMode mode, bool head_request = false);

} // namespace osprey::http
