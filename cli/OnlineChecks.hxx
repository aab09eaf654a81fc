// `osprey doctor --online`: each configured bot asked whether it works, by
// the same APIs the daemon uses (Telegram getMe and getChat; Slack
// auth.test, conversations.info and apps.connections.open), with what is
// wrong said plainly and no token printed.
#pragma once

#include <string>
#include <vector>

namespace osprey {
struct Configuration;
}

namespace osprey::cli {

struct OnlineResult {
	/** what was checked: "telegram bot @osprey_bot (pipelines: deploy, triage)" */
	std::string subject;
	bool ok = false;
	/** what was found, or what is wrong */
	std::vector<std::string> lines;
};

/// Checks every distinct bot of @p config's enabled pipelines. Blocks
/// (the command line may): about 10 s at most per unreachable service.
std::vector<OnlineResult> CheckOnline(const Configuration &config);

} // namespace osprey::cli
