// osprey doctor: every configuration problem, before anything runs.
#include "Command.hxx"
#include "ImageCheck.hxx"
#include "OnlineChecks.hxx"
#include "Output.hxx"

#include <array>
#include <curl/curl.h>

#include <cstdio>
#include <sys/stat.h>

namespace osprey::cli {

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
	else
		CheckImages(config, diagnostics);

	const auto &host = config.global.server.host;
	if (host != "0.0.0.0" && host != "::")
		return;
	for (const auto &p : config.pipelines)
		if (!p.disabled && p.trigger.type == TriggerType::Webhook &&
		    !p.trigger.VerifiesSignature())
			diagnostics.Warning(p.file, p.trigger.mark, "trigger.path",
					    "is not signed, and server.host " + host + " lets every "
					    "machine that reaches port " +
					    std::to_string(config.global.server.port) + " start jobs: "
					    "set secret and signature_header, or server.host: 127.0.0.1");
}

static bool
HasErrorIn(const Diagnostics &diagnostics, std::string_view dir)
{
	for (const auto &d : diagnostics.All())
		if (d.severity == Diagnostic::Severity::Error && d.file.starts_with(dir))
			return true;
	return false;
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
	std::size_t disabled = 0, loaded_with_errors = 0;
	for (const auto &p : config.pipelines) {
		disabled += p.disabled;
		/* loaded, yet an error found later (a duplicate path) is in its
		   files: the summary counts what the list below shows */
		loaded_with_errors += HasErrorIn(d, p.file.substr(0, p.file.rfind('/') + 1));
	}

	std::printf("Osprey home: %s\n", home.Root().c_str());
	std::printf("Pipelines:   %s (%zu valid, %zu disabled, %zu with errors)\n",
		    Plural(total, "pipeline").c_str(), config.pipelines.size() - loaded_with_errors,
		    disabled, config.broken.size() + loaded_with_errors);
	if (!d.All().empty())
		std::printf("\n%s", FormatDiagnostics(d).c_str());
	std::printf("\n%s, %s\n", Plural(d.ErrorCount(), "error").c_str(),
		    Plural(d.WarningCount(), "warning").c_str());

	bool online_ok = true;
	if (args.Has("online")) {
		curl_global_init(CURL_GLOBAL_DEFAULT);
		/* the tokens themselves this time; nothing below prints them */
		const auto resolved = LoadConfiguration(home, LoadOptions{.redact = false, .lint = false});
		const auto results = CheckOnline(resolved);
		std::printf("\nOnline checks:%s\n", results.empty() ? " no Telegram or Slack channel to check" : "");
		for (const auto &r : results) {
			std::printf("  %s %s\n", r.ok ? "ok  " : "FAIL", r.subject.c_str());
			for (const auto &line : r.lines)
				std::printf("         %s\n", line.c_str());
			online_ok = online_ok && r.ok;
		}
		curl_global_cleanup();
	}
	return d.HasErrors() || !online_ok ? 1 : 0;
}

} // namespace osprey::cli
