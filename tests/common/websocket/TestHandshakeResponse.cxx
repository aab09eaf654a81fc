#include "websocket/HandshakeResponse.hxx"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

using namespace osprey::websocket;

static constexpr const char *kKey = "dGhlIHNhbXBsZSBub25jZQ==";
static const std::string kAccept = "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n";
static const std::string kGood = "HTTP/1.1 101 Switching Protocols\r\n"
	"Upgrade: websocket\r\nConnection: Upgrade\r\n" + kAccept + "\r\n";

/// Feeds @p head whole; returns what Feed() returned.
static std::optional<std::size_t>
FeedAll(std::string_view head)
{
	HandshakeResponse response(kKey);
	return response.Feed(head);
}

TEST_CASE("HandshakeResponse")
{
	SUBCASE("whole, with frames after it") {
		const std::string bytes = kGood + "\x81\x02hi";
		CHECK(FeedAll(bytes) == kGood.size());
	}
	SUBCASE("split at every byte position, in two and byte by byte") {
		const std::string bytes = kGood + "\x81\x02hi";
		for (std::size_t cut = 0; cut <= bytes.size(); ++cut) {
			CAPTURE(cut);
			HandshakeResponse response(kKey);
			const auto first = response.Feed(std::string_view(bytes).substr(0, cut));
			if (cut >= kGood.size()) {
				CHECK(first == kGood.size());
				continue;
			}
			REQUIRE_FALSE(first);
			CHECK(response.Feed(std::string_view(bytes).substr(cut)) == kGood.size() - cut);
		}
		HandshakeResponse response(kKey);
		for (std::size_t i = 0; i + 1 < kGood.size(); ++i)
			REQUIRE_FALSE(response.Feed(kGood.substr(i, 1)));
		CHECK(response.Feed(kGood.substr(kGood.size() - 1) + "\x81") == 1);
	}
	SUBCASE("names are case-insensitive, values are token lists") {
		const std::string head = "HTTP/1.1 101 \r\nupgrade:  WebSocket \r\n"
			"CONNECTION: keep-alive, UPGRADE\r\nsec-websocket-accept: "
			"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Extensions:\r\n\r\n";
		CHECK(FeedAll(head) == head.size());
		const std::string split = "HTTP/1.1 101 Switching Protocols\r\n"
			"Connection: keep-alive\r\nConnection: upgrade\r\nUpgrade: foo, websocket\r\n" +
			kAccept + "\r\n";
		CHECK(FeedAll(split) == split.size());
	}
}

TEST_CASE("HandshakeResponse errors")
{
	auto error = [](const std::string &head, const char *message) {
		CAPTURE(head);
		CHECK_THROWS_WITH_AS(FeedAll(head), message, std::runtime_error);
	};
	error("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n",
	      "the server answered 403 Forbidden instead of switching protocols");
	error("HTTP/1.1 200\r\n\r\n", "the server answered 200 instead of switching protocols");
	error("HTTP/1.1 500 Bad\x01thing\r\n\r\n",
	      "the server answered 500 Bad?thing instead of switching protocols");
	error("SSH-2.0-OpenSSH\r\n\r\n", "the server did not answer with an HTTP/1.x status line");
	error("HTTP/1.1 1x1 Switching\r\n\r\n",
	      "the server did not answer with an HTTP/1.x status line");
	error("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n" + kAccept + "\r\n",
	      "the server's 101 response lacks \"Upgrade: websocket\"");
	error("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websockets\r\nConnection: Upgrade\r\n" +
	      kAccept + "\r\n", "the server's 101 response lacks \"Upgrade: websocket\"");
	error("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n" + kAccept + "\r\n",
	      "the server's 101 response lacks \"Connection: upgrade\"");
	error("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
	      "the server's 101 response lacks Sec-WebSocket-Accept");
	error("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
	      "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo\r\n\r\n",
	      "the server's Sec-WebSocket-Accept does not match our key");
	error(kGood.substr(0, kGood.size() - 2) + kAccept + "\r\n",
	      "the server's Sec-WebSocket-Accept does not match our key");
	error(kGood.substr(0, kGood.size() - 2) + "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n",
	      "the server chose a WebSocket extension we did not offer");
	error(kGood.substr(0, kGood.size() - 2) + "Sec-WebSocket-Protocol: chat\r\n\r\n",
	      "the server chose a WebSocket subprotocol we did not offer");
	error(kGood.substr(0, kGood.size() - 2) + "no colon\r\n\r\n",
	      "the server's response has a malformed header line");
	error(kGood.substr(0, kGood.size() - 2) + " folded: x\r\n\r\n",
	      "the server's response has a malformed header line");
	error(kGood.substr(0, kGood.size() - 2) + "Name : x\r\n\r\n",
	      "the server's response has a malformed header line");

	SUBCASE("a head that never ends") {
		HandshakeResponse response(kKey);
		const std::string line = "X-Filler: " + std::string(100, 'x') + "\r\n";
		REQUIRE_FALSE(response.Feed("HTTP/1.1 101 Switching Protocols\r\n"));
		std::size_t fed = 0;
		auto feed_forever = [&] {
			while (!response.Feed(line))
				fed += line.size();
		};
		CHECK_THROWS_WITH_AS(feed_forever(), "the server's response head is over 16 KiB",
				     std::runtime_error);
		CHECK(fed < HandshakeResponse::kMaxHeadSize);
	}
}
