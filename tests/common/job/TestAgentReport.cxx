// Unit: the agent's own report of its run, as job.json keeps it and a chat
// shows it.
#include "job/AgentReport.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("AgentReport survives job.json")
{
	AgentReport r;
	r.turns = 3;
	r.duration_ms = 4548;
	r.cost_usd = 0.0123;
	r.is_error = true;
	r.error = "API Error: Connection error.";
	const auto text = json::Serialize(ToJsonValue(r));
	CHECK(text == R"({"turns":3,"duration_ms":4548,"cost_usd":0.012300,"is_error":true,"error":"API Error: Connection error."})");
	CHECK(ParseAgentReport(json::Parse(text)) == r);

	/* nothing reported: only is_error */
	CHECK(json::Serialize(ToJsonValue(AgentReport{})) == R"({"is_error":false})");
	/* a record written by hand or by a newer Osprey: wrong types are dropped */
	const auto odd = ParseAgentReport(json::Parse(R"({"turns":"3","cost_usd":null,"is_error":1,"error":[]})"));
	CHECK(odd == AgentReport{});
	CHECK(ParseAgentReport(json::Parse("[]")) == AgentReport{});
}

TEST_CASE("Summary: what the channel's result message adds")
{
	AgentReport r;
	CHECK(Summary(r).empty());
	r.turns = 1;
	CHECK(Summary(r) == "1 turn");
	r.turns = 2;
	r.cost_usd = 0.012;
	CHECK(Summary(r) == "2 turns \xc2\xb7 $0.0120");
	/* OpenCode's 0 for an unpriced model is not shown as free */
	r.cost_usd = 0;
	CHECK(Summary(r) == "2 turns");
	r.is_error = true;
	CHECK(Summary(r) == "2 turns \xc2\xb7 the agent reported an error");
}
