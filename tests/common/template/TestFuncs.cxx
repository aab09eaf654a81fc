#include "Render.hxx"

#include <doctest/doctest.h>

using osprey::test::Render;
using osprey::tmpl::ExecError;

static constexpr const char *data = R"({
	"s": "hello", "u": "日本", "list": ["a", "b", "c", "d"], "empty": [],
	"obj": {"k": "v", "n": {"m": "deep"}}, "html": "<b>\"x\" & 'y'</b>", "null": null
})";

TEST_CASE("and, or: short-circuit, returning the deciding value")
{
	CHECK(Render("{{and 1 2}} {{and 0 2}} {{and 1 \"\"}} {{and \"a\"}}") == "2 0  a");
	CHECK(Render("{{or 0 \"\"}}|{{or 0 \"x\"}}|{{or nil 3}}") == "|x|3");
	CHECK(Render("{{or 1 (index \"a\" 5)}} {{and 0 (len 3)}}") == "1 0");
	CHECK(Render("{{1 | and 2}} {{0 | or \"\"}} {{0 | and 1}}") == "1 0 0");
	CHECK_THROWS_WITH_AS(Render("{{and}}"), "line 1, column 3: wrong number of args for and: want at least 1 got 0",
			     ExecError);
}

TEST_CASE("not")
{
	CHECK(Render("{{not 0}} {{not 1}} {{not \"\"}} {{not nil}} {{not .body.s}} {{not .body.empty}}", data) ==
	      "true false true true false true");
	CHECK_THROWS_WITH_AS(Render("{{not 1 2}}"), "line 1, column 3: wrong number of args for not: want 1 got 2",
			     ExecError);
}

TEST_CASE("len counts bytes, elements or keys")
{
	CHECK(Render("{{len .body.s}} {{len .body.u}} {{len .body.list}} {{len .body.obj}} {{len .body.empty}}", data) ==
	      "5 6 4 2 0");
	CHECK_THROWS_WITH_AS(Render("{{len 3}}"), "line 1, column 3: len: len of type int", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{len .body.nope}}", data), "line 1, column 3: len: len of nil pointer",
			     ExecError);
}

TEST_CASE("index")
{
	CHECK(Render("{{index .body.list 0}} {{index .body.obj \"k\"}} {{index .body.obj \"n\" \"m\"}}", data) ==
	      "a v deep");
	CHECK(Render("{{index .body.obj \"nope\"}} {{index .body.s 1}} {{index .body.list}}", data) ==
	      "<no value> 101 [\"a\",\"b\",\"c\",\"d\"]");
	CHECK_THROWS_WITH_AS(Render("{{index .body.list 9}}", data), "line 1, column 3: index: index out of range: 9",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{index nil 1}}"), "line 1, column 3: index: index of untyped nil", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{index .body.list \"x\"}}", data),
			     "line 1, column 3: index: cannot index slice/array with type string", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{index .body.obj 1}}", data),
			     "line 1, column 3: index: value has type int; should be string", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{index 5 0}}"), "line 1, column 3: index: can't index item of type int",
			     ExecError);
}

TEST_CASE("slice")
{
	CHECK(Render("{{slice .body.s 1 3}}|{{slice .body.s 2}}|{{slice .body.s}}|{{slice .body.u 3 6}}", data) ==
	      "el|llo|hello|本");
	CHECK(Render("{{slice .body.list 1 3}} {{slice .body.list 1 2 3}} {{len (slice .body.list 2)}}", data) ==
	      "[\"b\",\"c\"] [\"b\"] 2");
	CHECK_THROWS_WITH_AS(Render("{{slice .body.s 3 1}}", data),
			     "line 1, column 3: slice: invalid slice index: 3 > 1", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{slice .body.s 0 1 2}}", data),
			     "line 1, column 3: slice: cannot 3-index slice a string", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{slice nil}}"), "line 1, column 3: slice: slice of untyped nil", ExecError);
}

TEST_CASE("eq, ne, lt, le, gt, ge")
{
	CHECK(Render("{{eq 1 1}} {{eq 1 2 3 1}} {{ne 1 2}} {{eq \"a\" \"a\"}} {{eq true false}}") ==
	      "true true true true false");
	CHECK(Render("{{lt 1 2}} {{le 2 2}} {{gt 1 2}} {{ge 2 2}} {{lt \"a\" \"b\"}} {{lt 1.5 2.5}}") ==
	      "true true false true true true");
	CHECK(Render("{{eq .body.nope .body.nope}} {{eq .body.nope \"x\"}} {{eq .body.null nil}}", data) ==
	      "true false true");
	CHECK(Render("{{eq (index \"a\" 0) 97}} {{lt (index \"a\" 0) 98}}") == "true true");
	CHECK_THROWS_WITH_AS(Render("{{eq 1 \"1\"}}"), "line 1, column 3: eq: incompatible types for comparison",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{eq 1 1.0}}"), "line 1, column 3: eq: incompatible types for comparison",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{lt true false}}"), "line 1, column 3: lt: invalid type for comparison",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{eq 1}}"), "line 1, column 3: eq: missing argument for comparison",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{eq .body.list .body.list}}", data),
			     "line 1, column 3: eq: non-comparable type []interface {}", ExecError);
}

TEST_CASE("html, js, urlquery escape exactly as Go")
{
	CHECK(Render("{{html .body.html}}", data) == "&lt;b&gt;&#34;x&#34; &amp; &#39;y&#39;&lt;/b&gt;");
	CHECK(Render("{{js .body.html}}", data) == "\\u003Cb\\u003E\\\"x\\\" \\u0026 \\'y\\'\\u003C/b\\u003E");
	CHECK(Render("{{js \"a=b\\x01 é \\u2028 \\u00ad\"}}") == "a\\u003Db\\u0001 é \\u2028 \\u00AD");
	CHECK(Render("{{urlquery \"a b&c=d/é~\"}}") == "a+b%26c%3Dd%2F%C3%A9~");
	SUBCASE("several or non-string arguments are joined like print") {
		CHECK(Render("{{html 1 2}} {{urlquery \"a\" 1}} {{js true}}") == "1 2 a1 true");
	}
	SUBCASE("a missing argument shows as <no value>") {
		CHECK(Render("{{html .body.nope}} {{js nil}}") == "&lt;no value&gt; \\u003Cno value\\u003E");
	}
}

TEST_CASE("print, println")
{
	CHECK(Render("{{print 1 2 \"a\" 3 \"b\" \"c\" true}}") == "1 2a3bctrue");
	CHECK(Render("{{print nil .body.nope}}") == "<nil> <nil>");
	CHECK(Render("{{println 1 \"a\" nil}}") == "1 a <nil>\n");
	CHECK(Render("{{print 0.1 1e21 3.0 -0.0}}") == "0.1 1e+21 3 -0");
}

TEST_CASE("call has no functions to call")
{
	CHECK_THROWS_WITH_AS(Render("{{call nil}}"), "line 1, column 3: call: call of nil", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{call \"f\"}}"), "line 1, column 3: call: non-function of type string",
			     ExecError);
}
