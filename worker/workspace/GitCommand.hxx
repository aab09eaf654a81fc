// Runs git the careful way: fork/exec (never a shell) with the arguments as
// given, in the worker's process group (the supervisor's kill of the group
// reaches git, ssh and remote helpers; the worker's own stop walks its
// descendants, ProcessTree.hxx), stdin on /dev/null, output copied to
// worker.log with credentials stripped, and a time bound. The environment is
// minimal: the daemon user's HOME, PATH and SSH and proxy setup (private
// repositories), nothing else of the worker's; it makes git safe for
// untrusted input: only the file, git, http, https and ssh transports, never
// a prompt, no hooks or fsmonitor. Credentials travel in the environment
// (GIT_CONFIG_*), never in arguments, which every local user can read.
#pragma once

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace osprey {

class StopSwitch;
class WorkerLog;

/// Preparing the workspace failed (WorkerExit::Workspace); the message ends
/// with git's last lines and holds no credentials.
struct WorkspaceError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

struct GitResult {
	int status = 0;
	/// standard output, when captured
	std::string out;
	/// the last lines git printed, for error messages
	std::string tail;
};

class GitCommand {
	WorkerLog &log;
	StopSwitch &control;
	std::chrono::seconds timeout;
	bool cleaning = false;
	/** extra "git -c" settings (credentials), passed in the environment */
	std::vector<std::pair<std::string, std::string>> config;

public:
	static constexpr std::chrono::seconds kDefaultTimeout{std::chrono::minutes(15)};

	GitCommand(WorkerLog &_log, StopSwitch &_control,
		   std::chrono::seconds _timeout = kDefaultTimeout) noexcept
		: log(_log), control(_control), timeout(_timeout) {}

	/// Settings every later git command gets, as with "git -c" but in
	/// the environment: the credentials of GitCredentials.hxx.
	void SetConfig(std::vector<std::pair<std::string, std::string>> _config) {
		config = std::move(_config);
	}

	/// From now on git runs even though the job is being stopped (to
	/// clean up), with a short time bound.
	void EnterCleanup() noexcept {
		cleaning = true;
		timeout = std::min(timeout, std::chrono::seconds(60));
	}

	/// Runs "git ARGS" in @p cwd (empty: the current directory). With
	/// @p capture, standard output is returned instead of logged. Throws
	/// WorkspaceError when git cannot be run, times out, or the job is
	/// being stopped; a non-zero exit is returned, not thrown.
	GitResult Run(const std::vector<std::string> &args, const std::string &cwd = {},
		      bool capture = false);

	/// Run(), but a non-zero exit throws WorkspaceError
	/// "<what>: git exited with status N: <last lines>".
	GitResult Check(const std::string &what, const std::vector<std::string> &args,
			const std::string &cwd = {}, bool capture = false);
};

/// The environment git runs with: the few variables of ours it needs, the
/// safety settings above, and @p config as GIT_CONFIG_COUNT/KEY/VALUE.
std::vector<std::string>
GitEnvironment(const std::vector<std::pair<std::string, std::string>> &config = {});

} // namespace osprey
