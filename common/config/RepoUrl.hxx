// Which repositories a job may clone. A workspace.repo rendered from a
// webhook payload is chosen by whoever sends the payload: it must not name a
// repository on the host (another pipeline's cached clone, the admin's own
// checkouts) nor a service only the host can reach (loopback, the cloud
// metadata address 169.254.169.254, the private network). A repo the admin
// wrote literally in pipeline.yaml may name anything.
//
// Pure functions: the worker checks before any git runs; the daemon can check
// the same before it starts a worker.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {

/// A rendered repo or ref a job may not use; the message says why and holds
/// no credentials.
struct RepoRefused : std::invalid_argument {
	using std::invalid_argument::invalid_argument;
};

inline constexpr std::size_t kMaxRepoLength = 4096;
inline constexpr std::size_t kMaxRefLength = 1024;

/// Whether a workspace.repo/ref source is a template ("{{" anywhere): its
/// rendered value then comes from the payload.
bool IsTemplated(std::string_view source) noexcept;

/// Accepts @p repo (rendered) or throws RepoRefused. Always: not empty, at
/// most kMaxRepoLength bytes, no control characters. When @p templated, also:
/// an https://, ssh:// (git+ssh://) or scp-like user@host:path URL, never a
/// local path, file:// or another transport; when @p allowed is not empty it
/// must match one of its glob patterns (MatchesRepoPattern()), and a match
/// is all it takes for its host too; otherwise its host may not be a
/// loopback, link-local, private or unspecified address literal, nor
/// "localhost".
void CheckRepoUrl(std::string_view repo, bool templated, const std::vector<std::string> &allowed);

/// Accepts @p ref (rendered) or throws RepoRefused: at most kMaxRefLength
/// bytes and no control characters. (The worker checks git's own rules.)
void CheckRefLength(std::string_view ref);

/// Glob match of @p repo, without user information, against @p pattern:
/// "*" matches any run of characters but '/', "**" any run at all, "?" one
/// character but '/'; everything else literally.
bool MatchesRepoPattern(std::string_view pattern, std::string_view repo) noexcept;

/// The host of a URL or scp-like repo (brackets of an IPv6 literal removed,
/// lower case), or "" when there is none.
std::string RepoHost(std::string_view repo);

/// Whether @p host is "localhost" (or below it) or an address literal in
/// a loopback, link-local, private, shared (100.64/10), multicast or
/// unspecified range; numeric IPv4 forms such as "2130706433" or "0x7f.1"
/// count, as the resolver accepts them.
bool IsInternalHost(std::string_view host) noexcept;

/// @p repo without the user information of a URL ("https://tok@h/x" ->
/// "https://h/x"); other forms unchanged.
std::string WithoutUserInfo(std::string_view repo);

} // namespace osprey
