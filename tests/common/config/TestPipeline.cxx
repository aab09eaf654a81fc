#include "config/GlobalConfig.hxx"
#include "config/Pipeline.hxx"
#include "Fixture.hxx"
#include "secrets/Substitute.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace std::chrono_literals;

namespace {

struct Loaded {
	std::optional<Pipeline> pipeline;
	std::string diagnostics;
};

GlobalConfig
Global(std::string_view text = test::minimal_config)
{
	Diagnostics d;
	auto g = ParseGlobalConfig(text, "config.yaml", Environment(), "/home/u", d);
	REQUIRE_MESSAGE(!d.HasErrors(), d.ErrorsToString());
	return g;
}

Loaded
Load(std::string_view text, const GlobalConfig &global = Global(), const DotEnvMap &dotenv = {})
{
	Diagnostics d;
	const Environment env(&dotenv);
	const PipelineLocation where{"deploy", "/tmp/pipelines/deploy", "pipelines/deploy/pipeline.yaml", ""};
	auto p = ParsePipeline(text, where, global, env, "/home/u", d);
	return {std::move(p), test::AllText(d)};
}

constexpr std::string_view webhook = R"(name: deploy
description: Fix Sentry errors
trigger:
  type: webhook
  path: /hooks/deploy
workspace:
  type: none
agent:
  prompt: "Fix {{ .body.error }}"
)";

} // namespace

TEST_CASE("A minimal webhook pipeline resolves against the global defaults")
{
	const auto r = Load(webhook);
	REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
	CHECK(r.diagnostics.empty());
	const auto &p = *r.pipeline;
	CHECK(p.name == "deploy");
	CHECK(p.description == "Fix Sentry errors");
	CHECK_FALSE(p.disabled);
	CHECK(p.trigger.type == TriggerType::Webhook);
	CHECK(p.trigger.path == "/hooks/deploy");
	CHECK_FALSE(p.trigger.VerifiesSignature());
	CHECK(p.workspace.type == WorkspaceType::None);
	CHECK(p.channel.type == ChannelType::Stdout);
	CHECK_FALSE(p.channel.approval);
	CHECK(p.agent.type == AgentType::ClaudeCode);
	CHECK(p.agent.timeout == 15min);
	CHECK(p.agent.prompt == "Fix {{ .body.error }}");
}

TEST_CASE("Resolution order follows the contract's table")
{
	const auto global = Global(R"(version: 1
server: {host: 127.0.0.1, port: 9000}
defaults:
  channel:
    type: telegram
    telegram: {bot_token: t, chat_id: -5, allowed_users: [7]}
  agent:
    type: opencode
    claude-code: {auth: api_key}
container:
  default_timeout: 20m
)");

	SUBCASE("channel and agent from the global defaults") {
		const auto r = Load(std::string(webhook) + "channel:\n  approval: true\n", global);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->channel.type == ChannelType::Telegram);
		CHECK(r.pipeline->channel.telegram.chat_id == -5);
		CHECK(r.pipeline->channel.HasApprovers());
		CHECK(r.pipeline->agent.type == AgentType::OpenCode);
		CHECK(r.pipeline->agent.auth == AgentAuth::None);
		CHECK(r.pipeline->agent.timeout == 20min);
		CHECK(r.pipeline->WebhookUrl(global) == "http://127.0.0.1:9000/hooks/deploy");
	}
	SUBCASE("pipeline values win") {
		const auto r = Load(std::string(webhook) +
				    "channel:\n  type: webhook\n  webhook: {url: 'https://x.example/n'}\n", global);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->channel.type == ChannelType::Webhook);
		CHECK(r.pipeline->channel.webhook.url == "https://x.example/n");
	}
	SUBCASE("agent type, auth and timeout from the pipeline") {
		::setenv("ANTHROPIC_API_KEY", "sk-test", 1);
		const auto r = Load(R"(name: deploy
trigger: {type: webhook, path: /x, public_url: "https://public.example/"}
workspace: {type: git-clone, repo: "{{ .body.repository.clone_url }}"}
agent:
  type: agent_a
  auth: api_key
  timeout: 45m
  prompt: p
)", global);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->agent.type == AgentType::ClaudeCode);
		CHECK(r.pipeline->agent.api_key_variable == "ANTHROPIC_API_KEY");
		CHECK(r.pipeline->agent.api_key == "sk-test");
		CHECK(r.pipeline->agent.timeout == 45min);
		CHECK(r.pipeline->workspace.ref == "main");
		CHECK(r.pipeline->WebhookUrl(global) == "https://public.example/x");
	}
	SUBCASE("agent.api_key from the pipeline .env wins") {
		const auto r = Load(R"(name: deploy
trigger: {type: webhook, path: /x}
workspace: {type: none}
agent: {type: opencode, auth: api-key, provider: google, api_key: "${MY_KEY}", prompt: p}
)", global, {{"MY_KEY", "g-key"}});
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->agent.api_key_variable == "GOOGLE_GENERATIVE_AI_API_KEY");
		CHECK(r.pipeline->agent.api_key == "g-key");
	}
}

TEST_CASE("A cron pipeline")
{
	const auto r = Load(R"(name: deploy
trigger:
  type: cron
  cron: "*/15 9-17 * * mon-fri"
  timezone: Europe/Berlin
workspace: {type: none}
channel: {approval: true}
agent: {prompt: "nightly"}
)");
	REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
	CHECK(r.pipeline->trigger.type == TriggerType::Cron);
	REQUIRE(r.pipeline->trigger.schedule != nullptr);
	CHECK(r.diagnostics == "warning: pipelines/deploy/pipeline.yaml:7:21: channel.approval: has no effect on cron pipelines: they run without approval\n");
}

TEST_CASE("pipeline.yaml errors name line, column, field and what was expected")
{
	auto errors = [](std::string_view text, const DotEnvMap &dotenv = {}) {
		const auto r = Load(text, Global(), dotenv);
		CHECK_FALSE(r.pipeline);
		return r.diagnostics;
	};
	const std::string f = "pipelines/deploy/pipeline.yaml:";

	CHECK(errors("name: deploy\ntrigger:\n  type: webhook\n  path: hooks/x\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "4:9: trigger.path: must start with \"/\"\n");
	CHECK(errors("name: other\ntrigger: {type: webhook, path: /x}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "1:7: name: is \"other\" but the directory is \"deploy\"; they must be equal\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: {type: none}\nagent: {timeout: 5m}\n") ==
	      f + "4:8: agent.prompt: missing: the instruction sent to the agent (a template)\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "2:10: trigger.path: missing: a webhook trigger needs a URL path such as /hooks/deploy\n");
	CHECK(errors("name: deploy\ntrigger: {type: cron}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "2:10: trigger.cron: missing: a cron trigger needs a schedule such as \"0 9 * * 1-5\"\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: {type: git-clone}\nagent: {prompt: p}\n") ==
	      f + "3:12: workspace.repo: missing: the repository URL to clone\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: {type: local}\nagent: {prompt: p}\n") ==
	      f + "3:12: workspace.path: missing: the host directory to mount\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, pth: /x, path: /y}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "2:26: trigger.pth: unknown setting; did you mean \"path\"?\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: {type: none}\nagent:\n  prompt: |\n    Fix {{ .body.error\n") ==
	      f + "5:11: agent.prompt: template error at line 2, column 1 of the template: unclosed action\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /x, secret: '${GH_SECRET}', signature_header: X-Sig}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "2:44: trigger.secret references ${GH_SECRET} but it is not set\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: {type: none}\nagent:\n  prompt: p\n  volumes: ['/var/run/../run/docker.sock:/s', '~/.ssh:/ssh:rw', '/:/host', 'x:y:z']\n") ==
	      f + "6:13: agent.volumes[0]: \"/var/run/docker.sock\" (which is \"/run/docker.sock\") is blocked: it is the container engine's socket, and the engine is root on the host\n" +
	      f + "6:47: agent.volumes[1]: the source \"/home/u/.ssh\" does not exist on this machine\n" +
	      f + "6:65: agent.volumes[2]: \"/\" is blocked: it is the whole host\n" +
	      f + "6:76: agent.volumes[3]: the source \"x\" must be an absolute path or start with ~/\n");
	CHECK(errors("name: deploy\ntrigger: {type: webhook, path: /healthz}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "2:32: trigger.path: \"/healthz\" is reserved for the daemon itself\n");
	CHECK(errors("name: deploy\ntrigger: {type: cron, cron: '0 24 * * *'}\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "2:29: trigger.cron: cron \"0 24 * * *\": hour 24 is out of range 0-23\n");
	CHECK(errors("name: deploy\nworkspace: {type: none}\nagent: {prompt: p}\n") ==
	      f + "1:1: trigger: missing: every pipeline has one trigger, \"type: webhook\" with a path or \"type: cron\" with a schedule\n");
}

TEST_CASE("Legal but surely unintended settings are warnings")
{
	SUBCASE("secret without signature_header") {
		const auto r = Load("name: deploy\ntrigger: {type: webhook, path: /x, secret: abc}\nworkspace: {type: none}\nagent: {prompt: p}\n");
		REQUIRE(r.pipeline);
		CHECK_FALSE(r.pipeline->trigger.VerifiesSignature());
		CHECK(r.diagnostics == "warning: pipelines/deploy/pipeline.yaml:2:10: trigger.secret: set without signature_header, so signatures are NOT verified; add signature_header (e.g. X-Hub-Signature-256)\n");
	}
	SUBCASE("approval without approvers") {
		const auto r = Load(std::string(webhook) + "channel: {approval: true}\n");
		REQUIRE(r.pipeline);
		CHECK(r.diagnostics == "warning: pipelines/deploy/pipeline.yaml:10:21: channel.approval: the stdout channel has no buttons; jobs wait for `osprey approve`\n");
	}
}

TEST_CASE("workspace.allowed_repos")
{
	const auto with = [](std::string_view workspace) {
		return Load("name: deploy\ntrigger: {type: webhook, path: /x}\nworkspace: " +
			    std::string(workspace) + "\nagent: {prompt: p}\n");
	};
	SUBCASE("a list of patterns for git workspaces") {
		const auto r = with("{type: git-clone, repo: '{{ .body.repo }}', allowed_repos: "
				    "['https://github.com/acme/*', 'git@github.com:acme/*']}");
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->workspace.allowed_repos ==
		      std::vector<std::string>{"https://github.com/acme/*", "git@github.com:acme/*"});
	}
	SUBCASE("absent: none") {
		const auto r = with("{type: git-worktree, repo: 'https://github.com/acme/x'}");
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->workspace.allowed_repos.empty());
	}
	SUBCASE("only for git workspaces") {
		const auto r = with("{type: none, allowed_repos: ['https://github.com/*']}");
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics == "pipelines/deploy/pipeline.yaml:3:41: workspace.allowed_repos: "
				       "only for git-clone and git-worktree workspaces\n");
	}
}

TEST_CASE("agent.base_url and agent.model: the pipeline's, else the runtime's default")
{
	const auto global = Global(R"(version: 1
defaults:
  channel: {type: stdout}
  agent:
    claude-code: {oauth_path: /tmp, base_url: "http://127.0.0.1:4000", model: claude-sonnet-4-5}
    opencode: {base_url: "https://litellm.example.com/v1"}
)");

	SUBCASE("from the defaults of the pipeline's runtime") {
		const auto r = Load(webhook, global);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->agent.base_url == "http://127.0.0.1:4000");
		CHECK(r.pipeline->agent.model == "claude-sonnet-4-5");
	}
	SUBCASE("the other runtime's defaults do not leak") {
		const auto r = Load(std::string(webhook) + "  type: opencode\n", global);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->agent.base_url == "https://litellm.example.com/v1");
		CHECK(r.pipeline->agent.model.empty());
	}
	SUBCASE("the pipeline's win") {
		const auto r = Load(std::string(webhook) +
				    "  base_url: https://gw.example/anthropic\n  model: claude-opus-4\n", global);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->agent.base_url == "https://gw.example/anthropic");
		CHECK(r.pipeline->agent.model == "claude-opus-4");
	}
	SUBCASE("none anywhere: the provider's own endpoint and the CLI's model") {
		const auto r = Load(webhook);
		REQUIRE_MESSAGE(r.pipeline, r.diagnostics);
		CHECK(r.pipeline->agent.base_url.empty());
		CHECK(r.pipeline->agent.model.empty());
	}
	SUBCASE("a wrong value names the field and what was expected") {
		const std::string f = "pipelines/deploy/pipeline.yaml:";
		auto r = Load(std::string(webhook) + "  base_url: localhost:4000\n");
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics == f + "10:13: agent.base_url: must be an http:// or https:// URL of the model "
		      "provider's API, e.g. \"https://litellm.example.com\" or \"http://127.0.0.1:4000/v1\"\n");
		r = Load(std::string(webhook) + "  model: \"claude sonnet\"\n");
		CHECK_FALSE(r.pipeline);
		CHECK(r.diagnostics.starts_with(f + "10:10: agent.model: must be a model name without spaces"));
	}
}
