#include "RepoUrl.hxx"

#include <arpa/inet.h>
#include <array>
#include <cstdint>
#include <cstring>
#include <netinet/in.h>

namespace osprey {

bool
IsTemplated(std::string_view source) noexcept
{
	return source.find("{{") != std::string_view::npos;
}

static bool
HasControlCharacter(std::string_view text) noexcept
{
	for (const char c : text)
		if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
			return true;
	return false;
}

static std::string
Lower(std::string_view text)
{
	std::string lower(text);
	for (char &c : lower)
		if (c >= 'A' && c <= 'Z')
			c = static_cast<char>(c - 'A' + 'a');
	return lower;
}

std::string
WithoutUserInfo(std::string_view repo)
{
	const auto scheme_end = repo.find("://");
	if (scheme_end == std::string_view::npos)
		return std::string(repo);
	const auto authority = scheme_end + 3;
	const auto path = repo.find_first_of("/?#", authority);
	const auto at = repo.substr(authority, path == std::string_view::npos ? std::string_view::npos
									       : path - authority).rfind('@');
	if (at == std::string_view::npos)
		return std::string(repo);
	return std::string(repo.substr(0, authority)) + std::string(repo.substr(authority + at + 1));
}

std::string
RepoHost(std::string_view repo)
{
	std::string_view host;
	if (const auto scheme_end = repo.find("://"); scheme_end != std::string_view::npos) {
		host = repo.substr(scheme_end + 3);
		host = host.substr(0, host.find_first_of("/?#"));
		if (const auto at = host.rfind('@'); at != std::string_view::npos)
			host.remove_prefix(at + 1);
		if (host.starts_with('[')) {
			const auto close = host.find(']');
			return close == std::string_view::npos ? std::string() : Lower(host.substr(1, close - 1));
		}
		host = host.substr(0, host.find(':'));
	} else {
		/* scp-like [user@]host:path, the host maybe [bracketed] */
		host = repo;
		if (const auto at = host.find('@'); at != std::string_view::npos && at < host.find(':'))
			host.remove_prefix(at + 1);
		if (host.starts_with('[')) {
			const auto close = host.find(']');
			return close == std::string_view::npos ? std::string() : Lower(host.substr(1, close - 1));
		}
		const auto colon = host.find(':');
		if (colon == std::string_view::npos)
			return {};
		host = host.substr(0, colon);
	}
	return Lower(host);
}

static bool
IsInternalIPv4(std::uint32_t a) noexcept
{
	struct Range {
		std::uint32_t net, mask;
	};
	static constexpr std::array<Range, 9> internal{{
		{0x00000000, 0xff000000}, // 0/8: "this network", 0.0.0.0
		{0x0a000000, 0xff000000}, // 10/8
		{0x64400000, 0xffc00000}, // 100.64/10: shared (carrier-grade NAT)
		{0x7f000000, 0xff000000}, // 127/8: loopback
		{0xa9fe0000, 0xffff0000}, // 169.254/16: link-local, cloud metadata
		{0xac100000, 0xfff00000}, // 172.16/12
		{0xc0a80000, 0xffff0000}, // 192.168/16
		{0xe0000000, 0xf0000000}, // 224/4: multicast
		{0xf0000000, 0xf0000000}, // 240/4: reserved, broadcast
	}};
	for (const auto &r : internal)
		if ((a & r.mask) == r.net)
			return true;
	return false;
}

bool
IsInternalHost(std::string_view host_view) noexcept
{
	std::string host(host_view);
	while (!host.empty() && host.back() == '.')
		host.pop_back();
	if (host.empty() || host == "localhost" || host.ends_with(".localhost"))
		return true;

	/* inet_aton, not inet_pton: it takes "127.1", "2130706433" and
	   "0x7f.0.0.1" as the resolver (and so curl and ssh) does */
	in_addr v4{};
	if (::inet_aton(host.c_str(), &v4) != 0)
		return IsInternalIPv4(ntohl(v4.s_addr));

	in6_addr v6{};
	if (::inet_pton(AF_INET6, host.c_str(), &v6) != 1)
		return false; // a name; see the man page about names of internal hosts
	const auto *b = v6.s6_addr;
	static constexpr std::uint8_t zero[16]{};
	if (std::memcmp(b, zero, 15) == 0 && (b[15] == 0 || b[15] == 1))
		return true; // :: and ::1
	if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80)
		return true; // fe80::/10 link-local
	if ((b[0] & 0xfe) == 0xfc)
		return true; // fc00::/7 unique local
	if (b[0] == 0xff)
		return true; // multicast
	static constexpr std::uint8_t mapped[12]{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
	if (std::memcmp(b, mapped, 12) == 0)
		return IsInternalIPv4(std::uint32_t(b[12]) << 24 | std::uint32_t(b[13]) << 16 |
				      std::uint32_t(b[14]) << 8 | b[15]);
	return false;
}

bool
MatchesRepoPattern(std::string_view pattern, std::string_view repo) noexcept
{
	/* recursive: patterns and URLs are short (the URL at most 4 KiB) */
	if (pattern.empty())
		return repo.empty();
	if (pattern.starts_with("**")) {
		for (std::size_t i = 0; i <= repo.size(); ++i)
			if (MatchesRepoPattern(pattern.substr(2), repo.substr(i)))
				return true;
		return false;
	}
	if (pattern.front() == '*') {
		for (std::size_t i = 0; i <= repo.size(); ++i) {
			if (MatchesRepoPattern(pattern.substr(1), repo.substr(i)))
				return true;
			if (i < repo.size() && repo[i] == '/')
				break;
		}
		return false;
	}
	if (repo.empty())
		return false;
	if (pattern.front() == '?' ? repo.front() == '/' : pattern.front() != repo.front())
		return false;
	return MatchesRepoPattern(pattern.substr(1), repo.substr(1));
}

void
CheckRefLength(std::string_view ref)
{
	if (ref.size() > kMaxRefLength)
		throw RepoRefused("ref refused: it is longer than " + std::to_string(kMaxRefLength) +
				  " bytes (" + std::to_string(ref.size()) + ")");
	if (HasControlCharacter(ref))
		throw RepoRefused("ref refused: it contains control characters or line breaks");
}

/* a path that leaves the allowed prefix once the client normalizes it */
static bool
HasDotSegment(std::string_view url) noexcept
{
	const std::string lower = Lower(url);
	if (lower.find("%2e") != std::string::npos || lower.find("%2f") != std::string::npos ||
	    lower.find('\\') != std::string::npos)
		return true;
	std::size_t start = 0;
	while (start <= lower.size()) {
		auto end = lower.find_first_of("/:", start);
		if (end == std::string::npos)
			end = lower.size();
		const auto segment = std::string_view(lower).substr(start, end - start);
		if (segment == "." || segment == "..")
			return true;
		start = end + 1;
	}
	return false;
}

void
CheckRepoUrl(std::string_view repo, bool templated, const std::vector<std::string> &allowed)
{
	if (repo.size() > kMaxRepoLength)
		throw RepoRefused("repository refused: it is longer than " + std::to_string(kMaxRepoLength) +
				  " bytes (" + std::to_string(repo.size()) + ")");
	if (HasControlCharacter(repo))
		throw RepoRefused("repository refused: it contains control characters or line breaks");
	if (repo.empty())
		throw RepoRefused("repository refused: it is empty");
	if (!templated)
		return; // the admin wrote it

	const std::string shown = WithoutUserInfo(repo);
	const auto fail = [&](const std::string &why) {
		throw RepoRefused("repository \"" + shown + "\" (from the payload) refused: " + why);
	};
	if (repo.find("::") != std::string_view::npos && repo.find("://") == std::string_view::npos)
		fail("remote helper syntax (\"transport::address\") is not allowed");
	const std::string lower = Lower(repo.substr(0, repo.find("://")));
	const bool url = repo.find("://") != std::string_view::npos;
	if (url) {
		if (lower != "https" && lower != "ssh" && lower != "git+ssh")
			fail("a repository named by a payload must be an https:// or ssh:// URL or "
			     "user@host:path, not " + lower + "://");
	} else {
		const auto colon = repo.find(':');
		const auto slash = repo.find('/');
		if (colon == std::string_view::npos || colon == 0 ||
		    (slash != std::string_view::npos && slash < colon) || repo.front() == '-')
			fail("a repository named by a payload must be an https:// or ssh:// URL or "
			     "user@host:path, never a local path");
	}
	if (RepoHost(repo).empty())
		fail("it names no host");
	if (HasDotSegment(shown))
		fail("its path has \".\" or \"..\" segments or encoded separators");

	if (!allowed.empty()) {
		for (const auto &pattern : allowed)
			if (MatchesRepoPattern(pattern, shown))
				return;
		fail("it matches none of workspace.allowed_repos");
	}
	if (IsInternalHost(RepoHost(repo)))
		fail("its host " + RepoHost(repo) + " is a loopback, link-local or private address "
		     "(list the repository in workspace.allowed_repos to allow it)");
}

} // namespace osprey
