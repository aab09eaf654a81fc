#include "config/Diagnostic.hxx"
#include "config/GlobalConfig.hxx"
#include "config/Pipeline.hxx"
#include "job/Render.hxx"
#include "json/Parse.hxx"
#include "secrets/Substitute.hxx"

#include <doctest/doctest.h>

using namespace osprey;

static Pipeline
Load(std::string_view text)
{
	Diagnostics d;
	const auto global = ParseGlobalConfig("version: 1\ndefaults: {channel: {type: stdout}, agent: {type: opencode}}\n",
					      "config.yaml", Environment(), "/h", d);
	const PipelineLocation where{"p", "/tmp/p", "pipelines/p/pipeline.yaml", ""};
	auto p = ParsePipeline(text, where, global, Environment(), "/h", d);
	REQUIRE_MESSAGE(p, d.ErrorsToString());
	return std::move(*p);
}

TEST_CASE("Render fills every template from .body")
{
	const auto p = Load(R"Y(name: p
trigger: {type: webhook, path: /p}
workspace: {type: git-clone, repo: "{{ .body.repository.clone_url }}", ref: "{{ .body.pull_request.head.ref }}"}
channel: {topic: "PR #{{ .body.number }}", message: "{{ .body.pull_request.title }}"}
agent: {prompt: "Review {{ .body.pull_request.title }} ({{ .body.missing.deeper }})"}
)Y");
	const auto payload = json::Parse(R"({"number": 42, "repository": {"clone_url": "https://g/r.git"},
		"pull_request": {"title": "Add x", "head": {"ref": "feat"}}})");
	const auto job = Render(p, payload);
	CHECK(job.prompt == "Review Add x (<no value>)");
	CHECK(job.topic == "PR #42");
	CHECK(job.message == "Add x");
	CHECK(job.repo == "https://g/r.git");
	CHECK(job.ref == "feat");
}

TEST_CASE("Render reports a failing template with its field")
{
	const auto p = Load("name: p\ntrigger: {type: webhook, path: /p}\nworkspace: {type: none}\n"
			    "agent: {prompt: \"{{ index .body.list 5 }}\"}\n");
	CHECK_THROWS_WITH_AS(Render(p, json::Parse(R"({"list": [1]})")),
			     doctest::Contains("agent.prompt: "), RenderError);
	CHECK(Render(p, json::Parse(R"({"list": [0,1,2,3,4,"five"]})")).prompt == "five");
}

TEST_CASE("Render passes its limits to every field")
{
	const auto p = Load("name: p\ntrigger: {type: webhook, path: /p}\nworkspace: {type: none}\n"
			    "channel: {topic: \"{{ .body.t }}\"}\nagent: {prompt: \"{{ .body.p }}\"}\n");
	RenderLimits limits;
	limits.output_bytes = 4;
	CHECK(Render(p, json::Parse(R"({"p": "abcd", "t": "efgh"})"), limits).prompt == "abcd");
	CHECK_THROWS_WITH_AS(Render(p, json::Parse(R"({"p": "abcde", "t": ""})"), limits),
			     "pipelines/p/pipeline.yaml: agent.prompt: rendering stopped at 4 bytes", RenderError);
	CHECK_THROWS_WITH_AS(Render(p, json::Parse(R"({"p": "", "t": "efghi"})"), limits),
			     "pipelines/p/pipeline.yaml: channel.topic: rendering stopped at 4 bytes", RenderError);
}

TEST_CASE("trigger.filter passes when it renders true, over .body and .headers")
{
	const auto p = Load("name: p\ntrigger:\n  type: webhook\n  path: /p\n  filter: |\n"
			    "    {{ and (eq .body.action \"opened\") (eq (index .headers \"x-github-event\") \"issues\") }}\n"
			    "workspace: {type: none}\nagent: {prompt: \"{{ index .headers \\\"x-github-event\\\" }}\"}\n");
	const auto headers = json::Parse(R"({"x-github-event": "issues"})");
	CHECK(FilterPasses(p, TemplateData(json::Parse(R"({"action": "opened"})"), headers)));
	CHECK_FALSE(FilterPasses(p, TemplateData(json::Parse(R"({"action": "edited"})"), headers)));
	CHECK_FALSE(FilterPasses(p, TemplateData(json::Parse(R"({"action": "opened"})"))));
	CHECK(RenderData(p, TemplateData(json::Parse("{}"), headers)).prompt == "issues");
	/* no headers (cron, old payloads): an empty object, not a failure */
	CHECK(Render(p, json::Parse("{}")).prompt == "<no value>");

	const auto none = Load("name: p\ntrigger: {type: webhook, path: /p}\nworkspace: {type: none}\n"
			       "agent: {prompt: x}\n");
	CHECK(FilterPasses(none, TemplateData(json::Parse("{}"))));
}

TEST_CASE("A filter that fails to render names the file and the field")
{
	const auto p = Load("name: p\ntrigger: {type: webhook, path: /p, filter: \"{{ index .body.l 3 }}\"}\n"
			    "workspace: {type: none}\nagent: {prompt: x}\n");
	try {
		(void)FilterPasses(p, TemplateData(json::Parse(R"({"l": []})")));
		FAIL("no error");
	} catch (const RenderError &e) {
		CHECK(std::string(e.what()).starts_with("pipelines/p/pipeline.yaml: trigger.filter: line 1, column "));
		CHECK(e.field_message.starts_with("trigger.filter: line 1, column "));
	}
}
