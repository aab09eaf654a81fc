// osprey status: what the running daemon says about itself, asked over the
// management socket.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "Output.hxx"
#include "config/Home.hxx"

#include <array>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"json", false, "print the daemon's answer as JSON"},
}};
const std::span<const OptionSpec> status_options = options;

namespace {

/// "2 running, 1 queued, 1 awaiting_approval": the counts the daemon sent, in its
/// order, zeros left out.
std::string
JobCounts(const control::DaemonStatus &status)
{
	std::string text;
	for (const auto &[state, count] : status.jobs)
		if (count != 0)
			text += (text.empty() ? "" : ", ") + std::to_string(count) + " " + state;
	return text.empty() ? "none" : text;
}

} // namespace

int
RunStatus(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto s = AskStatus(Home::FromEnvironment().ControlSocket());
	if (args.Has("json")) {
		std::printf("%s\n", control::ToJson(s).c_str());
		return 0;
	}

	using std::to_string;
	std::printf("osprey %s is running (pid %lld) since %s\n", s.version.c_str(),
		    static_cast<long long>(s.pid), s.started.c_str());
	const std::vector<std::vector<std::string>> rows{
		{"listening on", s.address.empty() ? "(not said by this daemon)" : s.address},
		{"public URL", s.listening},
		{"slots", to_string(s.slots_used) + " of " + to_string(s.slots_max) + " in use"},
		{"queue", s.queue_max == 0 ? std::string("off (container.queue is 0)")
		 : to_string(s.queue_length) + " of " + to_string(s.queue_max) + " waiting"},
		{"pipelines", to_string(s.webhook_pipelines) + " webhook, " +
		 to_string(s.cron_pipelines) + " cron, " + to_string(s.disabled_pipelines) +
		 " disabled"},
		{"jobs", JobCounts(s)},
	};
	std::fputs(FormatTable(rows).c_str(), stdout);
	return 0;
}

} // namespace osprey::cli
