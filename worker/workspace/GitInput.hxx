// Checks on the repository URL and ref a job brings. Both are rendered from
// webhook payloads, so an attacker may choose them: they must never reach git
// as an option ("--upload-pack=...", "-oProxyCommand=..."), name a dangerous
// transport ("ext::sh -c ..."), or smuggle credentials into logs.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace osprey {

/// A repository or ref a job may not use; the message says why (credentials
/// already stripped).
struct UnsafeGitInput : std::invalid_argument {
	using std::invalid_argument::invalid_argument;
};

/// Accepts URLs of the transports Osprey allows (https, http, ssh, git,
/// file), scp-like "user@host:path" and absolute local paths; throws
/// UnsafeGitInput for anything else: a leading '-', control characters or
/// spaces, "<transport>::address" remote helpers, other schemes.
void CheckRepository(std::string_view repo);

/// Accepts what `git check-ref-format --allow-onelevel` accepts, from a
/// conservative character set (letters, digits, "._/-+@"), and never a
/// leading '-'; throws UnsafeGitInput otherwise.
void CheckRef(std::string_view ref);

/// True for a full or abbreviated (7 to 64 hex digits) commit id.
bool LooksLikeCommitId(std::string_view ref) noexcept;

/// @p text with the user information of every URL in it replaced:
/// "https://user:token@host/x" -> "https://***@host/x".
std::string StripCredentials(std::string_view text);

/// @p repo as it may be stored (the clone's remote URL): an http(s) URL
/// loses its user information (a token), any other URL the password part of
/// it ("ssh://git@host/r" keeps its user). Other forms are returned as is.
std::string RemoveUrlSecret(std::string_view repo);

/// The directory name of a repository's cached clone: a readable part from
/// the URL's last component and a hash of the whole URL (credentials
/// stripped, so a rotated token keeps its cache), e.g. "osprey-1f2e3d4c5b6a7980".
std::string CacheDirectoryName(std::string_view repo);

} // namespace osprey
