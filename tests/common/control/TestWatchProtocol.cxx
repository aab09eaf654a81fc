// common/control/WatchProtocol: the subscription's lines are what the
// protocol comment says, survive a round trip, and malformed ones are
// refused with a sentence that says what is wrong.
#include "control/WatchProtocol.hxx"

#include <doctest/doctest.h>

using namespace osprey::control;

TEST_CASE("WatchProtocol")
{
	SUBCASE("the request") {
		CHECK(ToJsonLine(Request{Command::Watch, {}}) == R"({"command":"watch"})");
		const auto r = ParseRequest(R"({"command":"watch"})");
		CHECK(r.command == Command::Watch);
		CHECK(r.job.empty());
		CHECK(Name(Command::Watch) == "watch");
	}
	SUBCASE("the answer") {
		CHECK(ToJsonLine(Watching{}) == R"({"ok":true,"watching":true})");
		CHECK(std::get<Watching>(ParseWatchAnswer(ToJsonLine(Watching{}))) == Watching{});
		CHECK(std::get<Refusal>(ParseWatchAnswer(R"({"ok":false,"error":"no"})")).error == "no");
		CHECK(std::get<Refusal>(ParseWatchAnswer(R"({"ok":false})")).error ==
		      "the daemon refused without saying why");
		// a status answer is not a watch answer: an older daemon that
		// does not know watch would refuse, not answer status
		CHECK_THROWS_WITH_AS(ParseWatchAnswer(R"({"ok":true,"version":"0.1"})"),
				     "malformed answer: not a watch answer (no \"watching\")", ProtocolError);
		CHECK_THROWS_WITH_AS(ParseWatchAnswer("[]"), "malformed answer: not a JSON object",
				     ProtocolError);
	}
	SUBCASE("events") {
		const std::string record = R"({"id":"20261122-004512-3f9a1c2b","state":"running","reason":"a \"b\"\n"})";
		const auto line = ToJsonLine(JobChanged{record});
		CHECK(line == R"({"event":"job","job":)" + record + "}");
		CHECK(line.find('\n') == std::string::npos);
		CHECK(ParseWatchEvent(line) == JobChanged{record});
		CHECK_THROWS_WITH_AS(ToJsonLine(JobChanged{"[1]"}),
				     "malformed job record: not a JSON object", ProtocolError);
	}
	SUBCASE("malformed events") {
		const std::pair<const char *, const char *> cases[] = {
			{"{}", "malformed event: missing \"event\""},
			{R"({"event":"pipeline"})", "malformed event: unknown event \"pipeline\""},
			{R"({"event":"job","job":"x"})", "malformed event: \"job\" must be an object"},
			{R"({"event":"job"})", "malformed event: \"job\" must be an object"},
			{"nope", nullptr},
		};
		for (const auto &[line, message] : cases) {
			CAPTURE(line);
			if (message != nullptr)
				CHECK_THROWS_WITH_AS(ParseWatchEvent(line), message, ProtocolError);
			else
				CHECK_THROWS_AS(ParseWatchEvent(line), ProtocolError);
		}
	}
}
