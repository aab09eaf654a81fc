// osprey test: what a payload would produce, without running anything.
#include "Command.hxx"
#include "Output.hxx"
#include "job/Render.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"
#include "store/PayloadStore.hxx"
#include "ingest/TemplateHeaders.hxx"
#include "time/Duration.hxx"
#include "util/Error.hxx"
#include "util/Text.hxx"

#include <array>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 3> options{{
	{"payload", true, "JSON  the webhook body to render against (default {})"},
	{"header", true, "'NAME: VALUE'  a request header templates see as .headers (repeatable)"},
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

/* "Name: value" per --header, as a request's header table */
static http::HeaderTable
ParseHeaders(const std::vector<std::string> &lines)
{
	http::HeaderTable table;
	for (const auto &line : lines) {
		const auto colon = line.find(':');
		if (colon == 0 || colon == std::string::npos)
			throw UsageError("--header " + Quote(line) + " is not 'Name: value'");
		const auto name = Trim(std::string_view(line).substr(0, colon));
		if (name.find_first_of(" \t") != std::string_view::npos)
			throw UsageError("--header " + Quote(line) + ": a header name has no spaces");
		table.BeginName();
		table.AppendName(name);
		table.BeginValue();
		table.AppendValue(Trim(std::string_view(line).substr(colon + 1)));
		table.EndValue();
	}
	return table;
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
	std::printf("Agent:     %s, timeout %s\n", std::string(Name(p.agent.type)).c_str(),
		    FormatDuration(p.agent.timeout).c_str());
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
	const auto header_args = args.GetAll("header");

	const auto home = Home::FromEnvironment();
	Diagnostics diagnostics;
	const LoadOptions options{.redact = true, .lint = false};
	const auto global = LoadGlobalConfig(home, options, diagnostics);
	const auto pipeline = LoadPipeline(home, name, global, options, diagnostics);
	if (diagnostics.HasErrors())
		throw ConfigError(std::move(diagnostics));

	/* cron pipelines always render against {}, without headers */
	const bool cron = pipeline->trigger.type == TriggerType::Cron;
	if (cron && (args.Has("payload") || !header_args.empty()))
		std::fprintf(stderr, "osprey: note: %s is a cron pipeline: its templates see .body "
			     "and .headers as {}, so --payload and --header are ignored\n", name.c_str());
	/* what the daemon would keep of these headers (daemon/ingest) */
	const auto headers = cron ? json::Value::MakeObject({})
		: daemon::ExpandHeaders(daemon::CaptureHeaders(ParseHeaders(header_args),
							       pipeline->trigger.signature_header));
	const auto data = TemplateData(cron ? json::Value::MakeObject({}) : payload, headers);
	const auto job = RenderData(*pipeline, data);

	std::string recorded;
	if (!cron) {
		try {
			recorded = PayloadStore(home.PayloadsDir(name), global.jobs.payloads)
				.Save(body, "test", json::Serialize(headers));
		} catch (...) {
			ThrowWithContext("recording the payload for the dashboard");
		}
	}

	const bool as_json = args.Has("json");
	if (as_json)
		std::printf("%s\n", ToJson(*pipeline, job).c_str());
	else
		PrintText(*pipeline, job);
	if (!FilterPasses(*pipeline, data) && !as_json)
		std::printf("--- filter ---\ntrigger.filter does not render true: the daemon would "
			    "answer 200 {\"filtered\":true} and start no job\n");
	if (!recorded.empty())
		/* stdout is JSON alone with --json */
		std::fprintf(as_json ? stderr : stdout, "%sRecorded the payload for the message "
			     "builder: %s\n", as_json ? "osprey: " : "\n", home.Display(recorded).c_str());
	return 0;
}

} // namespace osprey::cli
