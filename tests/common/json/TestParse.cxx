#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::json;

TEST_CASE("Parse accepts RFC 8259 JSON")
{
	CHECK(Parse("null").IsNull());
	CHECK(Parse(" true ").GetBool());
	CHECK(Parse("-0.5e+10").GetText() == "-0.5e+10");
	CHECK(Parse(R"("a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00")").GetText() ==
	      "a\"b\\c/d\b\f\n\r\té😀");
	CHECK(Parse("[]").Size() == 0);
	CHECK(Parse("{}").IsObject());
	CHECK(Parse("\t\r\n[1 , {\"a\" : [ ] } ]\n").Size() == 2);
	CHECK(Parse("\"日本\"").GetText() == "日本");
}

TEST_CASE("Parse turns lone surrogate escapes into U+FFFD, like Go")
{
	CHECK(Parse(R"("\ud800x")").GetText() == "\xEF\xBF\xBDx");
	CHECK(Parse(R"("\udc00")").GetText() == "\xEF\xBF\xBD");
	CHECK(Parse(R"("\ud800\u0041")").GetText() == "\xEF\xBF\xBD" "A");
}

TEST_CASE("Parse errors name line and column")
{
	CHECK_THROWS_WITH_AS(Parse("{\n  \"a\": 1\n  \"b\": 2}"),
			     "line 3, column 3: expected ',' or '}' after object member", ParseError);
	CHECK_THROWS_WITH_AS(Parse("[1,]"), "line 1, column 4: unexpected ']', expected a value",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse(""), "line 1, column 1: unexpected end of input, expected a value",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse("[1] x"), "line 1, column 5: unexpected data after the top-level value",
			     ParseError);
	CHECK_THROWS_WITH_AS(Parse("\"é\x01\""), "line 1, column 3: control character in string",
			     ParseError);

	SUBCASE("the exception carries the position") {
		try {
			Parse("[\n\ttrue,\n\tnul]");
			FAIL("no exception");
		} catch (const ParseError &e) {
			CHECK(e.line == 3);
			CHECK(e.column == 2);
			CHECK(e.offset == 10);
		}
	}
}

TEST_CASE("Parse rejects what RFC 8259 does not allow")
{
	const char *bad[] = {
		"01", "1.", ".5", "+1", "1e", "-", "0x10", "NaN", "Infinity", "tru", "nulll",
		"[1", "{\"a\"}", "{\"a\":}", "{a:1}", "{'a':1}", "[1,,2]", "\"abc", "\"\\x41\"",
		"\"\\u12\"", "\"\xff\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
		"// comment\n1", "[1]/", "1 2", "123abc",
	};
	for (const char *text : bad) {
		CAPTURE(text);
		CHECK_THROWS_AS(Parse(text), ParseError);
	}
}

TEST_CASE("Parse limits nesting depth")
{
	std::string ok(max_depth, '[');
	ok += std::string(max_depth, ']');
	CHECK_NOTHROW(Parse(ok));
	std::string deep(max_depth + 1, '[');
	deep += std::string(max_depth + 1, ']');
	CHECK_THROWS_WITH_AS(Parse(deep), "line 1, column 513: nesting deeper than 512 levels",
			     ParseError);
}

TEST_CASE("Parse and Serialize round-trip compact JSON")
{
	const char *texts[] = {
		R"({"b":1,"a":[true,false,null],"b":"dup"})",
		R"([1.0,-0,1e5,123456789012345678901234567890])",
		R"({"s":"é😀 <>&'\"\\\n\u0001"})",
		R"({})", R"([])", R"("")",
	};
	for (const char *text : texts) {
		CAPTURE(text);
		CHECK(Serialize(Parse(text)) == text);
	}
}
