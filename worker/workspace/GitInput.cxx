#include "GitInput.hxx"
#include "util/Text.hxx"

#include <array>
#include <cstdint>
#include <cstdio>

namespace osprey {

static bool
IsControlOrSpace(char c) noexcept
{
	const auto u = static_cast<unsigned char>(c);
	return u <= 0x20 || u == 0x7f;
}

void
CheckRepository(std::string_view repo)
{
	const auto fail = [&](std::string_view why) {
		throw UnsafeGitInput("repository " + Quote(StripCredentials(repo)) + " refused: " +
				     std::string(why));
	};
	if (repo.empty())
		fail("it is empty");
	if (repo.front() == '-')
		fail("it starts with '-' (git would read it as an option)");
	for (const char c : repo)
		if (IsControlOrSpace(c))
			fail("it contains spaces or control characters");
	/* "<transport>::<address>" runs a remote helper, e.g. ext:: runs any command */
	if (repo.find("::") != std::string_view::npos)
		fail("remote helper syntax (\"transport::address\") is not allowed");

	if (const auto scheme_end = repo.find("://"); scheme_end != std::string_view::npos) {
		static constexpr std::array<std::string_view, 6> allowed{
			"https", "http", "ssh", "git", "file", "git+ssh"};
		const auto scheme = repo.substr(0, scheme_end);
		for (const auto a : allowed)
			if (scheme == a)
				return;
		fail("transport " + Quote(scheme) + " is not allowed (https, http, ssh, git, file)");
	}
	if (repo.front() == '/')
		return; // a local path
	/* scp-like syntax: [user@]host:path; git treats a ':' before any '/' so */
	const auto colon = repo.find(':');
	const auto slash = repo.find('/');
	if (colon != std::string_view::npos && colon > 0 && (slash == std::string_view::npos || colon < slash))
		return;
	fail("not a URL (https://, ssh://, git://, file://), user@host:path, or an absolute path");
}

void
CheckRef(std::string_view ref)
{
	const auto fail = [&](std::string_view why) {
		throw UnsafeGitInput("ref " + Quote(ref) + " refused: " + std::string(why));
	};
	if (ref.empty())
		fail("it is empty");
	if (ref.size() > 255)
		fail("it is longer than 255 characters");
	if (ref.front() == '-')
		fail("it starts with '-' (git would read it as an option)");
	for (const char c : ref) {
		const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			(c >= '0' && c <= '9') || c == '.' || c == '_' || c == '/' || c == '-' ||
			c == '+' || c == '@';
		if (!ok)
			fail("it contains characters other than letters, digits and ._/-+@");
	}
	/* the rest of git check-ref-format's rules */
	if (ref == "@")
		fail("\"@\" is not a ref name");
	if (ref.find("..") != std::string_view::npos)
		fail("it contains \"..\"");
	if (ref.find("@{") != std::string_view::npos)
		fail("it contains \"@{\"");
	if (ref.front() == '/' || ref.back() == '/' || ref.find("//") != std::string_view::npos)
		fail("it has an empty path component");
	if (ref.back() == '.')
		fail("it ends with '.'");
	for (const auto component : Split(ref, '/')) {
		if (component.front() == '.')
			fail("a component starts with '.'");
		if (component.ends_with(".lock"))
			fail("a component ends with \".lock\"");
	}
}

bool
LooksLikeCommitId(std::string_view ref) noexcept
{
	if (ref.size() < 7 || ref.size() > 64)
		return false;
	for (const char c : ref)
		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return false;
	return true;
}

std::string
StripCredentials(std::string_view text)
{
	std::string out;
	out.reserve(text.size());
	for (;;) {
		const auto scheme_end = text.find("://");
		if (scheme_end == std::string_view::npos)
			break;
		const auto authority = scheme_end + 3;
		out.append(text.substr(0, authority));
		text.remove_prefix(authority);
		/* the authority ends at the path, the query, or the end of the word */
		std::size_t end = 0;
		while (end < text.size() && text[end] != '/' && text[end] != '?' &&
		       text[end] != '#' && !IsControlOrSpace(text[end]) && text[end] != '\'' &&
		       text[end] != '"')
			++end;
		const auto at = text.substr(0, end).rfind('@');
		if (at != std::string_view::npos) {
			out.append("***");
			text.remove_prefix(at);
		}
	}
	out.append(text);
	return out;
}

std::string
RemoveUrlSecret(std::string_view repo)
{
	std::string url(repo);
	const auto scheme_end = url.find("://");
	if (scheme_end == std::string::npos)
		return url;
	const auto authority = scheme_end + 3;
	const auto path = url.find_first_of("/?#", authority);
	const auto at = url.substr(authority, path == std::string::npos ? std::string::npos
								       : path - authority).rfind('@');
	if (at == std::string::npos)
		return url;
	const std::string_view scheme(url.data(), scheme_end);
	if (scheme == "https" || scheme == "http") {
		url.erase(authority, at + 1);
	} else if (const auto colon = url.find(':', authority); colon < authority + at) {
		url.erase(colon, authority + at - colon);
	}
	return url;
}

std::string
CacheDirectoryName(std::string_view repo)
{
	/* a token in the URL or not, the same repository shares one clone */
	const std::string url = RemoveUrlSecret(repo);

	/* FNV-1a: stable across runs and builds, unlike std::hash */
	std::uint64_t hash = 0xcbf29ce484222325ULL;
	for (const char c : url) {
		hash ^= static_cast<unsigned char>(c);
		hash *= 0x100000001b3ULL;
	}

	std::string_view base = url;
	while (!base.empty() && base.back() == '/')
		base.remove_suffix(1);
	if (const auto cut = base.find_last_of("/:"); cut != std::string_view::npos)
		base.remove_prefix(cut + 1);
	if (base.ends_with(".git"))
		base.remove_suffix(4);

	std::string name;
	for (const char c : base.substr(0, 40))
		name += ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			 c == '-' || c == '_') ? c : '_';
	if (name.empty() || name.front() == '_' || name.front() == '-')
		name.insert(0, "repo");

	char hex[17];
	std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(hash));
	return name + "-" + hex;
}

} // namespace osprey
