#include "Render.hxx"

#include <doctest/doctest.h>

using osprey::test::Render;
using osprey::tmpl::Parse;
using osprey::tmpl::ParseError;

TEST_CASE("Parse errors name the place and the problem")
{
	CHECK_THROWS_WITH_AS(Parse("{{.a"), "template:1:5: unclosed action", ParseError);
	CHECK_THROWS_WITH_AS(Parse("line\n  {{if}}"), "template:2:7: missing value for if", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{nosuch 1}}"), "template:1:3: function \"nosuch\" not defined",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{$x}}"), "template:1:3: undefined variable \"$x\"", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{end}}"), "template:1:6: unexpected {{end}}", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{if 1}}x"), "template:1:9: unexpected EOF", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{\"a\" | \"b\"}}"),
			     "template:1:9: non executable command in pipeline stage 2", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{3k}}"), "template:1:3: bad number syntax: \"3k\"", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{99999999999999999999}}"),
			     "template:1:3: integer overflow: \"99999999999999999999\"", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{break}}"), "template:1:3: {{break}} outside {{range}}",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{define \"a\"}}1{{end}}{{define \"a\"}}2{{end}}"),
			     "template:1:43: multiple definition of template \"a\"", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{(1}}"), "template:1:5: unclosed left paren", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{\"\\q\"}}"), "template:1:3: invalid syntax: \"\\q\"", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{$a, $b := 1}}"), "template:1:5: too many declarations in command",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{1 @ 2}}"), "template:1:5: unexpected \"@\" in operand", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{.a#b}}"), "template:1:3: bad character U+0023 '#'", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{/* x */ y}}"),
			     "template:1:3: comment ends before closing delimiter", ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{'ab'}}"), "template:1:3: malformed character constant: 'ab'",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse("{{0x1.8}}"), "template:1:3: illegal number syntax: \"0x1.8\"",
			     ParseError);

	SUBCASE("the exception carries line and column") {
		try {
			Parse("a\nb {{ nosuch }}");
			FAIL("no exception");
		} catch (const ParseError &e) {
			CHECK(e.line == 2);
			CHECK(e.column == 6);
		}
	}
	SUBCASE("columns count characters") {
		CHECK_THROWS_WITH_AS(Parse("日本 {{nosuch}}"), "template:1:6: function \"nosuch\" not defined",
				     ParseError);
	}
	SUBCASE("the name given to Parse is used") {
		CHECK_THROWS_WITH_AS(Parse("{{", "prompt"), "prompt:1:3: unclosed action", ParseError);
	}
}

TEST_CASE("Parse refuses nesting that would exhaust the stack")
{
	std::string deep;
	for (int i = 0; i < 200; ++i)
		deep += "{{if 1}}";
	CHECK_THROWS_WITH_AS(Parse(deep), doctest::Contains("nested too deeply"), ParseError);
	std::string parens = "{{" + std::string(200, '(') + "1" + std::string(200, ')') + "}}";
	CHECK_THROWS_AS(Parse(parens), ParseError);
}

TEST_CASE("Trim markers and comments")
{
	CHECK(Render("a  {{- \"b\" -}}  c") == "abc");
	CHECK(Render("a\n\n{{- 1 }}\n") == "a1\n");
	CHECK(Render("{{3 -}} {{-3}} {{- -3 -}} .") == "3-3-3.");
	CHECK(Render("a {{- /* gone */ -}} b") == "ab");
	CHECK(Render("a{{/* one\ntwo */}}b") == "ab");
	CHECK(Render("x\t{{- 1 -}}\t\n\ty") == "x1y");
}

TEST_CASE("Literals print as Go prints them")
{
	SUBCASE("integers") {
		CHECK(Render("{{0x1F}} {{0o17}} {{017}} {{0b101}} {{1_000}} {{-7}} {{+7}}") ==
		      "31 15 15 5 1000 -7 7");
	}
	SUBCASE("floats") {
		CHECK(Render("{{1.5}} {{1e3}} {{.5}} {{5.}} {{0x1p-2}} {{1e6}} {{1e21}} {{1e-5}}") ==
		      "1.5 1000 0.5 5 0.25 1e+06 1e+21 1e-05");
	}
	SUBCASE("characters are integers") {
		CHECK(Render("{{'a'}} {{'\\n'}} {{'日'}} {{'\\x41'}}") == "97 10 26085 65");
	}
	SUBCASE("strings") {
		CHECK(Render("{{\"t\\tq\\\"\\u00e9\\U0001F600\\x41\\101\"}}") == "t\tq\"é😀AA");
		CHECK(Render("{{`raw \\n`}}") == "raw \\n");
		CHECK(Render("{{\"{{\"}}x{{\"}}\"}}") == "{{x}}");
	}
	SUBCASE("bools") {
		CHECK(Render("{{true}} {{false}}") == "true false");
	}
	SUBCASE("an int literal too big for int fails when used") {
		CHECK_THROWS_WITH_AS(Render("{{18446744073709551615}}"),
				     "line 1, column 3: 18446744073709551615 overflows int",
				     osprey::tmpl::ExecError);
	}
}
