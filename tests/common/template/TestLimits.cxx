// tmpl::Limits: the blowups of the hardening issue stop with a clear error,
// and renderings exactly at a limit still pass.
#include "Render.hxx"

#include <doctest/doctest.h>

#include <string>

using osprey::test::Body;
using osprey::tmpl::Limits;
using osprey::tmpl::LimitError;
using osprey::tmpl::Parse;

namespace {

// {"a": [0, 1, ..., 159]}: the array of the issue's nested range.
std::string
Array160()
{
	std::string json = "{\"a\": [0";
	for (int i = 1; i < 160; ++i)
		json += ", " + std::to_string(i);
	return json + "]}";
}

std::string
RenderWith(std::string_view source, std::string_view body, const Limits &limits)
{
	return osprey::tmpl::Render(Parse(source), Body(body), limits);
}

// Only the limit under test: no clock, so the outcome never depends on load.
Limits
NoClock()
{
	Limits l;
	l.time = {};
	return l;
}

constexpr const char *steps_error =
	"rendering stopped after 100000 steps (a loop or recursion too large for its payload)";

} // namespace

TEST_CASE("Nested range over a big array stops")
{
	const std::string body = Array160();
	SUBCASE("at the output limit when it prints") {
		// 160^4 * 100 bytes: the issue's 655 MB prompt.md, a hundred times
		const std::string t = "{{range .body.a}}{{range $.body.a}}{{range $.body.a}}{{range $.body.a}}" +
			std::string(100, '.') + "{{end}}{{end}}{{end}}{{end}}";
		CHECK_THROWS_WITH_AS(RenderWith(t, body, NoClock()), "rendering stopped at 1 MiB",
				     LimitError);
	}
	SUBCASE("at the step limit when it does not") {
		const char *t = "{{range .body.a}}{{range $.body.a}}{{range $.body.a}}{{end}}{{end}}{{end}}";
		CHECK_THROWS_WITH_AS(RenderWith(t, body, NoClock()), steps_error, LimitError);
	}
	SUBCASE("the partial output stays within the limit") {
		Limits l = NoClock();
		l.output_bytes = 100;
		std::string out = "kept";
		CHECK_THROWS_WITH_AS(osprey::tmpl::RenderTo(out, Parse("{{range .body.a}}{{.}},{{end}}"),
							    Body(body), l),
				     "rendering stopped at 100 bytes", LimitError);
		CHECK(out.size() <= 4 + 100);
		CHECK(out.starts_with("kept0,1,2,"));
	}
}

TEST_CASE("Recursive template doubling per element stops at the step limit")
{
	// Two calls per level, 160 levels: 2^160 calls, within the depth cap.
	const char *t = "{{define \"f\"}}{{if .}}{{template \"f\" (slice . 1)}}"
			"{{template \"f\" (slice . 1)}}{{end}}{{end}}{{template \"f\" .body.a}}";
	CHECK_THROWS_WITH_AS(RenderWith(t, Array160(), NoClock()), steps_error, LimitError);
	SUBCASE("the depth cap still holds") {
		CHECK_THROWS_WITH_AS(RenderWith("{{define \"r\"}}{{template \"r\" .}}{{end}}{{template \"r\"}}",
						"{}", NoClock()),
				     doctest::Contains("exceeded maximum template depth (1000)"),
				     osprey::tmpl::ExecError);
	}
}

TEST_CASE("Built strings are bounded before they reach the output")
{
	const std::string body = Array160();
	SUBCASE("a string doubled per element") {
		const char *t = "{{$s := \"x\"}}{{range .body.a}}{{$s = printf \"%s%s\" $s $s}}{{end}}{{len $s}}";
		CHECK_THROWS_WITH_AS(RenderWith(t, body, NoClock()), "rendering stopped at 1 MiB",
				     LimitError);
	}
	SUBCASE("a format from the payload with many wide verbs") {
		std::string format;
		for (int i = 0; i < 100; ++i)
			format += "%999999[1]d"; // the one operand, padded each time
		Limits l = NoClock();
		l.output_bytes = 4 * 1024 * 1024;
		CHECK_THROWS_WITH_AS(RenderWith("{{printf .body.f 1}}", "{\"f\": \"" + format + "\"}", l),
				     "rendering stopped at 4 MiB", LimitError);
	}
	SUBCASE("many strings, each small enough") {
		// 160 * 100000 bytes, never printed, held by variables
		const char *t = "{{range .body.a}}{{$s := printf \"%0100000d\" .}}{{end}}";
		CHECK_THROWS_WITH_AS(RenderWith(t, body, NoClock()),
				     "rendering stopped at 8 MiB of built strings (a loop or recursion "
				     "too large for its payload)",
				     LimitError);
	}
}

TEST_CASE("Renderings exactly at a limit pass")
{
	Limits l = NoClock();
	l.output_bytes = 10;
	SUBCASE("text and strings") {
		CHECK(RenderWith("0123456789", "{}", l) == "0123456789");
		CHECK(RenderWith("01234{{.body.s}}", R"({"s": "56789"})", l) == "0123456789");
		CHECK(RenderWith("{{printf \"%010d\" 1}}", "{}", l) == "0000000001");
		CHECK_THROWS_WITH_AS(RenderWith("01234567890", "{}", l), "rendering stopped at 10 bytes",
				     LimitError);
		CHECK_THROWS_WITH_AS(RenderWith("{{printf \"%011d\" 1}}", "{}", l),
				     "rendering stopped at 10 bytes", LimitError);
	}
	SUBCASE("JSON printed from the payload") {
		CHECK(RenderWith("{{.body.o}}", R"({"o": {"k": "vv"}})", l) == R"({"k":"vv"})");
		CHECK_THROWS_WITH_AS(RenderWith("{{.body.o}}", R"({"o": {"k": "vvv"}})", l),
				     "rendering stopped at 10 bytes", LimitError);
	}
	SUBCASE("appending counts only this rendering's bytes") {
		std::string out(100, '.');
		osprey::tmpl::RenderTo(out, Parse("0123456789"), Body("{}"), l);
		CHECK(out.size() == 110);
	}
	SUBCASE("steps") {
		l.output_bytes = 100;
		l.steps = 2; // two nodes, or one node and one iteration
		CHECK(RenderWith("a{{.body.x}}", R"({"x": 1})", l) == "a1");
		CHECK(RenderWith("{{range .body.a}}{{end}}", R"({"a": [1]})", l) == "");
		CHECK_THROWS_WITH_AS(RenderWith("a{{.body.x}}b", "{}", l),
				     "rendering stopped after 2 steps (a loop or recursion too large for its payload)",
				     LimitError);
		CHECK_THROWS_AS(RenderWith("{{range .body.a}}{{end}}", R"({"a": [1, 2]})", l), LimitError);
	}
}

TEST_CASE("The clock stops what the steps allow")
{
	// 160^4 empty iterations would take minutes; one millisecond ends them.
	Limits l;
	l.steps = UINT64_MAX;
	l.time = std::chrono::milliseconds(1);
	const char *t = "{{range .body.a}}{{range $.body.a}}{{range $.body.a}}{{range $.body.a}}"
			"{{end}}{{end}}{{end}}{{end}}";
	CHECK_THROWS_WITH_AS(RenderWith(t, Array160(), l),
			     "rendering stopped after 1 ms (a loop or recursion too large for its payload)",
			     LimitError);
}
