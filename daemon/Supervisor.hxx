// `osprey start`: the supervisor. One libuv loop holds the webhook server, the
// cron scheduler, the job table with its workers, and the management socket;
// signals stop it gracefully (SIGTERM, SIGINT) or reload pipelines (SIGHUP).
#pragma once

#include <string>

namespace osprey {
class Home;
}

namespace osprey::daemon {

struct StartOptions {
	/** the osprey-worker executable */
	std::string worker_path;
};

/// Runs the daemon until it is stopped. Returns the process exit status;
/// configuration errors are printed (doctor's messages) and give 1.
int RunSupervisor(const Home &home, const StartOptions &options);

} // namespace osprey::daemon
