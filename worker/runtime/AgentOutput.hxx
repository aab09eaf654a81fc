// The agent CLIs' structured output, as the entry script saves it (one JSON
// event a line): the final answer for result.md and the CLI's report of its
// run (turns, duration, cost, error) for the job record.
#pragma once

#include "config/Names.hxx"
#include "job/AgentReport.hxx"

#include <optional>
#include <string>
#include <string_view>

namespace osprey {

struct AgentOutput {
	/** the agent's final answer (its last text), or its error */
	std::string answer;
	AgentReport report;
};

/// Reads @p text, what the CLI of @p type printed: Claude Code's
/// stream-json (the final "result" event) or OpenCode's JSON events.
/// nullopt when @p text holds no such events (plain text from a custom image
/// or a CLI that died first): the text is then the answer as it is.
/// Never throws for bad input.
std::optional<AgentOutput> ReadAgentOutput(AgentType type, std::string_view text);

} // namespace osprey
