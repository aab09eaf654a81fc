#include "json/Serialize.hxx"

#include <doctest/doctest.h>

using namespace osprey::json;

TEST_CASE("Serialize escapes minimally")
{
	CHECK(Serialize(Value::String("a\"b\\c")) == R"("a\"b\\c")");
	CHECK(Serialize(Value::String("\n\r\t\b\f")) == R"("\n\r\t\b\f")");
	CHECK(Serialize(Value::String(std::string("\x00\x1f\x7f", 3))) == "\"\\u0000\\u001f\x7f\"");
	SUBCASE("no HTML escaping, UTF-8 kept") {
		CHECK(Serialize(Value::String("<a href='x'>&</a> é 日本 \u2028")) ==
		      "\"<a href='x'>&</a> é 日本 \u2028\"");
	}
}

TEST_CASE("Serialize keeps member order and number spelling")
{
	const auto v = Value::MakeObject({
		{"z", Value::Number("1.50")},
		{"a", Value::MakeArray({Value(), Value(true), Value::Number("-0")})},
		{"z", Value::String("again")},
	});
	CHECK(Serialize(v) == R"({"z":1.50,"a":[null,true,-0],"z":"again"})");
	std::string out = "prefix:";
	SerializeTo(out, Value(false));
	CHECK(out == "prefix:false");
}
