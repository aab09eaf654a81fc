// osprey construct <name>: a new pipeline.yaml.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "Output.hxx"
#include "Prompter.hxx"
#include "config/Path.hxx"
#include "config/RepoUrl.hxx"
#include "cron/CronSchedule.hxx"
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <array>
#include <chrono>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 19> options{{
	{"description", true, "TEXT  shown by `osprey list`"},
	{"trigger", true, "TYPE  webhook or cron"},
	{"path", true, "PATH  webhook URL path, e.g. /hooks/deploy"},
	{"secret", true, "SECRET  webhook HMAC secret, stored in the pipeline's .env (- reads standard input)"},
	{"signature-header", true, "NAME  header carrying the signature, e.g. X-Hub-Signature-256"},
	{"signature-prefix", true, "TEXT  stripped before comparing, e.g. sha256="},
	{"cron", true, "EXPR  cron schedule, e.g. \"0 9 * * 1-5\""},
	{"timezone", true, "ZONE  IANA time zone of the schedule (default local time)"},
	{"workspace", true, "TYPE  git-clone, git-worktree, local or none"},
	{"repo", true, "URL  repository (git workspaces; templates allowed)"},
	{"ref", true, "REF  branch or tag (default main; templates allowed)"},
	{"local-path", true, "DIR  host directory (local workspace)"},
	{"approval", false, "ask a human before the agent starts (webhook pipelines)"},
	{"topic", true, "TEXT  notification subject (template)"},
	{"message", true, "TEXT  notification body (template)"},
	{"agent", true, "TYPE  claude-code or opencode (default: the global default)"},
	{"prompt", true, "TEXT  the instruction sent to the agent (template)"},
	{"timeout", true, "DURATION  maximum run time, e.g. 30m (default: the global default)"},
	{"force", false, "replace an existing pipeline.yaml"},
}};
const std::span<const OptionSpec> construct_options = options;

/* A block scalar keeps multi-line templates readable in the file. */
static std::string
YamlText(const std::string &s, std::string_view indent)
{
	if (s.find('\n') == std::string::npos)
		return Quote(s);
	std::string out = "|\n";
	for (const auto line : Split(s, '\n'))
		out += std::string(indent) + std::string(line) + "\n";
	while (out.ends_with("\n\n"))
		out.pop_back();
	out.pop_back();
	return out;
}

int
RunConstruct(const Args &args)
{
	args.ExpectPositionals(1, "the pipeline name");
	const auto &name = args.Positionals()[0];
	if (!IsValidPipelineName(name))
		throw UsageError("invalid pipeline name " + Quote(name) + ": use letters, digits, '-', "
				 "'_' and '.', starting with a letter or digit");

	const auto home = Home::FromEnvironment();
	const auto file = home.PipelineFile(name);
	if (PathExists(file) && !args.Has("force"))
		throw std::runtime_error(file + " already exists; use `osprey edit " + name +
					 "`, or --force to replace it");

	Prompter ask(args);
	std::vector<std::pair<std::string, std::string>> secrets;
	std::string y = "# See osprey-pipeline(5).\nname: " + name + "\n";
	if (const auto d = ask.AskOptional("description", "Description"); !d.empty())
		y += "description: " + Quote(d) + "\n";
	y += "created: " + FormatIso8601Utc(std::chrono::system_clock::now()) + "\n\ntrigger:\n";

	static constexpr std::array<std::string_view, 2> triggers{"webhook", "cron"};
	const auto trigger = ask.Choose("trigger", "Trigger", triggers, "webhook");
	y += "  type: " + trigger + "\n";
	if (trigger == "webhook") {
		y += "  path: " + Quote(ask.Ask("path", "Webhook path", "/hooks/" + name,
				[](const std::string &s) {
					/* a ${VAR} is checked once substituted, below */
					return s.starts_with('/') || s.starts_with("${") ? ""
						: "must start with / (or be a ${VARIABLE} holding the path)";
				})) + "\n";
		const auto secret = ask.AskSecret("secret", "Signing secret", false);
		if (!secret.empty()) {
			secrets.emplace_back("WEBHOOK_SECRET", secret);
			y += "  secret: ${WEBHOOK_SECRET}\n  signature_header: " +
				Quote(ask.Ask("signature-header", "Signature header", "X-Hub-Signature-256")) + "\n";
			if (const auto p = ask.AskOptional("signature-prefix", "Signature prefix, e.g. sha256="); !p.empty())
				y += "  signature_prefix: " + Quote(p) + "\n";
		}
	} else {
		const auto timezone = args.Get("timezone").value_or("");
		y += "  cron: " + Quote(ask.Ask("cron", "Schedule (minute hour day month weekday)", "0 9 * * 1-5",
				[&](const std::string &s) {
					try {
						CronSchedule::Parse(s, timezone);
						return std::string();
					} catch (const std::exception &e) {
						return std::string(e.what());
					}
				})) + "\n";
		if (!timezone.empty())
			y += "  timezone: " + Quote(timezone) + "\n";
	}

	static constexpr std::array<std::string_view, 4> workspaces{"git-clone", "git-worktree", "local", "none"};
	const auto workspace = ask.Choose("workspace", "Workspace", workspaces, "none");
	y += "\nworkspace:\n  type: " + workspace + "\n";
	if (workspace == "git-clone" || workspace == "git-worktree") {
		const auto repo = ask.Ask("repo", "Repository URL", "{{ .body.repository.clone_url }}");
		y += "  repo: " + Quote(repo) + "\n";
		y += "  ref: " + Quote(ask.Ask("ref", "Branch or tag", "main")) + "\n";
		/* the payload names the repository: say which ones to expect */
		if (IsTemplated(repo))
			y += "  # repo comes from the payload: allow only the repositories you expect, e.g.\n"
			     "  # allowed_repos: [\"https://github.com/your-org/*\", \"git@github.com:your-org/*\"]\n";
	} else if (workspace == "local") {
		y += "  path: " + Quote(ask.Ask("local-path", "Host directory", "")) + "\n";
	}

	const bool approval = trigger == "webhook" && ask.Confirm("approval", "Ask for approval before running?", false);
	const auto topic = ask.AskOptional("topic", "Notification topic");
	const auto message = ask.AskOptional("message", "Notification message");
	if (approval || !topic.empty() || !message.empty()) {
		y += "\nchannel:\n";
		if (!topic.empty())
			y += "  topic: " + YamlText(topic, "    ") + "\n";
		if (!message.empty())
			y += "  message: " + YamlText(message, "    ") + "\n";
		if (approval)
			y += "  approval: true\n";
	}

	y += "\nagent:\n";
	if (const auto a = args.Get("agent"))
		y += "  type: " + *a + "\n";
	y += "  prompt: " + YamlText(ask.Ask("prompt", "Prompt for the agent", ""), "    ") + "\n";
	if (const auto t = args.Get("timeout"))
		y += "  timeout: " + *t + "\n";

	/* refuse to write what would not load */
	Diagnostics diagnostics;
	const LoadOptions options{.redact = true, .lint = false};
	const auto global = LoadGlobalConfig(home, options, diagnostics);
	DotEnvMap pending;
	for (const auto &[k, v] : secrets)
		pending.emplace(k, v);
	const Environment env(&pending);
	const PipelineLocation where{name, home.PipelineDir(name), home.Display(file), home.Root()};
	const auto pipeline = ParsePipeline(y, where, global, env.Redacted(), home.UserHome(), diagnostics);
	if (diagnostics.HasErrors())
		throw ConfigError(std::move(diagnostics));

	MakeDirectories(home.PipelineDir(name), 0700);
	if (!secrets.empty())
		UpdateDotEnvFile(home.PipelineDotEnv(name), secrets, args.Has("force"));
	WriteFileAtomic(file, y, 0644);

	std::printf("Wrote %s\n", file.c_str());
	if (pipeline->trigger.type == TriggerType::Webhook) {
		std::printf("Webhook URL: %s\n", pipeline->WebhookUrl(global).c_str());
		if (pipeline->trigger.public_url.empty() && global.server.public_url.empty() &&
		    (global.server.host == "0.0.0.0" || global.server.host == "::"))
			std::printf("  (set server.public_url in config.yaml to the address senders reach "
				    "this machine at)\n");
	}
	std::printf("Try it: osprey test %s --payload '{}'\n", name.c_str());
	TellDaemonToReload(home.ControlSocket());
	return 0;
}

} // namespace osprey::cli
