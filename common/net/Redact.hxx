// Keeps URL secrets out of messages. A Telegram bot token sits in the URL's
// path (/bot<token>/sendMessage), webhook URLs carry keys in their query,
// and any URL may carry user:password: none of that may reach a log line or
// an error, whatever curl chose to put in its error buffer.
#pragma once

#include <string>
#include <string_view>

namespace osprey {

/// @p message with every occurrence of @p url, of its path, query,
/// fragment and password, and of each longer path segment replaced by
/// "[redacted]". The scheme, host and port stay: they say where a failure
/// happened and are no secret.
std::string RedactUrl(std::string message, std::string_view url);

/// "https://api.telegram.org" for "https://api.telegram.org/bot1:x/getMe":
/// what may be shown of a URL (scheme, host, port; no user info).
std::string UrlOrigin(std::string_view url);

} // namespace osprey
