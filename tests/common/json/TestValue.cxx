#include "json/Parse.hxx"
#include "json/Value.hxx"

#include <doctest/doctest.h>

#include <cmath>

using namespace osprey::json;

TEST_CASE("Value kinds and accessors")
{
	SUBCASE("null is the default") {
		Value v;
		CHECK(v.IsNull());
		CHECK(v.GetText().empty());
		CHECK(v.Size() == 0);
		CHECK(v.Find("x") == nullptr);
	}
	SUBCASE("bool") {
		CHECK(Value(true).GetBool());
		CHECK_FALSE(Value(false).GetBool());
		CHECK(Value(true).GetKind() == Value::Kind::Bool);
	}
	SUBCASE("string") {
		const auto v = Value::String("héllo");
		CHECK(v.IsString());
		CHECK(v.GetText() == "héllo");
	}
	SUBCASE("array") {
		const auto v = Value::MakeArray({Value(true), Value::Number(1)});
		CHECK(v.Size() == 2);
		CHECK(v.GetArray()[1].GetText() == "1");
	}
}

TEST_CASE("Number keeps its text and converts on demand")
{
	SUBCASE("integers") {
		const auto v = Value::Number("123456789012345678");
		CHECK(v.IsInteger());
		CHECK(v.ToInt64() == 123456789012345678);
		CHECK(v.GetText() == "123456789012345678");
	}
	SUBCASE("floats keep their spelling") {
		const auto v = Value::Number("1.0");
		CHECK_FALSE(v.IsInteger());
		CHECK_FALSE(v.ToInt64().has_value());
		CHECK(v.ToDouble() == 1.0);
		CHECK(v.GetText() == "1.0");
		CHECK(Value::Number("1e5").ToDouble() == 100000.0);
		CHECK(Value::Number("-0").GetText() == "-0");
	}
	SUBCASE("too big for int64") {
		const auto v = Value::Number("99999999999999999999");
		CHECK(v.IsInteger());
		CHECK_FALSE(v.ToInt64().has_value());
		CHECK(v.ToDouble() == doctest::Approx(1e20));
	}
	SUBCASE("out of double range") {
		CHECK(std::isinf(Value::Number("1e400").ToDouble()));
		CHECK(Value::Number("1e-400").ToDouble() == 0.0);
	}
	SUBCASE("from int64") {
		CHECK(Value::Number(std::int64_t{-42}).GetText() == "-42");
	}
	SUBCASE("invalid text is refused") {
		CHECK_THROWS_AS(Value::Number("01"), std::invalid_argument);
		CHECK_THROWS_AS(Value::Number("1."), std::invalid_argument);
		CHECK_THROWS_AS(Value::Number(""), std::invalid_argument);
	}
}

TEST_CASE("Object lookup: last duplicate wins, order kept")
{
	const auto v = Parse(R"({"b":1,"a":2,"b":3,"c":{"d":null}})");
	REQUIRE(v.IsObject());
	CHECK(v.GetMembers().size() == 4);
	CHECK(v.GetMembers()[0].first == "b");
	CHECK(v.Size() == 3);
	REQUIRE(v.Find("b") != nullptr);
	CHECK(v.Find("b")->GetText() == "3");
	CHECK(v.Find("a")->GetText() == "2");
	CHECK(v.Find("z") == nullptr);
	CHECK(v.Find("c")->Find("d")->IsNull());

	SUBCASE("sorted index is bytewise, duplicates collapsed") {
		std::vector<std::string> keys;
		for (auto i : v.SortedIndex())
			keys.push_back(v.GetMembers()[i].first);
		CHECK(keys == std::vector<std::string>{"a", "b", "c"});
	}
}

TEST_CASE("Values share their trees")
{
	const auto v = Parse(R"({"big":[1,2,3]})");
	const Value copy = v;
	CHECK(&copy.GetMembers() == &v.GetMembers());
	CHECK(copy == v);
	CHECK_FALSE(Parse("[1]") == Parse("[1.0]"));
}
