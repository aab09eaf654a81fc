// osprey test: what a payload would produce, without running anything.
#include "Command.hxx"
#include "Output.hxx"
#include "job/Render.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"
#include "store/PayloadStore.hxx"
#include "util/Error.hxx"

#include <array>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 2> options{{
	{"payload", true, "JSON  the webhook body to render against (default {})"},
	{"json", false, "print the result as JSON"},
}};
const std::span<const OptionSpec> test_options = options;

static json::Value
ParsePayload(const std::string &text)
{
	try {
		return json::Parse(text);
	} catch (const json::ParseError &e) {
		throw UsageError(std::string("--payload is not valid JSON: ") + e.what());
	}
}

static void
PrintText(const Pipeline &p, const RenderedJob &job)
{
	std::printf("Pipeline:  %s\n", p.name.c_str());
	std::printf("Workspace: %s", std::string(Name(p.workspace.type)).c_str());
	if (!job.repo.empty())
		std::printf(" %s @ %s", job.repo.c_str(), job.ref.c_str());
	if (!p.workspace.path.empty())
		std::printf(" %s", p.workspace.path.c_str());
	std::printf("\nChannel:   %s%s\n", std::string(Name(p.channel.type)).c_str(),
		    p.channel.approval && p.trigger.type == TriggerType::Webhook
		    ? " (waits for approval)" : "");
	std::printf("Agent:     %s, timeout %lld s\n", std::string(Name(p.agent.type)).c_str(),
		    static_cast<long long>(p.agent.timeout.count() / 1000));
	std::printf("\n--- topic ---\n%s\n", job.topic.c_str());
	std::printf("--- message ---\n%s\n", job.message.c_str());
	std::printf("--- prompt ---\n%s\n", job.prompt.c_str());
}

static std::string
ToJson(const Pipeline &p, const RenderedJob &job)
{
	auto str = [](const std::string &s) { return json::Value::String(s); };
	const bool approval = p.channel.approval && p.trigger.type == TriggerType::Webhook;
	return json::Serialize(json::Value::MakeObject({
		{"pipeline", str(p.name)},
		{"prompt", str(job.prompt)},
		{"channel", json::Value::MakeObject({
			{"type", str(std::string(Name(p.channel.type)))},
			{"topic", str(job.topic)},
			{"message", str(job.message)},
			{"approval", json::Value(approval)},
		})},
		{"workspace", json::Value::MakeObject({
			{"type", str(std::string(Name(p.workspace.type)))},
			{"repo", str(job.repo)},
			{"ref", str(job.ref)},
			{"path", str(p.workspace.path)},
		})},
	}));
}

int
RunTest(const Args &args)
{
	args.ExpectPositionals(1, "the pipeline name");
	const auto &name = args.Positionals()[0];
	const auto body = args.Get("payload").value_or("{}");
	const auto payload = ParsePayload(body);

	const auto home = Home::FromEnvironment();
	Diagnostics diagnostics;
	const LoadOptions options{.redact = true, .lint = false};
	const auto global = LoadGlobalConfig(home, options, diagnostics);
	const auto pipeline = LoadPipeline(home, name, global, options, diagnostics);
	if (diagnostics.HasErrors())
		throw ConfigError(std::move(diagnostics));

	/* cron pipelines always render against {} */
	const auto job = Render(*pipeline, pipeline->trigger.type == TriggerType::Cron
				? json::Value::MakeObject({}) : payload);

	try {
		PayloadStore(home.PayloadsDir(name), global.jobs.payloads).Save(body, "test");
	} catch (...) {
		ThrowWithContext("recording the payload for the dashboard");
	}

	if (args.Has("json"))
		std::printf("%s\n", ToJson(*pipeline, job).c_str());
	else
		PrintText(*pipeline, job);
	return 0;
}

} // namespace osprey::cli
