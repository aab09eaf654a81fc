#include "Render.hxx"

#include <doctest/doctest.h>

#include <thread>
#include <vector>

using osprey::test::Body;
using osprey::test::Render;
using osprey::tmpl::ExecError;

static constexpr const char *payload = R"({
	"action": "opened",
	"issue": {"title": "Crash", "number": 7, "labels": [{"name": "bug"}, {"name": "ui"}]},
	"words": {"b": "2", "a": "1", "c": "3"},
	"list": ["x", "y", "z"],
	"empty": [],
	"null": null
})";

TEST_CASE("Fields, variables and dot")
{
	CHECK(Render("{{.body.issue.title}} #{{.body.issue.number}}", payload) == "Crash #7");
	CHECK(Render("{{$t := .body.issue.title}}{{$t}}/{{$.body.action}}", payload) == "Crash/opened");
	CHECK(Render("{{(.body.issue).title}} {{(index .body \"issue\").number}}", payload) == "Crash 7");
	CHECK(Render("{{$x := 1}}{{$x = 2}}{{$x}}") == "2");

	SUBCASE("declarations are scoped to their block") {
		CHECK(Render("{{$x := \"o\"}}{{if 1}}{{$x := \"i\"}}{{$x}}{{end}}{{$x}}") == "io");
		CHECK(Render("{{$x := \"o\"}}{{if 1}}{{$x = \"i\"}}{{end}}{{$x}}") == "i");
	}
}

TEST_CASE("if, else if, else")
{
	const char *t = "{{if eq .body.action \"closed\"}}c{{else if eq .body.action \"opened\"}}o"
			"{{else}}?{{end}}";
	CHECK(Render(t, payload) == "o");
	CHECK(Render("{{if .body.empty}}y{{else}}n{{end}}", payload) == "n");
	CHECK(Render("{{if .body.null}}y{{else}}n{{end}}", payload) == "n");
	CHECK(Render("{{if $v := .body.issue.title}}{{$v}}{{end}}", payload) == "Crash");
}

TEST_CASE("with, else with")
{
	CHECK(Render("{{with .body.issue}}{{.title}}{{else}}none{{end}}", payload) == "Crash");
	CHECK(Render("{{with .body.nope}}x{{else}}none{{end}}", payload) == "none");
	SUBCASE("else with chains like else if (Go 1.23)") {
		const char *t = "{{with .body.nope}}a{{else with .body.action}}{{.}}{{else}}c{{end}}";
		CHECK(Render(t, payload) == "opened");
		CHECK(Render(t) == "c");
	}
}

TEST_CASE("range over arrays and objects")
{
	CHECK(Render("{{range .body.list}}{{.}}{{end}}", payload) == "xyz");
	CHECK(Render("{{range $i, $v := .body.list}}{{$i}}{{$v}}{{end}}", payload) == "0x1y2z");
	CHECK(Render("{{range $k, $v := .body.words}}{{$k}}={{$v}} {{end}}", payload) == "a=1 b=2 c=3 ");
	CHECK(Render("{{range .body.empty}}x{{else}}empty{{end}}", payload) == "empty");
	CHECK(Render("{{range .body.nope}}x{{else}}missing{{end}}", payload) == "missing");
	CHECK(Render("{{range .body.null}}x{{else}}null{{end}}", payload) == "null");
	CHECK(Render("{{range .body.issue.labels}}{{.name}},{{end}}", payload) == "bug,ui,");

	SUBCASE("break and continue") {
		CHECK(Render("{{range .body.list}}{{if eq . \"y\"}}{{break}}{{end}}{{.}}{{end}}", payload) == "x");
		CHECK(Render("{{range .body.list}}{{if eq . \"y\"}}{{continue}}{{end}}{{.}}{{end}}", payload) ==
		      "xz");
	}
	SUBCASE("the body's variables end with each iteration") {
		CHECK(Render("{{$l := \"\"}}{{range .body.list}}{{$l = .}}{{end}}{{$l}}", payload) == "z");
	}
	SUBCASE("scalars cannot be ranged over") {
		CHECK_THROWS_WITH_AS(Render("{{range .body.action}}{{end}}", payload),
				     "line 1, column 9: range can't iterate over opened", ExecError);
		CHECK_THROWS_WITH_AS(Render("{{range 5}}{{end}}"),
				     "line 1, column 9: range can't iterate over 5", ExecError);
	}
}

TEST_CASE("define, template and block")
{
	CHECK(Render("{{define \"g\"}}Hi {{.}}{{end}}{{template \"g\" \"you\"}}") == "Hi you");
	CHECK(Render("{{template \"later\" 1}}{{define \"later\"}}[{{.}}]{{end}}") == "[1]");
	CHECK(Render("{{define \"t\"}}{{.}}{{end}}{{template \"t\"}}") == "<no value>");
	CHECK(Render("{{block \"b\" .body.action}}<{{.}}>{{end}}", payload) == "<opened>");
	CHECK(Render("{{define \"d\"}}{{$}}{{end}}{{template \"d\" 5}}") == "5");
	CHECK_THROWS_WITH_AS(Render("{{template \"nope\"}}"),
			     "line 1, column 12: template \"nope\" not defined", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{define \"r\"}}{{template \"r\"}}{{end}}{{template \"r\"}}"),
			     doctest::Contains("exceeded maximum template depth (1000)"), ExecError);
}

TEST_CASE("Execution errors name the place and the action")
{
	CHECK_THROWS_WITH_AS(Render("{{index .body.list 5}}", payload),
			     "line 1, column 3: index: index out of range: 5", ExecError);
	CHECK_THROWS_WITH_AS(Render("ab\n  {{len 3}}"), "line 2, column 5: len: len of type int", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{1 2}}"), "line 1, column 3: can't give argument to non-function 1",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{nil}}"), "line 1, column 3: nil is not a command", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{.body.action 1}}", payload),
			     "line 1, column 8: action is not a method but has arguments", ExecError);

	SUBCASE("RenderTo keeps the output produced before the failure") {
		std::string out;
		CHECK_THROWS_AS(osprey::tmpl::RenderTo(out, osprey::tmpl::Parse("ok{{len 1}}"), Body("{}")),
				ExecError);
		CHECK(out == "ok");
	}
}

TEST_CASE("One Template renders concurrently")
{
	const auto t = osprey::tmpl::Parse(
		"{{range $k, $v := .body.words}}{{printf \"%s=%v;\" $k $v}}{{end}}{{len .body.list}}");
	const auto data = Body(payload);
	std::vector<std::thread> threads;
	std::vector<int> ok(8, 0);
	for (int i = 0; i < 8; ++i)
		threads.emplace_back([&, i] {
			for (int n = 0; n < 500; ++n)
				ok[i] += osprey::tmpl::Render(t, data) == "a=1;b=2;c=3;3";
		});
	for (auto &th : threads)
		th.join();
	for (int v : ok)
		CHECK(v == 500);
}
