// The Date header value (RFC 9110 IMF-fixdate), formatted at most once per
// second per thread: every response carries one, so it must be cheap.
#pragma once

#include <string_view>

namespace osprey::http {

struct HttpDate {
	/// "Sun, 06 Nov 1994 08:49:37 GMT"; valid until the next call on this
	/// thread. Independent of the locale (the CLI may set one).
	static std::string_view Now() noexcept;
};

} // namespace osprey::http
