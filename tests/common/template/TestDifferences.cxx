// Osprey's three deliberate differences from Go's text/template
// (decisions.md, "Templates").
#include "Render.hxx"

#include <doctest/doctest.h>

using osprey::test::Render;

static constexpr const char *data = R"({
	"number": 42, "big": 123456789012345678, "float": 1.0, "exp": 1e5, "neg": -0,
	"zero": 0, "price": 19.999, "str": "text", "null": null,
	"issue": {"title": "T", "labels": [{"name": "bug"}], "milestone": null},
	"list": [1, "two", null, {"a": [true]}]
})";

TEST_CASE("Difference 1: a missing field never fails")
{
	SUBCASE("missing, also deep") {
		CHECK(Render("{{.body.nope}}|{{.body.a.b.c}}", data) == "<no value>|<no value>");
	}
	SUBCASE("through a null parent (Go fails: nil pointer evaluating interface {})") {
		CHECK(Render("{{.body.null.x}}|{{.body.issue.milestone.title}}", data) == "<no value>|<no value>");
	}
	SUBCASE("through a non-object parent (Go fails: can't evaluate field)") {
		CHECK(Render("{{.body.str.x}}|{{.body.number.x}}|{{.body.list.x}}|{{.body.issue.title.y}}", data) ==
		      "<no value>|<no value>|<no value>|<no value>");
	}
	SUBCASE("in conditions and ranges") {
		CHECK(Render("{{if .body.null.x}}y{{else}}n{{end}}{{range .body.str.x}}{{else}}e{{end}}", data) ==
		      "ne");
		CHECK(Render("{{range .body.list}}{{.a}};{{end}}", data) ==
		      "<no value>;<no value>;<no value>;[true];");
	}
}

TEST_CASE("Difference 2: JSON numbers print as written and act as numbers")
{
	SUBCASE("printing keeps the request's spelling") {
		CHECK(Render("{{.body.number}} {{.body.big}} {{.body.float}} {{.body.exp}} {{.body.neg}}", data) ==
		      "42 123456789012345678 1.0 1e5 -0");
		CHECK(Render("{{print .body.big}} {{printf \"%v|%s|%q\" .body.float .body.exp .body.number}}", data) ==
		      "123456789012345678 1.0|1e5|\"42\"");
		CHECK(Render("{{printf \"%6v|%-6s|\" .body.float .body.number}}", data) == "   1.0|42    |");
	}
	SUBCASE("print spaces numbers like Go numbers") {
		CHECK(Render("{{print .body.number .body.float \"x\"}}", data) == "42 1.0x");
	}
	SUBCASE("comparisons are numeric") {
		CHECK(Render("{{eq .body.number 42}} {{ne .body.number 41}} {{eq .body.float 1}} {{eq .body.exp 100000}}",
			     data) == "true true true true");
		CHECK(Render("{{lt .body.number 100}} {{gt .body.price 19.5}} {{le .body.zero 0}} {{ge .body.big 1}}",
			     data) == "true true true true");
		CHECK(Render("{{eq .body.number .body.number}} {{lt .body.float .body.price}}", data) == "true true");
		CHECK(Render("{{eq .body.big 123456789012345678}}", data) == "true");
	}
	SUBCASE("truth is numeric: 0 is false") {
		CHECK(Render("{{if .body.zero}}y{{else}}n{{end}}{{if .body.number}}y{{end}}{{not .body.neg}}", data) ==
		      "nytrue");
	}
	SUBCASE("numeric verbs format the value") {
		CHECK(Render("{{printf \"%d|%5d|%x|%.2f|%e|%g\" .body.number .body.number .body.number .body.price "
			     ".body.exp .body.float}}",
			     data) == "42|   42|2a|20.00|1.000000e+05|1");
		CHECK(Render("{{printf \"%d %d\" .body.float .body.big}}", data) == "1 123456789012345678");
		CHECK(Render("{{printf \"%d\" .body.price}}", data) == "%!d(float64=19.999)");
		CHECK(Render("{{printf \"%*d\" .body.zero 5}}", data) == "5");
	}
	SUBCASE("integral numbers index arrays") {
		CHECK(Render("{{index .body.list .body.zero}}", data) == "1");
	}
}

TEST_CASE("Difference 3: objects and arrays print as compact JSON")
{
	CHECK(Render("{{.body.issue}}", data) ==
	      R"({"title":"T","labels":[{"name":"bug"}],"milestone":null})");
	CHECK(Render("{{.body.list}}", data) == R"([1,"two",null,{"a":[true]}])");
	CHECK(Render("{{print .body.issue.labels}} {{printf \"%v|%s\" .body.issue.labels .body.list}}", data) ==
	      R"([{"name":"bug"}] [{"name":"bug"}]|[1,"two",null,{"a":[true]}])");
	CHECK(Render("{{slice .body.list 1 3}}", data) == R"(["two",null])");
	CHECK(Render("{{range .body.list}}{{.}};{{end}}", data) == R"(1;two;<no value>;{"a":[true]};)");
	CHECK(Render("{{.}}", "{\"s\":\"<&>\"}") == R"({"body":{"s":"<&>"}})");
}
