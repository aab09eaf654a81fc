#include "HandshakeResponse.hxx"
#include "Handshake.hxx"

#include <stdexcept>
#include <vector>

namespace osprey::websocket {

HandshakeResponse::HandshakeResponse(std::string_view key)
	:expected_accept(AcceptFor(key)) {}

std::optional<std::size_t>
HandshakeResponse::Feed(std::string_view data)
{
	const std::size_t before = head.size();
	/* the blank line may straddle the previous read */
	const std::size_t from = before < 3 ? 0 : before - 3;
	const std::size_t room = kMaxHeadSize - before;
	head.append(data.substr(0, room));
	const std::size_t end = head.find("\r\n\r\n", from);
	if (end == std::string::npos) {
		if (head.size() >= kMaxHeadSize)
			throw std::runtime_error("the server's response head is over 16 KiB");
		return std::nullopt;
	}
	head.resize(end + 2); // keep the last header's CRLF
	Check();
	return end + 4 - before;
}

static char
Lower(char c) noexcept
{
	return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

static bool
EqualsIgnoreCase(std::string_view a, std::string_view b) noexcept
{
	if (a.size() != b.size())
		return false;
	for (std::size_t i = 0; i < a.size(); ++i)
		if (Lower(a[i]) != Lower(b[i]))
			return false;
	return true;
}

static std::string_view
Trim(std::string_view s) noexcept
{
	while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
		s.remove_prefix(1);
	while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
		s.remove_suffix(1);
	return s;
}

/// True when the comma-separated list @p value holds @p token.
static bool
HasToken(std::string_view value, std::string_view token) noexcept
{
	while (true) {
		const std::size_t comma = value.find(',');
		if (EqualsIgnoreCase(Trim(value.substr(0, comma)), token))
			return true;
		if (comma == std::string_view::npos)
			return false;
		value.remove_prefix(comma + 1);
	}
}

/// The status line's reason phrase, fit to be shown: printable ASCII, short.
static std::string
Printable(std::string_view reason)
{
	std::string out;
	for (const char c : reason.substr(0, 64))
		out += c >= 0x20 && c < 0x7f ? c : '?';
	return out;
}

struct Header {
	std::string_view name, value;
};

void
HandshakeResponse::Check() const
{
	std::string_view rest = head;
	const std::size_t line_end = rest.find("\r\n");
	const std::string_view status_line = rest.substr(0, line_end);
	rest.remove_prefix(line_end + 2);

	/* "HTTP/1.1 101 Switching Protocols" */
	if (!status_line.starts_with("HTTP/1.") || status_line.size() < 12 ||
	    status_line[8] != ' ' || (status_line.size() > 12 && status_line[12] != ' '))
		throw std::runtime_error("the server did not answer with an HTTP/1.x status line");
	const std::string_view status = status_line.substr(9, 3);
	for (const char c : status)
		if (c < '0' || c > '9')
			throw std::runtime_error("the server did not answer with an HTTP/1.x status line");
	if (status != "101") {
		std::string reason = Printable(Trim(status_line.substr(12)));
		throw std::runtime_error("the server answered " + std::string(status) +
					 (reason.empty() ? "" : " " + reason) +
					 " instead of switching protocols");
	}

	std::vector<Header> headers;
	while (!rest.empty()) {
		const std::size_t end = rest.find("\r\n");
		const std::string_view line = rest.substr(0, end);
		rest.remove_prefix(end + 2);
		const std::size_t colon = line.find(':');
		if (colon == std::string_view::npos || colon == 0 ||
		    line.front() == ' ' || line.front() == '\t' ||
		    Trim(line.substr(0, colon)).size() != colon)
			throw std::runtime_error("the server's response has a malformed header line");
		headers.push_back({line.substr(0, colon), Trim(line.substr(colon + 1))});
	}

	bool upgrade = false, connection = false, accept_seen = false;
	for (const auto &[name, value] : headers) {
		if (EqualsIgnoreCase(name, "Upgrade")) {
			upgrade = upgrade || HasToken(value, "websocket");
		} else if (EqualsIgnoreCase(name, "Connection")) {
			connection = connection || HasToken(value, "upgrade");
		} else if (EqualsIgnoreCase(name, "Sec-WebSocket-Accept")) {
			if (accept_seen || value != expected_accept)
				throw std::runtime_error("the server's Sec-WebSocket-Accept does not match our key");
			accept_seen = true;
		} else if (EqualsIgnoreCase(name, "Sec-WebSocket-Extensions") && !value.empty()) {
			throw std::runtime_error("the server chose a WebSocket extension we did not offer");
		} else if (EqualsIgnoreCase(name, "Sec-WebSocket-Protocol") && !value.empty()) {
			throw std::runtime_error("the server chose a WebSocket subprotocol we did not offer");
		}
	}
	if (!upgrade)
		throw std::runtime_error("the server's 101 response lacks \"Upgrade: websocket\"");
	if (!connection)
		throw std::runtime_error("the server's 101 response lacks \"Connection: upgrade\"");
	if (!accept_seen)
		throw std::runtime_error("the server's 101 response lacks Sec-WebSocket-Accept");
}

} // namespace osprey::websocket
