#include "ingest/TemplateHeaders.hxx"
#include "json/Serialize.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::daemon;

static void
Add(http::HeaderTable &t, std::string_view name, std::string_view value)
{
	t.BeginName();
	t.AppendName(name);
	t.BeginValue();
	t.AppendValue(value);
	t.EndValue();
}

TEST_CASE("Request headers become .headers: lowercase, credentials and the signature left out")
{
	http::HeaderTable t;
	Add(t, "Content-Type", "application/json");
	Add(t, "X-GitHub-Event", "issues");
	Add(t, "Authorization", "Bearer secret");
	Add(t, "Cookie", "session=1");
	Add(t, "proxy-Authorization", "Basic x");
	Add(t, "X-Hub-Signature-256", "sha256=abc");
	Add(t, "Accept", "a");
	Add(t, "accept", "b");
	Add(t, "X-Odd", "caf\xc3\xa9 \xff");

	SUBCASE("with a signature header") {
		const auto v = ExpandHeaders(CaptureHeaders(t, "x-hub-signature-256"));
		CHECK(json::Serialize(v) == "{\"content-type\":\"application/json\","
		      "\"x-github-event\":\"issues\",\"accept\":\"a, b\",\"x-odd\":\"caf\xc3\xa9 \xef\xbf\xbd\"}");
	}
	SUBCASE("without one, the header is data like any other") {
		const auto v = ExpandHeaders(CaptureHeaders(t, ""));
		CHECK(v.Find("x-hub-signature-256") != nullptr);
		CHECK(v.Find("authorization") == nullptr);
	}
	SUBCASE("none at all") {
		CHECK(json::Serialize(ExpandHeaders("")) == "{}");
	}
}
