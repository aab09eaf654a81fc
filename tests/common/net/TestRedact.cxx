#include "net/Redact.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("RedactUrl removes every secret part of a URL from a message")
{
	const std::string url = "https://api.telegram.org/bot123456:ABCDEF/sendMessage?chat=42#frag";

	SUBCASE("the whole URL") {
		CHECK(RedactUrl("GET " + url + " failed", url) ==
		      "GET [redacted] failed");
	}
	SUBCASE("the path, the query and a lone segment") {
		CHECK(RedactUrl("at /bot123456:ABCDEF/sendMessage?chat=42#frag", url) ==
		      "at [redacted]");
		CHECK(RedactUrl("path /bot123456:ABCDEF/sendMessage here", url) ==
		      "path [redacted] here");
		CHECK(RedactUrl("query ?chat=42#frag", url) == "query [redacted]");
		CHECK(RedactUrl("token bot123456:ABCDEF seen twice: bot123456:ABCDEF", url) ==
		      "token [redacted] seen twice: [redacted]");
	}
	SUBCASE("a password, but not the host") {
		const std::string with_user = "http://alice:s3cretpw@hooks.example:8080/x";
		CHECK(RedactUrl("login s3cretpw refused by hooks.example", with_user) ==
		      "login [redacted] refused by hooks.example");
	}
	SUBCASE("short words stay readable") {
		CHECK(RedactUrl("Could not resolve host: api.example", "http://api.example/v1/x") ==
		      "Could not resolve host: api.example");
	}
}

TEST_CASE("UrlOrigin keeps scheme, host and port only")
{
	CHECK(UrlOrigin("https://api.telegram.org/bot1:x/getMe") == "https://api.telegram.org");
	CHECK(UrlOrigin("http://u:p@h.example:81?q") == "http://h.example:81");
	CHECK(UrlOrigin("https://slack.com") == "https://slack.com");
}
