#include "Redact.hxx"

#include <algorithm>
#include <utility>
#include <vector>

namespace osprey {

namespace {

constexpr std::string_view replacement = "[redacted]";

/// Path segments shorter than this are words like "api" or "v1": replacing
/// them everywhere would garble the message and hide nothing.
constexpr std::size_t min_segment = 6;

/// Where the authority (user info, host, port) of @p url begins and ends.
std::pair<std::size_t, std::size_t>
Authority(std::string_view url) noexcept
{
	const std::size_t scheme_end = url.find("://");
	const std::size_t begin = scheme_end == url.npos ? 0 : scheme_end + 3;
	const std::size_t end = url.find_first_of("/?#", begin);
	return {begin, end == url.npos ? url.size() : end};
}

void
ReplaceAll(std::string &message, std::string_view secret)
{
	if (secret.size() < 2)
		return;
	for (std::size_t i = message.find(secret); i != message.npos;
	     i = message.find(secret, i + replacement.size()))
		message.replace(i, secret.size(), replacement);
}

} // namespace

std::string
RedactUrl(std::string message, std::string_view url)
{
	const auto [begin, end] = Authority(url);
	const std::string_view authority = url.substr(begin, end - begin);
	std::string_view rest = url.substr(end);
	std::vector<std::string_view> secrets{url, rest};
	if (const std::size_t at = authority.rfind('@'); at != authority.npos) {
		const std::string_view userinfo = authority.substr(0, at);
		if (const std::size_t colon = userinfo.find(':'); colon != userinfo.npos)
			secrets.push_back(userinfo.substr(colon + 1));
	}
	for (std::size_t cut; (cut = rest.find_first_of("?#")) != rest.npos;) {
		secrets.push_back(rest.substr(cut)); // query and fragment alone
		rest = rest.substr(0, cut);
	}
	secrets.push_back(rest); // the path alone
	for (std::size_t start = 0; start < rest.size();) {
		std::size_t end = rest.find('/', start);
		if (end == rest.npos)
			end = rest.size();
		if (end - start >= min_segment)
			secrets.push_back(rest.substr(start, end - start));
		start = end + 1;
	}
	// longest first, so a path is replaced whole before its segments
	std::sort(secrets.begin(), secrets.end(),
		  [](auto a, auto b) { return a.size() > b.size(); });
	for (std::string_view secret : secrets)
		ReplaceAll(message, secret);
	return message;
}

std::string
UrlOrigin(std::string_view url)
{
	const auto [begin, end] = Authority(url);
	std::string_view host = url.substr(begin, end - begin);
	if (const std::size_t at = host.rfind('@'); at != host.npos)
		host.remove_prefix(at + 1);
	return std::string(url.substr(0, begin)) + std::string(host);
}

} // namespace osprey
