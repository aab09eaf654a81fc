// osprey doctor: every configuration problem, before anything runs.
#include "Command.hxx"
#include "Output.hxx"

#include <cstdio>
#include <sys/stat.h>

namespace osprey::cli {

const std::span<const OptionSpec> doctor_options{};

/* What only matters once the daemon runs, but is cheap to see now. */
static void
CheckRuntime(const Configuration &config, Diagnostics &diagnostics)
{
	const auto &socket = config.global.container.socket;
	struct stat st;
	if (::stat(socket.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode))
		diagnostics.Warning(config.global.file, {}, "container.socket",
				    "no container engine socket at " + socket +
				    "; jobs will fail until Docker or Podman's service listens there");
}

int
RunDoctor(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto home = Home::FromEnvironment();
	auto config = LoadForDisplay(home, true);
	CheckRuntime(config, config.diagnostics);

	const auto &d = config.diagnostics;
	const auto total = config.pipelines.size() + config.broken.size();
	std::size_t disabled = 0;
	for (const auto &p : config.pipelines)
		disabled += p.disabled;

	std::printf("Osprey home: %s\n", home.Root().c_str());
	std::printf("Pipelines:   %s (%zu valid, %zu disabled, %zu with errors)\n",
		    Plural(total, "pipeline").c_str(), config.pipelines.size(), disabled,
		    config.broken.size());
	if (!d.All().empty())
		std::printf("\n%s", FormatDiagnostics(d).c_str());
	std::printf("\n%s, %s\n", Plural(d.ErrorCount(), "error").c_str(),
		    Plural(d.WarningCount(), "warning").c_str());
	return d.HasErrors() ? 1 : 0;
}

} // namespace osprey::cli
