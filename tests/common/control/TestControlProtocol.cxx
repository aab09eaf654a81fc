// common/control/ControlProtocol: requests and answers survive a round trip,
// the lines are what the protocol comment says, and malformed lines are
// refused with a sentence that says what is wrong.
#include "control/ControlProtocol.hxx"

#include <doctest/doctest.h>

using namespace osprey::control;

namespace {

DaemonStatus
SomeStatus()
{
	DaemonStatus s;
	s.version = "0.1.0";
	s.pid = 4242;
	s.started = "2026-11-22T10:00:00Z";
	s.listening = "http://127.0.0.1:8080";
	s.slots_used = 1;
	s.slots_max = 4;
	s.queue_length = 2;
	s.queue_max = 5;
	s.webhook_pipelines = 2;
	s.cron_pipelines = 1;
	s.disabled_pipelines = 0;
	s.jobs = {{"running", 1}, {"awaiting_approval", 0}, {"succeeded", 7}};
	return s;
}

} // namespace

TEST_CASE("ControlProtocol requests")
{
	SUBCASE("the lines") {
		CHECK(ToJsonLine(Request{}) == R"({"command":"status"})");
		CHECK(ToJsonLine(Request{Command::Approve, "20261122-004512-3f9a1c2b"}) ==
		      R"({"command":"approve","job":"20261122-004512-3f9a1c2b"})");
	}
	SUBCASE("round trips") {
		for (const Request &r : {Request{}, Request{Command::Approve, "a"},
					 Request{Command::Ignore, "../x"}, Request{Command::Cancel, "\"\n"}}) {
			const auto line = ToJsonLine(r);
			CAPTURE(line);
			const auto back = ParseRequest(line);
			CHECK(back.command == r.command);
			CHECK(back.job == r.job);
		}
	}
	SUBCASE("a \"by\" from an older client is ignored, as are unknown members") {
		const auto r = ParseRequest(R"({"command":"approve","job":"j","by":"mallory","x":1})");
		CHECK(r.command == Command::Approve);
		CHECK(r.job == "j");
	}
	SUBCASE("status needs no job") {
		CHECK(ParseRequest(R"({"command":"status","job":7})").command == Command::Status);
	}
}

TEST_CASE("ControlProtocol refuses malformed requests")
{
	const struct {
		const char *line, *error;
	} cases[] = {
		{"", "malformed request: line 1, column 1"},
		{"{\"command\":", "malformed request: line 1, column 12"},
		{"not json", "malformed request: "},
		{"[1,2]", "malformed request: not a JSON object"},
		{"\"status\"", "malformed request: not a JSON object"},
		{"{}", "malformed request: missing \"command\""},
		{"{\"command\":7}", "malformed request: \"command\" must be a string"},
		{"{\"command\":\"reboot\"}",
		 "unknown command \"reboot\" (expected status, approve, ignore, cancel, reload or watch)"},
		{"{\"command\":\"approve\"}", "malformed request: missing \"job\""},
		{"{\"command\":\"ignore\",\"job\":7}", "malformed request: \"job\" must be a string"},
		{"{\"command\":\"cancel\",\"job\":\"\"}", "malformed request: \"job\" is empty"},
	};
	for (const auto &c : cases) {
		const std::string line = c.line;
		CAPTURE(line);
		CHECK_THROWS_WITH_AS(ParseRequest(c.line), doctest::Contains(c.error), ProtocolError);
	}
}

TEST_CASE("ControlProtocol answers")
{
	SUBCASE("status: the line and its round trip") {
		const auto line = ToJsonLine(SomeStatus());
		CHECK(line == R"({"ok":true,"version":"0.1.0","pid":4242,"started":"2026-11-22T10:00:00Z",)"
			      R"("listening":"http://127.0.0.1:8080","slots":{"used":1,"max":4},)"
			      R"("pipelines":{"webhook":2,"cron":1,"disabled":0},)"
			      R"("jobs":{"running":1,"awaiting_approval":0,"succeeded":7},)"
			      R"("queue":{"length":2,"max":5}})");
		const auto back = ParseStatusAnswer(line);
		REQUIRE(std::holds_alternative<DaemonStatus>(back));
		CHECK(std::get<DaemonStatus>(back) == SomeStatus());
	}
	SUBCASE("a decision") {
		const Decided d{"starting", "alice (uid 1000) from the command line"};
		CHECK(ToJsonLine(d) ==
		      R"({"ok":true,"state":"starting","by":"alice (uid 1000) from the command line"})");
		CHECK(ParseDecisionAnswer(ToJsonLine(d)) == std::variant<Decided, Refusal>(d));
	}
	SUBCASE("a reload") {
		CHECK(ToJsonLine(Reloaded{3}) == R"({"ok":true,"pipelines":3})");
		CHECK(ParseReloadAnswer(ToJsonLine(Reloaded{3})) ==
		      std::variant<Reloaded, Refusal>(Reloaded{3}));
		CHECK(ParseReloadAnswer(R"({"ok":false,"error":"errors"})") ==
		      std::variant<Reloaded, Refusal>(Refusal{"errors"}));
		CHECK(ToJsonLine(Request{Command::Reload, {}}) == R"({"command":"reload"})");
		CHECK(ParseRequest(R"({"command":"reload"})").command == Command::Reload);
	}
	SUBCASE("a status from a daemon that does not say its address") {
		const auto back = ParseStatusAnswer(R"({"ok":true,"version":"0.1.0","pid":1,"started":"s",)"
			R"("listening":"http://h:1","slots":{"used":0,"max":1},)"
			R"("pipelines":{"webhook":0,"cron":0,"disabled":0},"jobs":{}})");
		REQUIRE(std::holds_alternative<DaemonStatus>(back));
		CHECK(std::get<DaemonStatus>(back).address.empty());
		/* nor its queue: it has none */
		CHECK(std::get<DaemonStatus>(back).queue_max == 0);
	}
	SUBCASE("a decision from a daemon that does not say who") {
		CHECK(ParseDecisionAnswer(R"({"ok":true,"state":"ignored"})") ==
		      std::variant<Decided, Refusal>(Decided{"ignored", ""}));
	}
	SUBCASE("a refusal, to either kind of request") {
		const Refusal r{"no job \"x\""};
		CHECK(ToJsonLine(r) == R"({"ok":false,"error":"no job \"x\""})");
		CHECK(ParseDecisionAnswer(ToJsonLine(r)) == std::variant<Decided, Refusal>(r));
		CHECK(ParseStatusAnswer(ToJsonLine(r)) == std::variant<DaemonStatus, Refusal>(r));
	}
	SUBCASE("a refusal without a sentence still says something") {
		CHECK(ParseDecisionAnswer(R"({"ok":false})") ==
		      std::variant<Decided, Refusal>(Refusal{"the daemon refused without saying why"}));
	}
}

TEST_CASE("ControlProtocol refuses malformed answers")
{
	const struct {
		const char *line, *error;
	} decision_cases[] = {
		{"", "malformed answer: line 1, column 1: unexpected end of input, expected a value"},
		{"[]", "malformed answer: not a JSON object"},
		{"{}", "malformed answer: missing \"ok\""},
		{"{\"ok\":1}", "malformed answer: \"ok\" must be true or false"},
		{"{\"ok\":true}", "malformed answer: missing \"state\""},
		{"{\"ok\":true,\"state\":3}", "malformed answer: \"state\" must be a string"},
		{"{\"ok\":true,\"state\":\"x\",\"by\":null}", "malformed answer: \"by\" must be a string"},
	};
	for (const auto &c : decision_cases) {
		const std::string line = c.line;
		CAPTURE(line);
		CHECK_THROWS_WITH_AS(ParseDecisionAnswer(c.line), c.error, ProtocolError);
	}

	auto status = ToJsonLine(SomeStatus());
	const struct {
		std::string from, to;
		const char *error;
	} status_cases[] = {
		{R"("pid":4242)", R"("pid":"4242")", "malformed answer: \"pid\" must be an integer"},
		{R"("version":"0.1.0",)", "", "malformed answer: missing \"version\""},
		{R"("slots":{"used":1,"max":4})", R"("slots":[])", "malformed answer: \"slots\" must be an object"},
		{R"("max":4)", R"("max":4.5)", "malformed answer: \"max\" must be an integer"},
		{R"("succeeded":7)", R"("succeeded":"7")", "malformed answer: \"jobs\" counts must be integers"},
	};
	for (const auto &c : status_cases) {
		auto line = status;
		REQUIRE(line.find(c.from) != std::string::npos);
		line.replace(line.find(c.from), c.from.size(), c.to);
		CAPTURE(line);
		CHECK_THROWS_WITH_AS(ParseStatusAnswer(line), c.error, ProtocolError);
	}
}
