// git's environment (GitCommand.hxx): an allowlist of the worker's, and the
// settings that make git safe for untrusted repositories.
#include "GitCommand.hxx"

#include <string_view>

extern char **environ;

namespace osprey {

/* What git may take from the worker's environment: where programs and the
   daemon user's git and ssh setup are, proxies and certificates. Nothing
   else: the worker's environment holds the daemon's, whose .env values are
   secrets no git (nor a remote helper, nor ssh) needs. */
static bool
IsPassedToGit(std::string_view name) noexcept
{
	static constexpr std::string_view names[] = {
		"PATH", "HOME", "USER", "LOGNAME", "LANG", "TZ", "TMPDIR", "XDG_CONFIG_HOME",
		"http_proxy", "https_proxy", "no_proxy", "all_proxy",
		"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY",
		"SSH_AUTH_SOCK", "GIT_SSH_COMMAND", "GIT_SSH",
		"GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "SSL_CERT_FILE", "SSL_CERT_DIR",
	};
	for (const auto n : names)
		if (n == name)
			return true;
	return false;
}

std::vector<std::string>
GitEnvironment(const std::vector<std::pair<std::string, std::string>> &config)
{
	std::vector<std::string> env;
	bool ssh_command = false;
	for (char **e = environ; *e != nullptr; ++e) {
		const std::string_view entry(*e);
		const auto name = entry.substr(0, entry.find('='));
		if (!IsPassedToGit(name))
			continue;
		if (name == "GIT_SSH_COMMAND" || name == "GIT_SSH")
			ssh_command = true;
		env.emplace_back(entry);
	}
	env.emplace_back("GIT_TERMINAL_PROMPT=0");
	/* ext:: runs commands, fd:: and others are no business of a payload */
	env.emplace_back("GIT_ALLOW_PROTOCOL=file:git:http:https:ssh");
	env.emplace_back("GIT_PROTOCOL_FROM_USER=0");
	/* messages in English: their last lines become the job's failure reason */
	env.emplace_back("LC_ALL=C");
	if (!ssh_command)
		env.emplace_back("GIT_SSH_COMMAND=ssh -o BatchMode=yes");

	/* Settings with the precedence of "git -c", out of sight in ps. A job
	   may have written the config of the repositories git works in (a
	   clone it got, a cache it could reach in older versions): git here
	   never runs their hooks or fsmonitor, and never collects garbage in
	   the cache while other jobs borrow its objects. */
	std::vector<std::pair<std::string, std::string>> all{
		{"core.hooksPath", "/dev/null"}, {"core.fsmonitor", "false"},
		{"gc.auto", "0"}, {"maintenance.auto", "false"},
		{"protocol.ext.allow", "never"},
	};
	all.insert(all.end(), config.begin(), config.end());
	for (std::size_t i = 0; i < all.size(); ++i) {
		env.push_back("GIT_CONFIG_KEY_" + std::to_string(i) + "=" + all[i].first);
		env.push_back("GIT_CONFIG_VALUE_" + std::to_string(i) + "=" + all[i].second);
	}
	env.push_back("GIT_CONFIG_COUNT=" + std::to_string(all.size()));
	return env;
}

} // namespace osprey
