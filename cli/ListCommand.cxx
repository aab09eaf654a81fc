// osprey list: one line per pipeline.
#include "Command.hxx"
#include "Output.hxx"
#include "cron/CronSchedule.hxx"
#include "json/Serialize.hxx"
#include "time/Iso8601.hxx"

#include <array>
#include <chrono>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"json", false, "print a JSON array instead of a table"},
}};
const std::span<const OptionSpec> list_options = options;

static std::string
NextRun(const Pipeline &p)
{
	if (!p.trigger.schedule)
		return {};
	return FormatIso8601(p.trigger.schedule->Next(std::chrono::system_clock::now()),
			     p.trigger.schedule->Zone());
}

static std::string
TriggerText(const Pipeline &p)
{
	if (p.trigger.type == TriggerType::Webhook)
		return "POST " + p.trigger.path;
	return "cron \"" + p.trigger.cron + "\" next " + NextRun(p);
}

static json::Value
Str(std::string s)
{
	return json::Value::String(std::move(s));
}

static json::Value
ToJson(const Pipeline &p, const GlobalConfig &global)
{
	json::Members trigger{{"type", Str(std::string(Name(p.trigger.type)))}};
	if (p.trigger.type == TriggerType::Webhook) {
		trigger.emplace_back("path", Str(p.trigger.path));
		trigger.emplace_back("url", Str(p.WebhookUrl(global)));
		trigger.emplace_back("signed", json::Value(p.trigger.VerifiesSignature()));
	} else {
		trigger.emplace_back("cron", Str(p.trigger.cron));
		if (!p.trigger.timezone.empty())
			trigger.emplace_back("timezone", Str(p.trigger.timezone));
		trigger.emplace_back("next_run", Str(NextRun(p)));
	}
	return json::Value::MakeObject({
		{"name", Str(p.name)},
		{"description", Str(p.description)},
		{"disabled", json::Value(p.disabled)},
		{"valid", json::Value(true)},
		{"trigger", json::Value::MakeObject(std::move(trigger))},
		{"channel", Str(std::string(Name(p.channel.type)))},
		{"approval", json::Value(p.channel.approval)},
		{"agent", Str(std::string(Name(p.agent.type)))},
		{"workspace", Str(std::string(Name(p.workspace.type)))},
	});
}

int
RunList(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto home = Home::FromEnvironment();
	auto config = LoadForDisplay(home);
	if (!config.global_valid)
		throw ConfigError(std::move(config.diagnostics));

	if (args.Has("json")) {
		json::Array items;
		for (const auto &p : config.pipelines)
			items.push_back(ToJson(p, config.global));
		for (const auto &name : config.broken)
			items.push_back(json::Value::MakeObject({
				{"name", Str(name)}, {"valid", json::Value(false)},
			}));
		std::printf("%s\n", json::Serialize(json::Value::MakeArray(std::move(items))).c_str());
		return 0;
	}

	if (config.pipelines.empty() && config.broken.empty()) {
		std::printf("No pipelines in %s. Create one with `osprey construct <name>`.\n",
			    home.PipelinesDir().c_str());
		return 0;
	}

	std::vector<std::vector<std::string>> rows{
		{"NAME", "TRIGGER", "CHANNEL", "AGENT", "STATE", "DESCRIPTION"}};
	for (const auto &p : config.pipelines)
		rows.push_back({p.name, TriggerText(p),
				std::string(Name(p.channel.type)) + (p.channel.approval ? " (approval)" : ""),
				std::string(Name(p.agent.type)), p.disabled ? "disabled" : "enabled",
				p.description});
	for (const auto &name : config.broken)
		rows.push_back({name, "-", "-", "-", "invalid", "run `osprey doctor`"});
	std::fputs(FormatTable(rows).c_str(), stdout);
	return 0;
}

} // namespace osprey::cli
