#include "GitCredentials.hxx"
#include "GitInput.hxx"
#include "config/RepoUrl.hxx"
#include "util/Hex.hxx"

namespace osprey {

std::string
Base64(std::string_view data)
{
	static constexpr char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	std::string out;
	out.reserve((data.size() + 2) / 3 * 4);
	for (std::size_t i = 0; i < data.size(); i += 3) {
		const auto byte = [&](std::size_t k) {
			return k < data.size() ? static_cast<unsigned>(static_cast<unsigned char>(data[k])) : 0u;
		};
		const unsigned n = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
		out += digits[n >> 18 & 63];
		out += digits[n >> 12 & 63];
		out += i + 1 < data.size() ? digits[n >> 6 & 63] : '=';
		out += i + 2 < data.size() ? digits[n & 63] : '=';
	}
	return out;
}

static std::string
PercentDecode(std::string_view text)
{
	std::string out;
	for (std::size_t i = 0; i < text.size(); ++i) {
		if (text[i] == '%' && i + 2 < text.size() && HexValue(text[i + 1]) >= 0 &&
		    HexValue(text[i + 2]) >= 0) {
			out += static_cast<char>(HexValue(text[i + 1]) * 16 + HexValue(text[i + 2]));
			i += 2;
		} else {
			out += text[i];
		}
	}
	return out;
}

GitRemote
SplitCredentials(std::string_view repo)
{
	const auto scheme_end = repo.find("://");
	if (scheme_end == std::string_view::npos)
		return {std::string(repo), {}};
	const auto scheme = repo.substr(0, scheme_end);
	if (scheme != "https" && scheme != "http")
		return {RemoveUrlSecret(repo), {}};

	const auto authority_start = scheme_end + 3;
	const auto path = repo.find_first_of("/?#", authority_start);
	const auto authority = repo.substr(authority_start, path == std::string_view::npos
								   ? std::string_view::npos
								   : path - authority_start);
	const auto at = authority.rfind('@');
	if (at == std::string_view::npos)
		return {std::string(repo), {}};

	const auto user_info = authority.substr(0, at);
	const auto host = authority.substr(at + 1);
	const auto colon = user_info.find(':');
	std::string user_pass = PercentDecode(user_info.substr(0, colon)) + ":";
	if (colon != std::string_view::npos)
		user_pass += PercentDecode(user_info.substr(colon + 1));
	return {WithoutUserInfo(repo),
		{{"http." + std::string(scheme) + "://" + std::string(host) + "/.extraHeader",
		  "Authorization: Basic " + Base64(user_pass)}}};
}

} // namespace osprey
