// Runs git the careful way: fork/exec (never a shell) with the arguments as
// given, in its own process group (so a stop reaches ssh and remote helpers
// too), stdin on /dev/null, output copied to worker.log with credentials
// stripped, and a time bound. The environment keeps the daemon user's HOME
// and SSH setup (private repositories) but makes git safe for untrusted
// input: only the file, git, http, https and ssh transports, never a prompt.
#pragma once

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace osprey {

class JobControl;
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
	JobControl &control;
	std::chrono::seconds timeout;
	bool cleaning = false;

public:
	static constexpr std::chrono::seconds kDefaultTimeout{std::chrono::minutes(15)};

	GitCommand(WorkerLog &_log, JobControl &_control,
		   std::chrono::seconds _timeout = kDefaultTimeout) noexcept
		: log(_log), control(_control), timeout(_timeout) {}

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

/// The environment git runs with: ours plus the safety settings above.
std::vector<std::string> GitEnvironment();

} // namespace osprey
