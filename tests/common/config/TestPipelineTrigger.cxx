#include "config/GlobalConfig.hxx"
#include "config/Pipeline.hxx"
#include "Fixture.hxx"
#include "secrets/Substitute.hxx"

#include <doctest/doctest.h>

using namespace osprey;

namespace {

struct Loaded {
	std::optional<Pipeline> pipeline;
	std::string diagnostics;
};

Loaded
Load(std::string_view text, const DotEnvMap &dotenv, bool redact)
{
	Diagnostics d;
	const auto global = ParseGlobalConfig(test::minimal_config, "config.yaml", Environment(),
					      "/home/u", d);
	REQUIRE(!d.HasErrors());
	const Environment env(&dotenv);
	const PipelineLocation where{"deploy", "/tmp/pipelines/deploy", "pipelines/deploy/pipeline.yaml", ""};
	auto p = ParsePipeline(text, where, global, redact ? env.Redacted() : env, "/home/u", d);
	return {std::move(p), test::AllText(d)};
}

std::string
WithTrigger(std::string_view trigger)
{
	return "name: deploy\ntrigger: " + std::string(trigger) +
		"\nworkspace: {type: none}\nagent: {prompt: p}\n";
}

const std::string f = "pipelines/deploy/pipeline.yaml:";

} // namespace

TEST_CASE("trigger.path is checked and used after ${VAR} substitution")
{
	const auto yaml = WithTrigger("{type: webhook, path: '${HOOK_PATH}'}");
	for (const bool redact : {true, false}) {
		CAPTURE(redact);
		SUBCASE("a valid path from the .env") {
			const auto r = Load(yaml, {{"HOOK_PATH", "/hooks/from-env"}}, redact);
			REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
			CHECK(r.diagnostics.empty());
			/* the real path even for display: it is registered and printed, not a secret */
			CHECK(r.pipeline->trigger.path == "/hooks/from-env");
		}
		SUBCASE("the substituted value must be a path") {
			CHECK(Load(yaml, {{"HOOK_PATH", "hooks/x"}}, redact).diagnostics ==
			      f + "2:32: trigger.path: must start with \"/\" (after substitution)\n");
			CHECK(Load(yaml, {{"HOOK_PATH", "/healthz"}}, redact).diagnostics ==
			      f + "2:32: trigger.path: \"/healthz\" is reserved for the daemon itself\n");
		}
		SUBCASE("an unset variable") {
			CHECK(Load(yaml, {}, redact).diagnostics ==
			      f + "2:32: trigger.path references ${HOOK_PATH} but it is not set\n");
		}
	}
}

TEST_CASE("An empty trigger.secret or signature_header is an error, not verification turned off")
{
	const auto yaml = WithTrigger("{type: webhook, path: /x, secret: '${WEBHOOK_SECRET}', "
				      "signature_header: X-Sig}");
	for (const bool redact : {true, false}) {
		CAPTURE(redact);
		const auto r = Load(yaml, {{"WEBHOOK_SECRET", ""}}, redact);
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics == f + "2:44: trigger.secret: ${WEBHOOK_SECRET} is set but empty: "
		      "an empty secret would accept unsigned requests; to turn verification off, "
		      "remove secret and signature_header\n");

		const auto ok = Load(yaml, {{"WEBHOOK_SECRET", "s3cret"}}, redact);
		REQUIRE_MESSAGE(ok.pipeline, ok.diagnostics);
		CHECK(ok.pipeline->trigger.VerifiesSignature());
		CHECK(ok.pipeline->trigger.secret == (redact ? "${WEBHOOK_SECRET}" : "s3cret"));

		const auto header = Load(WithTrigger("{type: webhook, path: /x, secret: s, "
						     "signature_header: '${HEADER}'}"),
					 {{"HEADER", ""}}, redact);
		CHECK_FALSE(header.pipeline);
		CHECK(header.diagnostics == f + "2:65: trigger.signature_header: is set from an empty "
		      "variable: an empty header name would accept unsigned requests; to turn "
		      "verification off, remove secret and signature_header\n");
	}
	CHECK(Load(WithTrigger("{type: webhook, path: /x, secret: '', signature_header: X-Sig}"), {}, true)
	      .diagnostics == f + "2:44: trigger.secret: is empty: an empty secret would accept unsigned "
	      "requests; to turn verification off, remove secret and signature_header\n");
}

TEST_CASE("trigger.filter is a template checked at load, for webhooks only")
{
	SUBCASE("a filter that parses") {
		const auto r = Load(WithTrigger("{type: webhook, path: /x, filter: "
						"'{{ eq .body.action \"opened\" }}'}"), {}, true);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.diagnostics.empty());
		CHECK(r.pipeline->trigger.filter == "{{ eq .body.action \"opened\" }}");
	}
	SUBCASE("a syntax error names the file, line and position in the template") {
		const auto r = Load("name: deploy\ntrigger:\n  type: webhook\n  path: /x\n"
				    "  filter: '{{ eq .body.action }'\nworkspace: {type: none}\n"
				    "agent: {prompt: p}\n", {}, true);
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics.starts_with(f + "5:11: trigger.filter: template error at line 1, "
						"column "));
	}
	SUBCASE("on a cron trigger it is an error") {
		const auto r = Load(WithTrigger("{type: cron, cron: '* * * * *', filter: 'true'}"), {}, true);
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics == f + "2:50: trigger.filter: only for webhook triggers: a cron "
		      "tick has no payload to filter on\n");
	}
	SUBCASE("an empty filter would drop everything") {
		const auto r = Load(WithTrigger("{type: webhook, path: /x, filter: ' '}"), {}, true);
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics.find("trigger.filter: is empty") != std::string::npos);
	}
	SUBCASE("an unknown key near it gets a suggestion") {
		const auto r = Load(WithTrigger("{type: webhook, path: /x, filtre: 'true'}"), {}, true);
		CHECK(r.diagnostics.find("did you mean \"filter\"") != std::string::npos);
	}
}
