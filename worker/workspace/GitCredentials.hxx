// Credentials in a repository URL ("https://x-access-token:TOKEN@host/r")
// must reach git without being in its arguments, which any local user reads
// in ps, and without landing in a clone's config, which the agent reads.
// git gets the URL without them and, for http(s), the same basic
// authentication as a preset header in its environment (GIT_CONFIG_*),
// limited to that scheme, host and port.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey {

struct GitRemote {
	/** what git is given and may store: no password or token */
	std::string url;
	/** "git -c" settings carrying the credentials (GitCommand::SetConfig) */
	std::vector<std::pair<std::string, std::string>> config;
};

/// Splits @p repo (already checked) into a URL without secrets and the
/// settings that authenticate it: http(s) user information becomes
/// http.<scheme>://<host>/.extraHeader "Authorization: Basic ..." (percent
/// escapes decoded first); an ssh URL loses its password (ssh never uses
/// one here) and keeps its user; other forms are returned as they are.
GitRemote SplitCredentials(std::string_view repo);

/// RFC 4648 base64 with padding.
std::string Base64(std::string_view data);

} // namespace osprey
