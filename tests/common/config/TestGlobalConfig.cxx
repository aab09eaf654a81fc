#include "config/GlobalConfig.hxx"
#include "Fixture.hxx"
#include "secrets/Substitute.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace std::chrono_literals;

static GlobalConfig
Parse(std::string_view text, Diagnostics &d)
{
	return ParseGlobalConfig(text, "config.yaml", Environment(), "/home/u", d);
}

TEST_CASE("A minimal config gets the contract's defaults")
{
	Diagnostics d;
	const auto c = Parse(test::minimal_config, d);
	CHECK(test::AllText(d).empty());
	CHECK(c.version == 1);
	CHECK(c.server.port == 8080);
	CHECK(c.server.host == "0.0.0.0");
	CHECK(c.server.BaseUrl() == "http://0.0.0.0:8080");
	CHECK(c.default_channel.type == ChannelType::Stdout);
	CHECK(c.agent.type == AgentType::ClaudeCode);
	CHECK(c.agent.claude_code.auth == AgentAuth::OAuth);
	CHECK(c.agent.opencode.auth == AgentAuth::None);
	CHECK(c.container.max_concurrent == 3);
	CHECK(c.container.queue == 0);
	CHECK(c.container.default_timeout == 15min);
	CHECK(c.server.max_body == 1024 * 1024);
}

TEST_CASE("Every field of config.yaml is read")
{
	::setenv("OSPREY_T_TG", "123:abc", 1);
	Diagnostics d;
	const auto c = Parse(R"(version: 1
server:
  port: 9000
  host: 127.0.0.1
  public_url: https://osprey.example.com/
  max_body: 2MiB
  header_timeout: 5s
  max_connections: 10
defaults:
  channel:
    type: chat_a
    chat_a:
      bot_token: ${OSPREY_T_TG}
      chat_id: -1001234567890
      allowed_users: [1, 2]
  agent:
    type: agent_b
    agent_a:
      auth: api_key
      oauth_path: ~/.claude
    opencode:
      auth: api-key
      provider: llm_b
      image: my/opencode:1
container:
  max_concurrent: 5
  queue: 20
  default_timeout: 1h30m
  socket: /run/podman/podman.sock
  memory: 2g
  disk_budget: 512m
  cpus: 1.5
  pids: 100
  network: none
  ulimits:
    nofile: "1024:20000"
    nproc: 1000
jobs:
  keep: 50
  max_age: 168h
log:
  format: json
)", d);
	CHECK(test::AllText(d).empty());
	CHECK(c.server.port == 9000);
	CHECK(c.server.BaseUrl() == "https://osprey.example.com");
	CHECK(c.server.max_body == 2 * 1024 * 1024);
	CHECK(c.server.header_timeout == 5s);
	CHECK(c.default_channel.type == ChannelType::Telegram);
	REQUIRE(c.default_channel.telegram);
	CHECK(c.default_channel.telegram->bot_token == "123:abc");
	CHECK(c.default_channel.telegram->chat_id == -1001234567890);
	CHECK(c.default_channel.telegram->allowed_users == std::vector<std::int64_t>{1, 2});
	CHECK(c.agent.type == AgentType::OpenCode);
	CHECK(c.agent.claude_code.auth == AgentAuth::ApiKey);
	CHECK(c.agent.claude_code.oauth_path == "/home/u/.claude");
	CHECK(c.agent.opencode.provider == Provider::OpenAI);
	CHECK(c.agent.opencode.image == "my/opencode:1");
	CHECK(c.container.max_concurrent == 5);
	CHECK(c.container.queue == 20);
	CHECK(c.container.default_timeout == 90min);
	CHECK(c.container.memory == 2ull << 30);
	CHECK(c.container.disk_budget == 512ull << 20);
	CHECK(c.container.cpus == 1.5);
	CHECK(c.container.network == "none");
	REQUIRE(c.container.ulimits.size() == 2);
	CHECK(c.container.ulimits[0].hard == 20000);
	CHECK(c.container.ulimits[1].soft == 1000);
	CHECK(c.container.ulimits[1].hard == 1000);
	CHECK(c.jobs.keep == 50);
	CHECK(c.log_format == LogFormat::Json);
}

TEST_CASE("config.yaml errors name line, column, field and what was expected")
{
	auto errors = [](std::string_view text) {
		Diagnostics d;
		Parse(text, d);
		return test::AllText(d);
	};

	CHECK(errors("defaults:\n  channel:\n    type: stdout\n") ==
	      "config.yaml:1:1: version: missing: add \"version: 1\" at the top\n");
	CHECK(errors("version: 2\ndefaults: {channel: {type: stdout}}\n") ==
	      "config.yaml:1:10: version: must be between 1 and 1, got \"2\"\n");
	CHECK(errors("version: 1\nsever:\n  port: 1\ndefaults: {channel: {type: stdout}}\n") ==
	      "config.yaml:2:1: sever: unknown setting; did you mean \"server\"?\n");
	CHECK(errors("version: 1\nserver:\n  port: 70000\ndefaults: {channel: {type: stdout}}\n") ==
	      "config.yaml:3:9: server.port: must be between 1 and 65535, got \"70000\"\n");
	CHECK(errors("version: 1\ndefaults: {channel: {type: stdout}}\ncontainer:\n  queue: -1\n") ==
	      "config.yaml:4:10: container.queue: must be between 0 and 1000000, got \"-1\"\n");
	CHECK(errors("version: 1\ndefaults: {channel: {type: stdout}}\ncontainer:\n  queue: many\n") ==
	      "config.yaml:4:10: container.queue: expected a whole number, got \"many\"\n");
	CHECK(errors("version: 1\ndefaults:\n  channel:\n    type: email\n") ==
	      "config.yaml:4:11: defaults.channel.type: expected \"telegram\", \"slack\", \"webhook\" or \"stdout\", got \"email\"\n");
	CHECK(errors("version: 1\ndefaults:\n  channel:\n    type: telegram\n") ==
	      "config.yaml:4:5: defaults.channel.telegram: missing: type is \"telegram\", so its settings block \"telegram:\" is required\n");
	CHECK(errors("version: 1\ndefaults:\n  channel:\n    type: telegram\n    telegram:\n      chat_id: x\n") ==
	      "config.yaml:6:7: defaults.channel.telegram.bot_token: missing: the bot token from @BotFather, e.g. ${TELEGRAM_BOT_TOKEN}\n"
	      "config.yaml:6:16: defaults.channel.telegram.chat_id: expected a whole number, got \"x\"\n");
	CHECK(errors("version: 1\ndefaults: {channel: {type: stdout}}\ncontainer:\n  default_timeout: 10 min\n") ==
	      "config.yaml:4:20: container.default_timeout: invalid duration \"10 min\": expected a number followed by a unit (ms, s, m, h), like \"10m\" or \"1h30m\"\n");
	CHECK(errors("version: 1\ndefaults:\n  channel: {type: stdout}\n  agent:\n    claude-code: {auth: none}\n") ==
	      "config.yaml:5:18: defaults.agent.claude-code.auth: claude-code does not support auth \"none\"; expected \"oauth\" or \"api_key\"\n");
	CHECK(errors("version: 1\ndefaults:\n  channel: {type: stdout, telegram: {bot_token: a, chat_id: 1}, chat_a: {bot_token: b, chat_id: 2}}\n").find(
		      "defaults.channel.chat_a: is the same setting as defaults.channel.telegram; write only one of them") != std::string::npos);
	CHECK(errors("- a\n- b\n") ==
	      "config.yaml:1:1: expected a mapping of settings (key: value lines), found a list\n"
	      "config.yaml:1:1: version: missing: add \"version: 1\" at the top\n"
	      "config.yaml:1:1: defaults.channel.type: missing: the default channel, one of \"telegram\", \"slack\", \"webhook\" or \"stdout\"\n");
	CHECK(errors("version: 1\n  bad: indent\n") ==
	      "config.yaml:2:6: invalid YAML: mapping values are not allowed in this context\n");
}

TEST_CASE("An unset secret in config.yaml uses the contract's wording and hides values")
{
	::unsetenv("OSPREY_T_MISSING");
	::setenv("OSPREY_T_BAD_ID", "s3cr3t-not-a-number", 1);
	Diagnostics d;
	Parse("version: 1\ndefaults:\n  channel:\n    type: telegram\n    telegram:\n"
	      "      bot_token: ${OSPREY_T_MISSING}\n      chat_id: ${OSPREY_T_BAD_ID}\n", d);
	const auto text = test::AllText(d);
	CHECK(text.find("config.yaml:6:18: defaults.channel.telegram.bot_token references ${OSPREY_T_MISSING} but it is not set") != std::string::npos);
	CHECK(text.find("defaults.channel.telegram.chat_id: expected a whole number\n") != std::string::npos);
	CHECK(text.find("s3cr3t") == std::string::npos);
}
