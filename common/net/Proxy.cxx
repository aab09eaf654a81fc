#include "Proxy.hxx"

#include <cstdlib>

namespace osprey {

namespace {

std::string
FirstSet(const char *lower, const char *upper)
{
	for (const char *name : {lower, upper})
		if (const char *value = std::getenv(name); value != nullptr && *value != '\0')
			return value;
	return {};
}

} // namespace

ProxyConfig
ProxyConfig::FromEnvironment()
{
	ProxyConfig config;
	config.http = FirstSet("http_proxy", "HTTP_PROXY");
	config.https = FirstSet("https_proxy", "HTTPS_PROXY");
	config.all = FirstSet("all_proxy", "ALL_PROXY");
	config.no_proxy = FirstSet("no_proxy", "NO_PROXY");
	return config;
}

const std::string &
ProxyConfig::For(std::string_view scheme) const noexcept
{
	const std::string &specific = scheme == "https" ? https : scheme == "http" ? http : all;
	return specific.empty() ? all : specific;
}

} // namespace osprey
