// HttpConnectionProtocol: what goes wrong, and the answers it gives.
#include "ProtocolFixture.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::http;
using namespace osprey::http::test;
using Phase = HttpConnectionProtocol::Phase;

TEST_CASE("HttpConnectionProtocol errors")
{
	ProtocolFixture f;
	f.limits.max_header_bytes = 200;
	struct Case {
		const char *name;
		std::string input;
		unsigned status;
	};
	const Case cases[] = {
		{"garbage", "\x16\x03\x01 hello\r\n\r\n", 400},
		{"bad header", "GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400},
		{"both lengths", "POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
		{"bad chunk", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400},
		{"HTTP/2.0", "GET / HTTP/2.0\r\n\r\n", 505},
		{"HTTP/3.1", "GET / HTTP/3.1\r\n\r\n", 505},
		{"long header", "GET / HTTP/1.1\r\nX: " + std::string(300, 'a') + "\r\n\r\n", 431},
		{"long url", "GET /" + std::string(300, 'a') + " HTTP/1.1\r\n\r\n", 431},
	};
	for (const auto &c : cases) {
		const std::string_view name = c.name;
		CAPTURE(name);
		HttpConnectionProtocol protocol(f.handler, f.limits, f.stats);
		protocol.Feed(c.input);
		const auto r = TakeAllResponses(protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == c.status);
		CHECK(r[0].body.starts_with("{\"error\":\""));
		CHECK(r[0].Header("connection") == "close");
		CHECK(protocol.WantsClose());
		CHECK(f.stats.responses_by_status[c.status] >= 1);
	}

	SUBCASE("many small headers count too") {
		std::string input = "GET / HTTP/1.1\r\n";
		for (int i = 0; i < 40; ++i)
			input += "A: b\r\n";
		const auto r = f.Feed(input);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 431);
	}
}

TEST_CASE("HttpConnectionProtocol timeouts and end of input")
{
	ProtocolFixture f;
	SUBCASE("idle: silent close") {
		f.protocol.Timeout();
		CHECK(f.protocol.WantsClose());
		CHECK(f.protocol.Output().empty());
	}
	SUBCASE("in the head: 408") {
		f.protocol.Feed("GET / HTTP/1.1\r\nHost: x");
		CHECK(f.protocol.GetPhase() == Phase::HEAD);
		f.protocol.Timeout();
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 408);
	}
	SUBCASE("in the body: 408") {
		f.protocol.Feed("POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc");
		CHECK(f.protocol.GetPhase() == Phase::BODY);
		f.protocol.Timeout();
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 408);
	}
	SUBCASE("end of input") {
		f.protocol.Feed("GET / HTTP/1.1\r\n");
		f.protocol.EndOfInput();
		CHECK(f.protocol.WantsClose());
		CHECK(f.protocol.Output().empty());
	}
	SUBCASE("overloaded") {
		f.protocol.RejectOverloaded();
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 503);
		CHECK(f.protocol.WantsClose());
	}
}

