#include "dashboard/builder/Expression.hxx"
#include "dashboard/builder/Field.hxx"
#include "json/Parse.hxx"
#include "template/Template.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::builder;

static Path
P(std::initializer_list<PathStep> steps)
{
	return steps;
}

static PathStep K(const char *k) { return PathStep::Key(k); }
static PathStep I(std::size_t i) { return PathStep::Index(i); }

TEST_CASE("Expression uses field syntax while it can, index after")
{
	CHECK(Expression(P({K("issue"), K("title")})) == ".body.issue.title");
	CHECK(Expression(P({})) == ".body");
	CHECK(Expression(P({K("x-event")})) == "index .body \"x-event\"");
	CHECK(Expression(P({K("labels"), I(0), K("name")})) == "index .body.labels 0 \"name\"");
	CHECK(Expression(P({I(3)})) == "index .body 3");
	CHECK(Expression(P({K("a.b"), K("c")})) == "index .body \"a.b\" \"c\"");
	CHECK(Expression(P({K("q\"uote\\")})) == "index .body \"q\\\"uote\\\\\"");
	CHECK(Expression(P({K("caf\xc3\xa9")})) == "index .body \"caf\xc3\xa9\"");
	CHECK(Expression(P({K("new\nline")})) == "index .body \"new\\nline\"");
	CHECK(Expression(P({K("_x1"), K("1x")})) == "index .body._x1 \"1x\"");
	CHECK(Expression(P({K("")})) == "index .body \"\"");
}

TEST_CASE("MayFailElsewhere marks the expressions another payload can break")
{
	CHECK_FALSE(MayFailElsewhere(P({K("issue"), K("title")})));
	CHECK_FALSE(MayFailElsewhere(P({K("x-event")})));
	CHECK_FALSE(MayFailElsewhere(P({})));
	CHECK(MayFailElsewhere(P({K("labels"), I(0), K("name")})));
	CHECK(MayFailElsewhere(P({K("a"), K("x-y")})));
	CHECK(MayFailElsewhere(P({I(0)})));

	/* and they do break, with the engine of osprey test */
	const auto data = json::Value::MakeObject({{"body", json::Parse(R"({"labels": []})")}});
	CHECK_THROWS_AS(tmpl::Render(tmpl::Parse("{{ " + Expression(P({K("labels"), I(0), K("name")})) + " }}"), data),
			tmpl::ExecError);
	CHECK_THROWS_AS(tmpl::Render(tmpl::Parse("{{ " + Expression(P({K("a"), K("x-y")})) + " }}"), data),
			tmpl::ExecError);
	CHECK(tmpl::Render(tmpl::Parse("{{ " + Expression(P({K("x-event")})) + " }}"), data) == "<no value>");
}

TEST_CASE("DeriveLabel turns a path into words")
{
	CHECK(DeriveLabel(P({K("issue"), K("title")})) == "Issue title");
	CHECK(DeriveLabel(P({K("pull_request"), K("head"), K("ref")})) == "Pull request head ref");
	CHECK(DeriveLabel(P({K("labels"), I(0), K("name")})) == "Labels 0 name");
	CHECK(DeriveLabel(P({K("x-event")})) == "X event");
	CHECK(DeriveLabel(P({K("a\nb"), K("__")})) == "A b");
	CHECK(DeriveLabel(P({K("caf\xc3\xa9")})) == "Caf\xc3\xa9");
	CHECK(DeriveLabel(P({})) == "Body");
	CHECK(DeriveLabel(P({K("_")})) == "Value");
}

TEST_CASE("every field's expression renders to the value the list shows")
{
	const char *payloads[] = {
		R"({"issue": {"title": "Crash", "number": 42, "labels": [{"name": "bug"}, {"name": "p1"}]},
		    "x-event": "push", "a.b": {"c d": ["x"]}, "q\"uote": "'", "caf\u00e9": "\u00fcber",
		    "new\nline": 1, "": "empty key", "n": null, "e": {}, "arr": [], "deep": [[[{"k": 1.50}]]],
		    "big": 123456789012345678901234567890, "t": true, "html": "<b>&</b>", "tpl": "{{ not a template }}"})",
		R"([{"id": 1}, [2, {"x-y": null}], "s"])",
		R"("text")",
		"12.0",
		"{}",
	};
	for (const char *text : payloads) {
		const auto body = json::Parse(text);
		const auto data = json::Value::MakeObject({{"body", body}});
		for (const auto &field : Flatten(body)) {
			const auto expression = Expression(field.path);
			CAPTURE(expression);
			CHECK(tmpl::Render(tmpl::Parse("{{ " + expression + " }}"), data) == field.value);
		}
	}
}
