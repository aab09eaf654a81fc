// What HttpClient sends and what it hands back.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey {

struct HttpRequest {
	std::string method = "GET";
	/// http:// or https://. May hold secrets (a bot token in the path):
	/// HttpClient never puts it into an error.
	std::string url;
	/// Whole lines, "Content-Type: application/json".
	std::vector<std::string> headers;
	std::string body;

	/// The whole transfer, connecting included.
	std::chrono::milliseconds timeout{30'000};
	std::chrono::milliseconds connect_timeout{10'000};
	/// A larger response body fails the transfer; the client never holds
	/// more than this of it.
	std::size_t max_response_size = 1024 * 1024;
};

struct HttpResponse {
	long status = 0;
	/// The final response's headers in order, names lowercased (HTTP
	/// names are case-insensitive), values trimmed.
	std::vector<std::pair<std::string, std::string>> headers;
	std::string body;

	/// The value of the last header named @p lowercase_name, or null.
	const std::string *FindHeader(std::string_view lowercase_name) const noexcept {
		const std::string *found = nullptr;
		for (const auto &[name, value] : headers)
			if (name == lowercase_name)
				found = &value;
		return found;
	}
};

/// A transfer's outcome: either a response (any status; a 500 is a
/// response) or an error.
struct HttpResult {
	/// Empty when a response arrived; otherwise one short sentence, curl's
	/// own where it has one ("Failed to connect to 127.0.0.1 port 1 after
	/// 0 ms: Couldn't connect to server"). Never contains the URL's path,
	/// query or password.
	std::string error;
	HttpResponse response;

	bool Ok() const noexcept { return error.empty(); }
};

} // namespace osprey
