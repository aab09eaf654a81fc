#include "yaml/Node.hxx"

#include <doctest/doctest.h>

using namespace osprey::yaml;

TEST_CASE("Load builds a tree with 1-based positions")
{
	const auto root = Load("name: deploy\ntrigger:\n  type: webhook\n  path: /hooks/x\nlist: [a, 'b']\n");
	REQUIRE(root.IsMapping());
	CHECK(root.mark.line == 1);

	const auto *trigger = root.Find("trigger");
	REQUIRE(trigger != nullptr);
	REQUIRE(trigger->IsMapping());
	const auto *path = trigger->Find("path");
	REQUIRE(path != nullptr);
	CHECK(path->value == "/hooks/x");
	CHECK(path->mark.line == 4);
	CHECK(path->mark.column == 9);

	const auto *list = root.Find("list");
	REQUIRE(list != nullptr);
	REQUIRE(list->sequence.size() == 2);
	CHECK_FALSE(list->sequence[0].quoted);
	CHECK(list->sequence[1].quoted);
	CHECK(root.Find("missing") == nullptr);
}

TEST_CASE("Load distinguishes null from quoted strings")
{
	const auto root = Load("a:\nb: ~\nc: null\nd: 'null'\ne: \"\"\n");
	CHECK(root.Find("a")->IsNull());
	CHECK(root.Find("b")->IsNull());
	CHECK(root.Find("c")->IsNull());
	CHECK(root.Find("d")->IsScalar());
	CHECK(root.Find("d")->value == "null");
	CHECK(root.Find("e")->IsScalar());
	CHECK(root.Find("e")->value.empty());
}

TEST_CASE("Load keeps block scalars")
{
	const auto root = Load("prompt: |\n  line one\n  {{ .body.x }}\n");
	CHECK(root.Find("prompt")->value == "line one\n{{ .body.x }}\n");
	CHECK(root.Find("prompt")->quoted);
}

TEST_CASE("Load expands aliases")
{
	const auto root = Load("base: &b {x: 1}\ncopy: *b\n");
	REQUIRE(root.Find("copy")->IsMapping());
	CHECK(root.Find("copy")->Find("x")->value == "1");
}

TEST_CASE("An empty document is null")
{
	CHECK(Load("").IsNull());
	CHECK(Load("# only a comment\n").IsNull());
}

TEST_CASE("Load reports errors with positions")
{
	SUBCASE("syntax") {
		try {
			Load("a: b\n  c: d\n");
			FAIL("expected a syntax error");
		} catch (const SyntaxError &e) {
			CHECK(e.mark.line == 2);
			CHECK(std::string(e.what()) == "mapping values are not allowed in this context");
		}
	}
	SUBCASE("duplicate key") {
		try {
			Load("a: 1\nb: 2\na: 3\n");
			FAIL("expected an error");
		} catch (const SyntaxError &e) {
			CHECK(e.mark.line == 3);
			CHECK(e.mark.column == 1);
			CHECK(std::string(e.what()) == "duplicate key \"a\"");
		}
	}
	SUBCASE("two documents") {
		CHECK_THROWS_WITH_AS(Load("a: 1\n---\nb: 2\n"),
				     "only one YAML document is allowed (found a second \"---\")",
				     SyntaxError);
	}
	SUBCASE("unknown alias") {
		CHECK_THROWS_WITH_AS(Load("a: *nope\n"), doctest::Contains("nope"), SyntaxError);
	}
	SUBCASE("non-scalar key") {
		CHECK_THROWS_WITH_AS(Load("? [a]\n: 1\n"), "mapping keys must be plain words", SyntaxError);
	}
	SUBCASE("deep nesting is bounded") {
		CHECK_THROWS_WITH_AS(Load(std::string(200, '[')), "nested too deeply", SyntaxError);
	}
	SUBCASE("alias bombs are bounded") {
		std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
		for (char c = 'b'; c <= 'j'; ++c)
			bomb += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) +
				", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
				char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) +
				", *" + char(c - 1) + "]\n";
		CHECK_THROWS_WITH_AS(Load(bomb), "too many alias expansions", SyntaxError);
	}
}

TEST_CASE("Syntax errors explain the usual mistakes and the fix")
{
	const auto problem = [](std::string_view text) {
		try {
			Load(text);
		} catch (const SyntaxError &e) {
			return std::string(e.what());
		}
		return std::string("(loaded)");
	};
	SUBCASE("an unquoted template") {
		const auto p = problem("agent:\n  prompt: {{ .body.issue.title }} please\n");
		CAPTURE(p);
		CHECK(p.find("line 2: a value starting with { is read as a YAML mapping: quote the "
			     "template: prompt: \"{{ ... }}\"") != std::string::npos);
	}
	SUBCASE("an unquoted cron step") {
		const auto p = problem("trigger:\n  type: cron\n  cron: */5 * * * *\n");
		CAPTURE(p);
		CHECK(p.find("line 3: a value starting with * is read as a YAML alias: quote it: "
			     "cron: \"*/5 * * * *\"") != std::string::npos);
	}
	SUBCASE("a tab") {
		const auto p = problem("trigger:\n\ttype: cron\n");
		CAPTURE(p);
		CHECK(p.find("line 2: a tab is used for indentation on this line; YAML allows spaces only") !=
		      std::string::npos);
	}
	SUBCASE("other problems are left as they are") {
		const auto p = problem("a: [1, 2\n");
		CAPTURE(p);
		CHECK(p.find("line ") == std::string::npos);
	}
}
