// Which proxy a request goes through, decided the way server admins expect
// from the usual environment variables, upper or lower case alike.
//
// libcurl reads them itself but ignores uppercase HTTP_PROXY on purpose
// ("httpoxy": in a CGI program HTTP_PROXY can come from a request's Proxy:
// header). A daemon is not CGI and admins set HTTP_PROXY, so Osprey reads
// the variables here and always hands curl an explicit proxy and no-proxy
// list: curl never consults the environment itself.
#pragma once

#include <string>
#include <string_view>

namespace osprey {

struct ProxyConfig {
	std::string http;      ///< for http:// URLs
	std::string https;     ///< for https:// URLs
	std::string all;       ///< for either when the one above is empty
	std::string no_proxy;  ///< curl's CURLOPT_NOPROXY syntax: hosts, domains, "*"

	/// http_proxy/HTTP_PROXY, https_proxy/HTTPS_PROXY, all_proxy/ALL_PROXY
	/// and no_proxy/NO_PROXY, the lowercase one first where both are set
	/// (curl's own order).
	static ProxyConfig FromEnvironment();

	/// The proxy for a URL with scheme @p scheme ("http", "https"); empty
	/// for a direct connection. NO_PROXY is applied by curl (it matches
	/// host names, domains and addresses) from the list set beside it.
	const std::string &For(std::string_view scheme) const noexcept;
};

} // namespace osprey
