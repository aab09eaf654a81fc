// osprey dashboard: the terminal UI. This file holds what happens before any
// screen is drawn: the message builder's refusal (decisions.md, "Dashboard")
// comes first, so that `--builder` without a payload exits 1 touching
// nothing, with or without a terminal.
#include "Command.hxx"
#include "config/Home.hxx"
#include "dashboard/Ui.hxx"
#include "dashboard/builder/Refusal.hxx"

#include <array>
#include <cstdio>
#include <unistd.h>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"builder", true, "PIPELINE  open the message builder of PIPELINE directly"},
}};
const std::span<const OptionSpec> dashboard_options = options;

/// Checks what --builder needs; throws (exit 1) when it refuses.
void
CheckDashboardArgs(const Args &args, const Home &home)
{
	args.ExpectPositionals(0, "no arguments");
	if (const auto pipeline = args.Get("builder"))
		builder::RequirePayload(home, *pipeline);
}

int
RunDashboard(const Args &args)
{
	const auto home = Home::FromEnvironment();
	CheckDashboardArgs(args, home);
	if (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO)) {
		std::fprintf(stderr, "osprey: dashboard needs a terminal\n");
		return 2;
	}
	dashboard::Ui ui(home, args.Get("builder").value_or(""));
	return ui.Run();
}

} // namespace osprey::cli
