#include "dashboard/builder/Field.hxx"
#include "json/Parse.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::builder;

static std::vector<std::pair<std::string, std::string>>
Rows(std::string_view payload)
{
	std::vector<std::pair<std::string, std::string>> out;
	for (const auto &f : Flatten(json::Parse(payload)))
		out.emplace_back(f.display, f.value);
	return out;
}

using RowList = std::vector<std::pair<std::string, std::string>>;

TEST_CASE("Flatten lists every leaf as a dotted path with its printed value")
{
	SUBCASE("nested objects and arrays of objects, in document order") {
		CHECK(Rows(R"({"issue": {"title": "Crash", "number": 42}, "labels": [{"name": "bug"}, {"name": "p1"}]})") ==
		      RowList{{"issue.title", "Crash"}, {"issue.number", "42"},
			      {"labels.0.name", "bug"}, {"labels.1.name", "p1"}});
	}
	SUBCASE("numbers as written, booleans, null") {
		CHECK(Rows(R"({"id": 123456789012345678, "f": 1.0, "e": 1e3, "ok": true, "no": false, "n": null})") ==
		      RowList{{"id", "123456789012345678"}, {"f", "1.0"}, {"e", "1e3"},
			      {"ok", "true"}, {"no", "false"}, {"n", "<no value>"}});
	}
	SUBCASE("empty objects and arrays are leaves printed as JSON") {
		CHECK(Rows(R"({"o": {}, "a": [], "x": {"y": []}})") ==
		      RowList{{"o", "{}"}, {"a", "[]"}, {"x.y", "[]"}});
	}
	SUBCASE("keys with dashes, dots, spaces, quotes and non-ASCII") {
		CHECK(Rows(R"({"x-event": 1, "a.b": 2, "with space": 3, "q\"uote": 4, "caf\u00e9": 5, "": 6})") ==
		      RowList{{"x-event", "1"}, {"a.b", "2"}, {"with space", "3"},
			      {"q\"uote", "4"}, {"caf\xc3\xa9", "5"}, {"", "6"}});
	}
	SUBCASE("strings keep their newlines: the UI shows them on one line") {
		CHECK(Rows(R"({"body": "a\nb"})") == RowList{{"body", "a\nb"}});
	}
	SUBCASE("a repeated key: only the one templates see") {
		CHECK(Rows(R"({"a": 1, "b": 2, "a": 3})") == RowList{{"b", "2"}, {"a", "3"}});
	}
}

TEST_CASE("Flatten handles payloads that are not objects")
{
	CHECK(Rows(R"([{"id": 1}, 2, [3]])") == RowList{{"0.id", "1"}, {"1", "2"}, {"2.0", "3"}});
	CHECK(Rows(R"("just text")") == RowList{{"", "just text"}});
	CHECK(Rows("7") == RowList{{"", "7"}});
	CHECK(Rows("null") == RowList{{"", "<no value>"}});
	CHECK(Rows("{}") == RowList{{"", "{}"}});
	CHECK(Rows("[]") == RowList{{"", "[]"}});
}

TEST_CASE("Flatten keeps the steps apart from the display path")
{
	const auto fields = Flatten(json::Parse(R"({"a.b": {"c": [true]}})"));
	REQUIRE(fields.size() == 1);
	CHECK(fields[0].display == "a.b.c.0");
	CHECK(fields[0].path == Path{PathStep::Key("a.b"), PathStep::Key("c"), PathStep::Index(0)});
	CHECK(fields[0].kind == json::Value::Kind::Bool);
}
