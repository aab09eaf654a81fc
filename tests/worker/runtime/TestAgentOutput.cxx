// Unit: the agent CLIs' structured output read into result.md and the job
// record. The .jsonl files in cli-output/ are what the real CLIs printed in
// Osprey's images (tests/agents) against model-api.js.
#include "runtime/AgentOutput.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <cstdlib>

using namespace osprey;

static std::string
Captured(const std::string &name)
{
	const char *dir = std::getenv("OSPREY_CLI_OUTPUT_DIR");
	REQUIRE_MESSAGE(dir != nullptr, "OSPREY_CLI_OUTPUT_DIR is not set (meson test sets it)");
	return ReadFile(std::string(dir) + "/" + name);
}

TEST_CASE("Claude Code's stream-json: the result event")
{
	SUBCASE("a tool round trip") {
		const auto out = ReadAgentOutput(AgentType::ClaudeCode,
						 Captured("claude-code-2.1.331-tool-round-trip.jsonl"));
		REQUIRE(out);
		CHECK(out->answer == "Wrote note.txt for Osprey.");
		CHECK(out->report.turns == 2);
		REQUIRE(out->report.cost_usd);
		CHECK(*out->report.cost_usd > 0);
		REQUIRE(out->report.duration_ms);
		CHECK(*out->report.duration_ms > 0);
		CHECK_FALSE(out->report.is_error);
		CHECK(out->report.error.empty());
	}
	SUBCASE("an overloaded provider: is_error with subtype success") {
		const auto out = ReadAgentOutput(AgentType::ClaudeCode,
						 Captured("claude-code-2.1.331-overloaded.jsonl"));
		REQUIRE(out);
		CHECK(out->report.is_error);
		CHECK(out->report.error.starts_with("API Error: Repeated 529 Overloaded errors."));
		CHECK(out->answer == out->report.error);
		CHECK(out->report.turns == 1);
	}
	SUBCASE("killed at the timeout: no result event, nothing structured") {
		CHECK_FALSE(ReadAgentOutput(AgentType::ClaudeCode,
					    Captured("claude-code-2.1.331-killed-at-timeout.jsonl")));
	}
	SUBCASE("an error subtype without is_error") {
		const auto out = ReadAgentOutput(AgentType::ClaudeCode,
			R"({"type":"result","subtype":"error_max_turns","num_turns":30,"total_cost_usd":1.5})" "\n");
		REQUIRE(out);
		CHECK(out->report.is_error);
		CHECK(out->report.error == "error_max_turns");
		CHECK(out->report.turns == 30);
		CHECK(out->report.cost_usd == 1.5);
	}
}

TEST_CASE("OpenCode's JSON events: steps, the last step's text, errors")
{
	SUBCASE("a tool round trip") {
		const auto out = ReadAgentOutput(AgentType::OpenCode,
						 Captured("opencode-1.18.33-tool-round-trip.jsonl"));
		REQUIRE(out);
		CHECK(out->answer == "Wrote note.txt for Osprey.");
		CHECK(out->report.turns == 2);
		CHECK_FALSE(out->report.is_error);
	}
	SUBCASE("a provider outage: the error event") {
		const auto out = ReadAgentOutput(AgentType::OpenCode,
						 Captured("opencode-1.18.33-outage.jsonl"));
		REQUIRE(out);
		CHECK(out->report.is_error);
		CHECK(out->report.error.find("Service unavailable (Osprey test emulator outage)") != std::string::npos);
		CHECK(out->answer == out->report.error);
	}
}

TEST_CASE("Output that is not the CLI's events is the answer as it is")
{
	CHECK_FALSE(ReadAgentOutput(AgentType::ClaudeCode, ""));
	CHECK_FALSE(ReadAgentOutput(AgentType::ClaudeCode, "Plain text from a custom image.\n"));
	CHECK_FALSE(ReadAgentOutput(AgentType::OpenCode, "{\"type\":\"step_start\"\n{not json}\n[1,2]\n"));
	/* a line cut by the 16 MiB bound is skipped, the events before it count */
	const auto out = ReadAgentOutput(AgentType::ClaudeCode,
		"warning: something\n"
		R"({"type":"result","subtype":"success","is_error":false,"num_turns":1,"result":"done"})" "\n"
		R"({"type":"assistant","message":{"content":[{"type":"text","text":"cut)");
	REQUIRE(out);
	CHECK(out->answer == "done");
	CHECK(out->report.turns == 1);
	/* fields of the wrong type are ignored, not trusted */
	const auto odd = ReadAgentOutput(AgentType::ClaudeCode,
		R"({"type":"result","num_turns":"2","total_cost_usd":"free","is_error":"yes","result":7})" "\n");
	REQUIRE(odd);
	CHECK_FALSE(odd->report.turns);
	CHECK_FALSE(odd->report.cost_usd);
	CHECK_FALSE(odd->report.is_error);
	CHECK(odd->answer.empty());
}

TEST_CASE("A cost that is no cost is left out (found by fuzz-agent-output)")
{
	/* 1e400 parses as infinity, which job.json could not hold */
	for (const char *cost : {"1e400", "-0.5"}) {
		const auto out = ReadAgentOutput(AgentType::ClaudeCode,
			std::string(R"({"type":"result","num_turns":1,"total_cost_usd":)") + cost + "}\n");
		REQUIRE(out);
		CHECK_FALSE(out->report.cost_usd);
		CHECK(out->report.turns == 1);
	}
	const auto sum = ReadAgentOutput(AgentType::OpenCode,
		"{\"type\":\"step_finish\",\"part\":{\"cost\":1e308}}\n"
		"{\"type\":\"step_finish\",\"part\":{\"cost\":1e308}}\n");
	REQUIRE(sum);
	CHECK(sum->report.turns == 2);
	CHECK_FALSE(sum->report.cost_usd);
}
