#include "json/Quote.hxx"

#include <doctest/doctest.h>
#include <string>

using namespace osprey::json;

TEST_CASE("AppendQuoted")
{
	const std::string text = "a \"q\" \\ \n\t\x01\x7f é";
	std::string out = "x";

	SUBCASE("short escapes, as Serialize() writes them") {
		AppendQuoted(out, text);
		CHECK(out == "x\"a \\\"q\\\" \\\\ \\n\\t\\u0001\x7f é\"");
		CHECK(QuotedSize(text) == out.size() - 1);
	}
	SUBCASE("\\u00xx for every control character, as the HTTP server writes them") {
		AppendQuoted(out, text, ControlEscape::Unicode);
		CHECK(out == "x\"a \\\"q\\\" \\\\ \\u000a\\u0009\\u0001\x7f é\"");
		CHECK(QuotedSize(text, ControlEscape::Unicode) == out.size() - 1);
	}
	SUBCASE("empty") {
		AppendQuoted(out, {});
		CHECK(out == "x\"\"");
		CHECK(QuotedSize({}) == 2);
	}
}
