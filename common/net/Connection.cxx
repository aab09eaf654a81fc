#include "Connection.hxx"
#include "lib/curl/Easy.hxx"

#include <cctype>

namespace osprey {

namespace {

std::string
SchemeOf(std::string_view url)
{
	std::string scheme(url.substr(0, url.find("://")));
	for (char &c : scheme)
		c = char(std::tolower(static_cast<unsigned char>(c)));
	return scheme;
}

} // namespace

void
SetUpConnection(CurlEasy &easy, std::string_view url, const ConnectionOptions &options,
		std::chrono::milliseconds connect_timeout)
{
	easy.SetURL(std::string(url));
	easy.SetOption(CURLOPT_PROTOCOLS_STR, "http,https");
	easy.SetOption(CURLOPT_CONNECTTIMEOUT_MS, long(connect_timeout.count()));
	easy.SetOption(CURLOPT_SSL_VERIFYPEER, 1L);
	easy.SetOption(CURLOPT_SSL_VERIFYHOST, 2L);
	if (!options.extra_ca_file.empty()) {
		easy.SetOption(CURLOPT_CAINFO, options.extra_ca_file.c_str());
		easy.SetOption(CURLOPT_PROXY_CAINFO, options.extra_ca_file.c_str());
	}

	// Always explicit, "" included: curl must not read the environment
	// itself (see Proxy.hxx).
	const std::string &proxy = options.proxy.For(SchemeOf(url));
	easy.SetOption(CURLOPT_PROXY, proxy.c_str());
	easy.SetOption(CURLOPT_NOPROXY, options.proxy.no_proxy.c_str());
	// the proxy's answer to CONNECT is not the server's response
	easy.SetOption(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
	easy.SetOption(CURLOPT_TCP_KEEPALIVE, 1L);
}

} // namespace osprey
