// What the agent CLI itself said about its run, read by osprey-worker from
// the CLI's structured output (Claude Code's stream-json "result" event,
// OpenCode's JSON events): it travels in the worker's "finished" event and is
// kept in job.json under "agent".
#pragma once

#include "json/Value.hxx"

#include <cstdint>
#include <optional>
#include <string>

namespace osprey {

struct AgentReport {
	/** model turns (Claude Code's num_turns; OpenCode's steps) */
	std::optional<std::int64_t> turns;
	/** the CLI's own measure of its run */
	std::optional<std::int64_t> duration_ms;
	/** what the provider charged, in US dollars, when the CLI reports it */
	std::optional<double> cost_usd;
	/** the agent said it failed (an API error, too many turns) */
	bool is_error = false;
	/** its words for that failure, e.g. "API Error: Connection error." */
	std::string error;

	bool operator==(const AgentReport &) const = default;
};

/// Whether @p usd can be a cost: finite and not negative (a CLI's "1e400"
/// would otherwise become an "inf" that no JSON reader takes back).
bool IsCost(double usd) noexcept;

/// {"turns":2,"duration_ms":1234,"cost_usd":0.0123,"is_error":false,"error":"..."};
/// absent fields are left out.
json::Value ToJsonValue(const AgentReport &report);

/// The inverse; fields of the wrong type are ignored (job.json is ours, but
/// a report must never make a record unreadable).
AgentReport ParseAgentReport(const json::Value &value);

/// "3 turns · $0.0123" (what a chat shows after the outcome); a cost of 0
/// is left out; empty when nothing was reported.
std::string Summary(const AgentReport &report);

} // namespace osprey
