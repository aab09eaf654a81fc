#include "websocket/Handshake.hxx"
#include "websocket/Url.hxx"

#include <doctest/doctest.h>

#include <set>

using namespace osprey::websocket;

TEST_CASE("AcceptFor")
{
	/* RFC 6455 section 1.3's example */
	CHECK(AcceptFor("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST_CASE("NewKey")
{
	std::set<std::string> keys;
	for (int i = 0; i < 100; ++i) {
		const std::string key = NewKey();
		CAPTURE(key);
		/* 16 bytes in base64: 22 characters and "==" */
		REQUIRE(key.size() == 24);
		CHECK(key.ends_with("=="));
		CHECK(key.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
					    "0123456789+/=") == std::string::npos);
		keys.insert(key);
	}
	CHECK(keys.size() == 100);
}

TEST_CASE("UpgradeRequest")
{
	SUBCASE("default port, path and query") {
		CHECK(UpgradeRequest(ParseUrl("wss://wss-primary.slack.com/link/?ticket=t"), "KEY") ==
		      "GET /link/?ticket=t HTTP/1.1\r\n"
		      "Host: wss-primary.slack.com\r\n"
		      "Upgrade: websocket\r\n"
		      "Connection: Upgrade\r\n"
		      "Sec-WebSocket-Key: KEY\r\n"
		      "Sec-WebSocket-Version: 13\r\n"
		      "\r\n");
	}
	SUBCASE("another port") {
		const std::string request = UpgradeRequest(ParseUrl("ws://localhost:9001"), "K");
		CHECK(request.starts_with("GET / HTTP/1.1\r\nHost: localhost:9001\r\n"));
	}
}
