// libFuzzer target for what the agent CLIs print (worker/runtime/AgentOutput):
// the agent in the container controls those bytes. No input may crash the
// reader, and the report it makes must survive job.json: serialized, parsed
// back, the same turns, duration, error and (to the printed precision) cost.
#include "runtime/AgentOutput.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace osprey;

static void
Check(AgentType type, std::string_view text)
{
	const auto out = ReadAgentOutput(type, text);
	if (!out)
		return;
	const auto &r = out->report;
	const AgentReport back = ParseAgentReport(json::Parse(json::Serialize(ToJsonValue(r))));
	if (back.turns != r.turns || back.duration_ms != r.duration_ms ||
	    back.is_error != r.is_error || back.error != r.error ||
	    back.cost_usd.has_value() != r.cost_usd.has_value() ||
	    (r.cost_usd && std::fabs(*back.cost_usd - *r.cost_usd) > 1e-6))
		std::abort();
	(void)Summary(r);
}

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view text(reinterpret_cast<const char *>(data), size);
	Check(AgentType::ClaudeCode, text);
	Check(AgentType::OpenCode, text);
	return 0;
}
