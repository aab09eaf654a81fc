// osprey construct <name>: a new pipeline.yaml.
#include "Command.hxx"
#include "ConstructPreset.hxx"
#include "ControlClient.hxx"
#include "Output.hxx"
#include "Prompter.hxx"
#include "config/Names.hxx"
#include "config/Path.hxx"
#include "config/SignatureVendor.hxx"
#include "config/RepoUrl.hxx"
#include "cron/CronSchedule.hxx"
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"
#include "template/Template.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"
#include "time/TimeZone.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <array>
#include <chrono>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 21> options{{
	{"preset", true, "NAME  generic, github-issues, github-pull-requests or sentry: "
	 "fills the answers below, each still yours to change"},
	{"description", true, "TEXT  shown by `osprey list`"},
	{"trigger", true, "TYPE  webhook or cron"},
	{"path", true, "PATH  webhook URL path, e.g. /hooks/deploy"},
	{"secret", true, "SECRET  webhook HMAC secret, stored in the pipeline's .env (- reads standard input)"},
	{"signature-header", true, "NAME  header carrying the signature, e.g. X-Hub-Signature-256 (needs --secret)"},
	{"signature-prefix", true, "TEXT  stripped before comparing (needs --secret; sha256= for GitHub's header)"},
	{"filter", true, "TEMPLATE  a job starts only when it renders true, e.g. "
	 "'{{ eq .body.action \"opened\" }}'"},
	{"cron", true, "EXPR  cron schedule, e.g. \"0 9 * * 1-5\""},
	{"timezone", true, "ZONE  IANA time zone of the schedule (default local time)"},
	{"workspace", true, "TYPE  git-clone, git-worktree, local or none"},
	{"repo", true, "URL  repository (git workspaces; templates allowed)"},
	{"ref", true, "REF  branch or tag (default main; templates allowed)"},
	{"local-path", true, "DIR  host directory (local workspace)"},
	{"approval", false, "ask a human before the agent starts (webhook pipelines)"},
	{"topic", true, "TEXT  notification subject (template)"},
	{"message", true, "TEXT  notification body (template; may span lines)"},
	{"agent", true, "TYPE  claude-code or opencode (default: the global default)"},
	{"prompt", true, "TEXT  the instruction sent to the agent (template; may span lines)"},
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
		out += (line.empty() ? std::string() : std::string(indent) + std::string(line)) + "\n";
	while (out.ends_with("\n\n"))
		out.pop_back();
	out.pop_back();
	return out;
}

/* A flag the answers so far make meaningless is a mistake to say, not to drop. */
static void
RefuseFlags(const Args &args, std::initializer_list<std::string_view> flags, std::string_view why)
{
	for (const auto flag : flags)
		if (args.Has(flag))
			throw UsageError("--" + std::string(flag) + " " + std::string(why));
}

static std::string
CheckTemplate(const std::string &s)
{
	try {
		tmpl::Parse(s);
		return {};
	} catch (const std::exception &e) {
		return e.what();
	}
}

static std::string
CheckDuration(const std::string &s)
{
	try {
		if (ParseDuration(s) <= std::chrono::milliseconds::zero())
			return "must be longer than 0s";
		return {};
	} catch (const std::exception &e) {
		return std::string(e.what()) + " (e.g. 30m, 1h30m)";
	}
}

static std::string
CheckTimeZone(const std::string &s)
{
	try {
		TimeZone::Locate(s);
		return {};
	} catch (const std::exception &e) {
		return e.what();
	}
}

struct Draft {
	std::string yaml;
	std::vector<std::pair<std::string, std::string>> secrets;
};

static void
AskWebhook(Prompter &ask, const Args &args, const std::string &name, const ConstructPreset &preset,
	   Draft &d)
{
	RefuseFlags(args, {"cron", "timezone"}, "applies to cron pipelines only (the trigger is webhook)");
	d.yaml += "  path: " + Quote(ask.Ask("path", "Webhook path", "/hooks/" + name,
			[](const std::string &s) {
				/* a ${VAR} is checked once substituted, at the end */
				return s.starts_with('/') || s.starts_with("${") ? ""
					: "must start with / (or be a ${VARIABLE} holding the path)";
			})) + "\n";
	const auto secret = ask.AskSecret("secret", "Signing secret", false);
	if (secret.empty()) {
		RefuseFlags(args, {"signature-header", "signature-prefix"},
			    "needs --secret: without a secret nothing is verified");
	} else {
		d.secrets.emplace_back("WEBHOOK_SECRET", secret);
		const auto header = ask.Ask("signature-header", "Signature header", preset.signature_header);
		d.yaml += "  secret: ${WEBHOOK_SECRET}\n  signature_header: " + Quote(header) + "\n";
		/* GitHub's header carries "sha256=<hex>": without the prefix every
		   delivery is refused */
		const auto known = SignatureVendorPrefix(header);
		const auto prefix = known.empty()
			? ask.AskOptional("signature-prefix", "Signature prefix, e.g. sha256=")
			: ask.Ask("signature-prefix", "Signature prefix", known);
		if (!prefix.empty())
			d.yaml += "  signature_prefix: " + Quote(prefix) + "\n";
	}
	const auto filter = ask.AskText("filter", "Filter: a template that renders true for the "
					"events that start a job", preset.filter, false, CheckTemplate);
	if (!filter.empty())
		d.yaml += "  filter: " + YamlText(filter, "    ") + "\n";
}

static void
AskCron(Prompter &ask, const Args &args, Draft &d)
{
	RefuseFlags(args, {"path", "secret", "signature-header", "signature-prefix", "filter"},
		    "applies to webhook pipelines only (the trigger is cron)");
	RefuseFlags(args, {"approval"}, "applies to webhook pipelines only: cron jobs run "
		    "without approval");
	const auto timezone = ask.AskOptional("timezone", "Time zone of the schedule, e.g. "
					      "Europe/Berlin (empty: local time)", CheckTimeZone);
	d.yaml += "  cron: " + Quote(ask.Ask("cron", "Schedule (minute hour day month weekday)", "0 9 * * 1-5",
			[&](const std::string &s) {
				try {
					CronSchedule::Parse(s, timezone);
					return std::string();
				} catch (const std::exception &e) {
					return std::string(e.what());
				}
			})) + "\n";
	if (!timezone.empty())
		d.yaml += "  timezone: " + Quote(timezone) + "\n";
}

static void
AskWorkspace(Prompter &ask, const Args &args, const ConstructPreset &preset, Draft &d)
{
	static constexpr std::array<std::string_view, 4> workspaces{"git-clone", "git-worktree", "local", "none"};
	const auto workspace = ask.Choose("workspace", "Workspace", workspaces, preset.workspace);
	d.yaml += "\nworkspace:\n  type: " + workspace + "\n";
	const bool git = workspace == "git-clone" || workspace == "git-worktree";
	if (!git)
		RefuseFlags(args, {"repo", "ref"}, "applies to git-clone and git-worktree workspaces only");
	if (workspace != "local")
		RefuseFlags(args, {"local-path"}, "applies to local workspaces only");
	if (git) {
		const auto repo = ask.Ask("repo", "Repository URL", preset.repo, CheckTemplate);
		d.yaml += "  repo: " + Quote(repo) + "\n";
		d.yaml += "  ref: " + Quote(ask.Ask("ref", "Branch or tag", preset.ref, CheckTemplate)) + "\n";
		/* the payload names the repository: say which ones to expect */
		if (IsTemplated(repo))
			d.yaml += "  # repo comes from the payload: allow only the repositories you expect, e.g.\n"
				  "  # allowed_repos: [\"https://github.com/your-org/*\", \"git@github.com:your-org/*\"]\n";
	} else if (workspace == "local") {
		d.yaml += "  path: " + Quote(ask.Ask("local-path", "Host directory", "",
			[](const std::string &s) {
				return s.starts_with('/') || s.starts_with("~/") ? ""
					: "must be an absolute path (or start with ~/)";
			})) + "\n";
	}
}

static void
AskChannel(Prompter &ask, bool webhook, const ConstructPreset &preset, Draft &d)
{
	const bool approval = webhook && ask.Confirm("approval", "Ask for approval before running?", false);
	const auto topic = ask.AskOptional("topic", "Notification topic", CheckTemplate);
	const auto message = ask.AskText("message", "Notification message", preset.message, false,
					 CheckTemplate);
	const auto topic_or_preset = topic.empty() ? std::string(preset.topic) : topic;
	if (!approval && topic_or_preset.empty() && message.empty())
		return;
	d.yaml += "\nchannel:\n";
	if (!topic_or_preset.empty())
		d.yaml += "  topic: " + Quote(topic_or_preset) + "\n";
	if (!message.empty())
		d.yaml += "  message: " + YamlText(message, "    ") + "\n";
	if (approval)
		d.yaml += "  approval: true\n";
}

static void
AskAgent(Prompter &ask, const Args &args, const GlobalConfig &global, const ConstructPreset &preset, Draft &d)
{
	d.yaml += "\nagent:\n";
	static constexpr std::array<std::string_view, 2> agents{"claude-code", "opencode"};
	const auto global_agent = std::string(Name(global.agent.type));
	if (const auto a = ask.Choose("agent", "Agent", agents, global_agent); a != global_agent ||
	    args.Has("agent"))
		d.yaml += "  type: " + a + "\n";
	d.yaml += "  prompt: " + YamlText(ask.AskText("prompt", "Prompt for the agent", preset.prompt,
						      true, CheckTemplate), "    ") + "\n";
	const auto timeout = ask.Ask("timeout", "Time limit of one job",
				     FormatDuration(global.container.default_timeout), CheckDuration);
	if (timeout != FormatDuration(global.container.default_timeout))
		d.yaml += "  timeout: " + timeout + "\n";
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

	Diagnostics diagnostics;
	const LoadOptions load_options{.redact = true, .lint = false};
	const auto global = LoadGlobalConfig(home, load_options, diagnostics);

	Prompter ask(args);
	std::vector<std::string_view> preset_names;
	std::string preset_list;
	for (const auto &p : ConstructPresets()) {
		preset_names.push_back(p.name);
		preset_list += "\n  " + std::string(p.name) + ": " + std::string(p.summary);
	}
	if (ask.Interactive() && !args.Has("preset"))
		std::printf("Presets:%s\n", preset_list.c_str());
	const auto &preset = *FindConstructPreset(ask.Choose("preset", "Preset", preset_names, "generic"));
	const bool generic = preset.name == "generic";

	Draft d;
	d.yaml = "# See osprey-pipeline(5).\nname: " + name + "\n";
	if (const auto desc = ask.AskOptional("description", "Description"); !desc.empty())
		d.yaml += "description: " + Quote(desc) + "\n";
	d.yaml += "created: " + FormatIso8601Utc(std::chrono::system_clock::now()) + "\n\ntrigger:\n";

	static constexpr std::array<std::string_view, 2> triggers{"webhook", "cron"};
	const auto trigger = generic ? ask.Choose("trigger", "Trigger", triggers, "webhook") : "webhook";
	if (!generic && args.Get("trigger").value_or("webhook") != "webhook")
		throw UsageError("--preset " + std::string(preset.name) + " is for webhook pipelines");
	d.yaml += "  type: " + trigger + "\n";
	if (trigger == "webhook")
		AskWebhook(ask, args, name, preset, d);
	else
		AskCron(ask, args, d);
	AskWorkspace(ask, args, preset, d);
	AskChannel(ask, trigger == "webhook", preset, d);
	AskAgent(ask, args, global, preset, d);
	const auto &y = d.yaml;
	const auto &secrets = d.secrets;

	/* refuse to write what would not load */
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
