#include "Url.hxx"

#include <charconv>
#include <stdexcept>

namespace osprey::websocket {

std::string
Url::HostHeader() const
{
	std::string header = host.find(':') != std::string::npos ? "[" + host + "]" : host;
	if (port != (secure ? 443 : 80))
		header += ":" + std::to_string(port);
	return header;
}

static std::uint16_t
ParsePort(std::string_view s)
{
	unsigned value = 0;
	const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
	if (s.empty() || ec != std::errc{} || end != s.data() + s.size() ||
	    value == 0 || value > 65535)
		throw std::invalid_argument("the WebSocket URL's port is not a number from 1 to 65535");
	return std::uint16_t(value);
}

Url
ParseUrl(std::string_view s)
{
	Url url;
	if (s.starts_with("wss://")) {
		s.remove_prefix(6);
	} else if (s.starts_with("ws://")) {
		url.secure = false;
		url.port = 80;
		s.remove_prefix(5);
	} else {
		throw std::invalid_argument("a WebSocket URL starts with ws:// or wss://");
	}
	/* it goes into the request line and the Host header as it is */
	for (const char c : s)
		if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f)
			throw std::invalid_argument("a WebSocket URL has no spaces or control characters");
	if (s.find('#') != std::string_view::npos)
		throw std::invalid_argument("a WebSocket URL has no fragment (#)");

	const std::size_t authority_end = s.find_first_of("/?");
	std::string_view authority = s.substr(0, authority_end);
	url.target = authority_end == std::string_view::npos ? "/" : std::string(s.substr(authority_end));
	if (url.target.front() == '?')
		url.target.insert(0, 1, '/');
	if (authority.find('@') != std::string_view::npos)
		throw std::invalid_argument("a WebSocket URL has no user name or password");

	if (authority.starts_with('[')) {
		const std::size_t close = authority.find(']');
		if (close == std::string_view::npos)
			throw std::invalid_argument("the WebSocket URL's IPv6 address lacks its ']'");
		url.host = authority.substr(1, close - 1);
		authority.remove_prefix(close + 1);
		if (!authority.empty() && !authority.starts_with(':'))
			throw std::invalid_argument("the WebSocket URL has text after its IPv6 address");
	} else {
		const std::size_t colon = authority.find(':');
		url.host = authority.substr(0, colon);
		authority.remove_prefix(colon == std::string_view::npos ? authority.size() : colon);
	}
	if (url.host.empty())
		throw std::invalid_argument("the WebSocket URL has no host");
	if (authority.starts_with(':'))
		url.port = ParsePort(authority.substr(1));
	return url;
}

} // namespace osprey::websocket
