// A ws:// or wss:// URL, split into what the transport connects to and what
// the upgrade request names. Slack's Socket Mode URL carries a ticket in its
// query: errors about a URL never quote it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace osprey::websocket {

struct Url {
	bool secure = true;   // wss://
	std::string host;     // a name, an IPv4 address or a bare IPv6 address
	std::uint16_t port = 443;
	std::string target;   // path and query, at least "/"

	/// The Host header's value: the port only when it is not the scheme's
	/// default, an IPv6 address in brackets.
	std::string HostHeader() const;
};

/// Parses "ws[s]://host[:port][/path][?query]" (already percent-encoded).
/// Throws std::invalid_argument saying what is wrong (never quoting the URL)
/// for another scheme, spaces or control characters (they would end up in
/// the request head), user info, a fragment, an empty host or a bad port.
Url ParseUrl(std::string_view url);

} // namespace osprey::websocket
