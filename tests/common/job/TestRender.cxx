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
			     "agent.prompt: rendering stopped at 4 bytes", RenderError);
	CHECK_THROWS_WITH_AS(Render(p, json::Parse(R"({"p": "", "t": "efghi"})"), limits),
			     "channel.topic: rendering stopped at 4 bytes", RenderError);
}
