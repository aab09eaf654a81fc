#include "websocket/Url.hxx"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace osprey::websocket;

TEST_CASE("ParseUrl")
{
	SUBCASE("Slack's Socket Mode URL") {
		const Url url = ParseUrl("wss://wss-primary.slack.com/link/?ticket=abc&app_id=A1");
		CHECK(url.secure);
		CHECK(url.host == "wss-primary.slack.com");
		CHECK(url.port == 443);
		CHECK(url.target == "/link/?ticket=abc&app_id=A1");
		CHECK(url.HostHeader() == "wss-primary.slack.com");
	}
	SUBCASE("ws:// with a port, no path") {
		const Url url = ParseUrl("ws://127.0.0.1:8080");
		CHECK_FALSE(url.secure);
		CHECK(url.port == 8080);
		CHECK(url.target == "/");
		CHECK(url.HostHeader() == "127.0.0.1:8080");
	}
	SUBCASE("the default port is left out of Host") {
		CHECK(ParseUrl("ws://h:80/").HostHeader() == "h");
		CHECK(ParseUrl("wss://h:80/").HostHeader() == "h:80");
	}
	SUBCASE("a query without a path") {
		CHECK(ParseUrl("ws://h?x=1").target == "/?x=1");
	}
	SUBCASE("IPv6") {
		const Url url = ParseUrl("wss://[::1]:8443/p");
		CHECK(url.host == "::1");
		CHECK(url.port == 8443);
		CHECK(url.HostHeader() == "[::1]:8443");
		CHECK(ParseUrl("ws://[fe80::1]/").HostHeader() == "[fe80::1]");
	}
	SUBCASE("errors say what is wrong and never quote the URL") {
		CHECK_THROWS_WITH_AS(ParseUrl("https://h/?ticket=s3cret"),
				     "a WebSocket URL starts with ws:// or wss://", std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss://h/x?ticket=s3cret\r\nX: y"),
				     "a WebSocket URL has no spaces or control characters",
				     std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss://h/ x"),
				     "a WebSocket URL has no spaces or control characters",
				     std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss://h/#f"), "a WebSocket URL has no fragment (#)",
				     std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss://u:p@h/"),
				     "a WebSocket URL has no user name or password", std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss:///x"), "the WebSocket URL has no host",
				     std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss://:443/x"), "the WebSocket URL has no host",
				     std::invalid_argument);
		for (const char *bad : {"wss://h:/", "wss://h:0/", "wss://h:65536/", "wss://h:8x/"}) {
			CAPTURE(bad);
			CHECK_THROWS_WITH_AS(ParseUrl(bad),
					     "the WebSocket URL's port is not a number from 1 to 65535",
					     std::invalid_argument);
		}
		CHECK_THROWS_WITH_AS(ParseUrl("wss://[::1/"),
				     "the WebSocket URL's IPv6 address lacks its ']'", std::invalid_argument);
		CHECK_THROWS_WITH_AS(ParseUrl("wss://[::1]x/"),
				     "the WebSocket URL has text after its IPv6 address",
				     std::invalid_argument);
	}
}
