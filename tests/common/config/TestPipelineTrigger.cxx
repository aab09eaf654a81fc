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

TEST_CASE("A known vendor's signature header without its prefix is a warning")
{
	const auto with = [](std::string_view header, std::string_view prefix) {
		std::string t = "{type: webhook, path: /x, secret: s, signature_header: " +
			std::string(header);
		if (!prefix.empty())
			t += ", signature_prefix: '" + std::string(prefix) + "'";
		return Load(WithTrigger(t + "}"), {}, true);
	};
	SUBCASE("GitHub") {
		const auto r = with("X-Hub-Signature-256", "");
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.diagnostics == "warning: " + f + "2:65: trigger.signature_header: "
		      "\"X-Hub-Signature-256\" is GitHub's header, which carries \"sha256=<hex>\": set "
		      "signature_prefix: \"sha256=\", or every delivery is refused with 401\n");
		CHECK(with("x-hub-signature-256", "sha256=").diagnostics.empty());
	}
	SUBCASE("a sender with a bare digest") {
		CHECK(with("X-Gitea-Signature", "").diagnostics.empty());
		CHECK(with("Sentry-Hook-Signature", "sha256=").diagnostics.find("remove signature_prefix") !=
		      std::string::npos);
	}
	SUBCASE("senders that cannot be verified here") {
		CHECK(with("X-Slack-Signature", "v0=").diagnostics.find("v0:<timestamp>:<body>") !=
		      std::string::npos);
		CHECK(with("X-Hub-Signature", "").diagnostics.find("GitHub sends SHA-1") !=
		      std::string::npos);
		CHECK(with("X-Hub-Signature", "sha256=").diagnostics.empty()); // Bitbucket
	}
	SUBCASE("an unknown header") {
		CHECK(with("X-Signature", "").diagnostics.empty());
	}
}

TEST_CASE("A bad time zone and a bad schedule are both reported, each at its line")
{
	const auto r = Load("name: deploy\ntrigger:\n  type: cron\n  cron: '0 25 * * *'\n"
			    "  timezone: Mars/Base\nworkspace: {type: none}\nagent: {prompt: p}\n",
			    {}, true);
	CHECK_FALSE(r.pipeline);
	CHECK(r.diagnostics.find(f + "5:13: trigger.timezone: unknown time zone \"Mars/Base\"") !=
	      std::string::npos);
	CHECK(r.diagnostics.find(f + "4:9: trigger.cron: ") != std::string::npos);
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
