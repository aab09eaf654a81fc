#include "config/Configuration.hxx"
#include "Fixture.hxx"

#include <doctest/doctest.h>

using namespace osprey;

static std::string
PipelineText(std::string_view name, std::string_view path, std::string_view extra = {})
{
	return "name: " + std::string(name) + "\ntrigger: {type: webhook, path: " + std::string(path) +
		", secret: '${HOOK_SECRET}', signature_header: X-Sig}\nworkspace: {type: none}\n"
		"agent: {prompt: p}\n" + std::string(extra);
}

TEST_CASE("LoadConfiguration loads everything and collects every problem")
{
	test::TempHome t;
	const auto home = t.GetHome();
	::unsetenv("HOOK_SECRET");
	::setenv("OSPREY_T_SHELL", "from-shell", 1);

	SUBCASE("missing config.yaml") {
		const auto c = LoadConfiguration(home, {});
		CHECK(test::AllText(c.diagnostics) ==
		      "config.yaml: not found in " + t.root + "; create it with `osprey setup`\n");
	}

	t.Write("config.yaml", test::minimal_config);
	t.Write(".env", "HOOK_SECRET=global\nOSPREY_T_SHELL=from-file\n", 0600);

	SUBCASE("global .env is loaded, never over the environment") {
		t.Write("pipelines/a/pipeline.yaml", PipelineText("a", "/a"));
		const auto c = LoadConfiguration(home, {.redact = false, .lint = true});
		CHECK(test::AllText(c.diagnostics).empty());
		REQUIRE(c.pipelines.size() == 1);
		CHECK(c.pipelines[0].trigger.secret == "global");
		CHECK(std::string(std::getenv("OSPREY_T_SHELL")) == "from-shell");
	}
	SUBCASE("the pipeline .env wins and is re-read on every load") {
		t.Write("pipelines/a/pipeline.yaml", PipelineText("a", "/a"));
		t.Write("pipelines/a/.env", "HOOK_SECRET=one\n", 0600);
		Diagnostics d;
		const auto global = LoadGlobalConfig(home, {.redact = false}, d);
		CHECK(LoadPipeline(home, "a", global, {.redact = false}, d)->trigger.secret == "one");
		t.Write("pipelines/a/.env", "HOOK_SECRET=two\n", 0600);
		CHECK(LoadPipeline(home, "a", global, {.redact = false}, d)->trigger.secret == "two");
		CHECK(LoadPipeline(home, "a", global, {.redact = true}, d)->trigger.secret == "${HOOK_SECRET}");
		CHECK_FALSE(d.HasErrors());
	}
	SUBCASE("broken, duplicate and disabled pipelines") {
		t.Write("pipelines/a/pipeline.yaml", PipelineText("a", "/same"));
		t.Write("pipelines/b/pipeline.yaml", PipelineText("b", "/same"));
		t.Write("pipelines/c/pipeline.yaml", PipelineText("c", "/same", "disabled: true\n"));
		t.Write("pipelines/d/pipeline.yaml", "name: d\n");
		t.Write("pipelines/e/pipeline.yaml", PipelineText("e", "/e"));
		t.Write("pipelines/e/.env", "not valid\n", 0644);
		t.Write("pipelines/f/README", "no pipeline here");
		t.Write("pipelines/bad name/pipeline.yaml", "");
		const auto c = LoadConfiguration(home, {.redact = true, .lint = true});
		CHECK(c.pipelines.size() == 3);
		CHECK(c.Find("c")->disabled);
		CHECK(c.broken == std::vector<std::string>{"bad name", "d", "e", "f"});
		const auto text = test::AllText(c.diagnostics);
		INFO(text);
		CHECK(text.find("pipelines/b/pipeline.yaml:2:32: trigger.path: \"/same\" is already used by pipeline \"a\" (pipelines/a/pipeline.yaml)") != std::string::npos);
		CHECK(text.find("pipelines/bad name: invalid pipeline name \"bad name\"") != std::string::npos);
		CHECK(text.find("pipelines/d/pipeline.yaml:1:1: trigger: missing") != std::string::npos);
		CHECK(text.find("pipelines/e/.env:1: expected KEY=VALUE") != std::string::npos);
		CHECK(text.find("warning: pipelines/e/.env: has mode 0644; secrets files should be 0600") != std::string::npos);
		CHECK(text.find("pipelines/f/pipeline.yaml: not found; create it with `osprey construct f`") != std::string::npos);
		CHECK(text.find("pipelines/c") == std::string::npos);
	}
}
