// Test helper: splits the bytes a server sent into responses (status, headers,
// body framed by Content-Length), the way a strict client would.
#pragma once

#include "http/HttpHeaders.hxx"

#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey::http::test {

struct ParsedResponse {
	unsigned status = 0;
	std::vector<std::pair<std::string, std::string>> headers;
	std::string body;

	std::optional<std::string> Header(std::string_view name) const {
		for (const auto &[n, v] : headers)
			if (EqualsIgnoreCase(n, name))
				return v;
		return std::nullopt;
	}
};

/// Parses one response from the front of @p bytes; nullopt when incomplete.
/// Consumed bytes are removed from @p bytes.
inline std::optional<ParsedResponse>
TakeResponse(std::string &bytes, bool head_request = false)
{
	const auto end = bytes.find("\r\n\r\n");
	if (end == std::string::npos)
		return std::nullopt;
	ParsedResponse r;
	std::string_view head(bytes.data(), end);
	const auto line_end = head.find("\r\n");
	const std::string_view status_line = head.substr(0, line_end);
	if (status_line.size() < 12 || status_line.substr(0, 9) != "HTTP/1.1 ")
		return std::nullopt;
	r.status = unsigned(std::atoi(std::string(status_line.substr(9, 3)).c_str()));
	std::size_t pos = line_end == head.npos ? head.size() : line_end + 2;
	while (pos < head.size()) {
		auto next = head.find("\r\n", pos);
		if (next == head.npos)
			next = head.size();
		const std::string_view line = head.substr(pos, next - pos);
		const auto colon = line.find(':');
		std::string_view value = line.substr(colon + 1);
		while (!value.empty() && value.front() == ' ')
			value.remove_prefix(1);
		r.headers.emplace_back(std::string(line.substr(0, colon)), std::string(value));
		pos = next + 2;
	}
	std::size_t length = 0;
	if (const auto cl = r.Header("content-length"); cl && !head_request)
		length = std::size_t(std::atol(cl->c_str()));
	if (bytes.size() < end + 4 + length)
		return std::nullopt;
	r.body = bytes.substr(end + 4, length);
	bytes.erase(0, end + 4 + length);
	return r;
}

/// Every complete response in @p bytes.
inline std::vector<ParsedResponse>
TakeAllResponses(std::string &bytes)
{
	std::vector<ParsedResponse> result;
	while (auto r = TakeResponse(bytes))
		result.push_back(std::move(*r));
	return result;
}

} // namespace osprey::http::test
