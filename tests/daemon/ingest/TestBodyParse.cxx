#include "ingest/BodyParse.hxx"
#include "json/Serialize.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::daemon;

namespace {

struct FakeRequest {
	http::HeaderTable headers;
	http::Request request;

	FakeRequest(std::string_view body, std::string_view content_type = {}) {
		if (!content_type.empty()) {
			headers.BeginName();
			headers.AppendName("Content-Type");
			headers.BeginValue();
			headers.AppendValue(content_type);
			headers.EndValue();
		}
		request.headers = &headers;
		request.body = body;
	}
};

std::string
Parsed(std::string_view body, std::string_view content_type = {})
{
	FakeRequest r(body, content_type);
	return json::Serialize(ParseBody(r.request));
}

} // namespace

TEST_CASE("ParseBody: JSON, GitHub's form mode, empty")
{
	CHECK(Parsed(R"({"a": 1})", "application/json") == R"({"a":1})");
	CHECK(Parsed(R"([1,2])") == "[1,2]");
	CHECK(Parsed("") == "{}");
	CHECK(Parsed("  \r\n") == "{}");
	CHECK(Parsed("payload=%7B%22a%22%3A+%22b+c%22%7D", "application/x-www-form-urlencoded") ==
	      R"({"a":"b c"})");
	CHECK(Parsed("x=1&payload=%5B1%5D&y=2", "Application/X-WWW-Form-Urlencoded; charset=utf-8") ==
	      "[1]");
	SUBCASE("curl --data labels JSON as a form") {
		CHECK(Parsed(R"({"name":"x"})", "application/x-www-form-urlencoded") == R"({"name":"x"})");
	}
}

TEST_CASE("ParseBody: why a body is refused")
{
	auto refused = [](std::string_view body, std::string_view type = {}) {
		FakeRequest r(body, type);
		CHECK_THROWS_AS(ParseBody(r.request), BadBody);
		try {
			ParseBody(r.request);
		} catch (const BadBody &e) {
			return std::string(e.what());
		}
		return std::string();
	};
	CHECK(refused("not json") == "the body is not valid JSON: line 1, column 1: invalid literal, expected null");
	CHECK(refused("a=1", "application/x-www-form-urlencoded") ==
	      "a form body needs a \"payload\" field holding JSON");
	CHECK(refused("payload=%7", "application/x-www-form-urlencoded") ==
	      "the form body has a malformed %-escape");
	CHECK(refused("payload=%zz", "application/x-www-form-urlencoded") ==
	      "the form body has a malformed %-escape");
	CHECK(refused("payload=nope", "application/x-www-form-urlencoded").starts_with(
		      "the form's payload field is not valid JSON"));
}

TEST_CASE("FormDecode")
{
	CHECK(FormDecode("a+b%20c%2B") == "a b c+");
	CHECK(FormDecode("") == "");
	CHECK(FormDecode("%e2%9c%93") == "\xe2\x9c\x93");
}
