// Fields that hold secrets: empty after ${VAR} substitution is an error, in
// doctor (redacted) and in the daemon (real values) alike, and never shown.
#include "config/GlobalConfig.hxx"
#include "config/Pipeline.hxx"
#include "Fixture.hxx"
#include "secrets/Substitute.hxx"

#include <cstdlib>
#include <doctest/doctest.h>

using namespace osprey;

namespace {

std::string
Errors(std::string_view blocks, const DotEnvMap &dotenv, bool redact)
{
	Diagnostics d;
	const auto global = ParseGlobalConfig(test::minimal_config, "config.yaml", Environment(),
					      "/home/u", d);
	REQUIRE(!d.HasErrors());
	const Environment env(&dotenv);
	const PipelineLocation where{"deploy", "/tmp/pipelines/deploy", "pipelines/deploy/pipeline.yaml", ""};
	const auto text = "name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: {type: none}\n" +
		std::string(blocks);
	const auto p = ParsePipeline(text, where, global, redact ? env.Redacted() : env, "/home/u", d);
	CHECK(p.has_value() == !d.HasErrors());
	return test::AllText(d);
}

const std::string f = "pipelines/deploy/pipeline.yaml:";

} // namespace

TEST_CASE("A secret field that substitutes to empty is an error")
{
	for (const bool redact : {true, false}) {
		CAPTURE(redact);
		CHECK(Errors("channel:\n  type: telegram\n  telegram: {bot_token: '${TG_TOKEN}', chat_id: 1}\n"
			     "agent: {prompt: p}\n", {{"TG_TOKEN", ""}}, redact) ==
		      f + "6:25: channel.telegram.bot_token: ${TG_TOKEN} is set but empty: "
		      "the bot token from @BotFather, e.g. ${TELEGRAM_BOT_TOKEN}\n");
		CHECK(Errors("channel:\n  type: slack\n  slack: {bot_token: '${A}${B}', app_token: x, "
			     "channel_id: C1}\nagent: {prompt: p}\n", {{"A", ""}, {"B", ""}}, redact) ==
		      f + "6:22: channel.slack.bot_token: ${A} and ${B} are set but empty: "
		      "the bot token (xoxb-...), e.g. ${SLACK_BOT_TOKEN}\n");
		CHECK(Errors("channel:\n  type: webhook\n  webhook: {url: 'http://x', secret: '${HOOK_KEY}'}\n"
			     "agent: {prompt: p}\n", {{"HOOK_KEY", ""}}, redact) ==
		      f + "6:38: channel.webhook.secret: ${HOOK_KEY} is set but empty: an empty secret "
		      "would send notifications unsigned; to send them unsigned, remove secret\n");
		CHECK(Errors("agent: {prompt: p, auth: api_key, api_key: '${MY_KEY}'}\n",
			     {{"MY_KEY", ""}}, redact) ==
		      f + "4:44: agent.api_key: ${MY_KEY} is set but empty: the agent would start "
		      "without a key\n");
		/* the value is never shown, whatever it is */
		CHECK(Errors("agent: {prompt: p, auth: api_key, api_key: '${MY_KEY}'}\n",
			     {{"MY_KEY", "k3y"}}, redact).empty());
	}
}

TEST_CASE("An empty runtime key variable is an error for api_key auth")
{
	::unsetenv("ANTHROPIC_API_KEY");
	for (const bool redact : {true, false}) {
		CAPTURE(redact);
		CHECK(Errors("agent: {prompt: p, auth: api_key}\n", {{"ANTHROPIC_API_KEY", ""}}, redact) ==
		      f + "4:8: agent.auth: is api_key but ANTHROPIC_API_KEY is empty: set it in "
		      "the pipeline's .env or the global .env, or set agent.api_key to a ${VARIABLE}\n");
		CHECK(Errors("agent: {prompt: p, auth: api_key}\n", {{"ANTHROPIC_API_KEY", "k"}}, redact)
		      .empty());
	}
}
