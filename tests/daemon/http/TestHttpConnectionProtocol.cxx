// HttpConnectionProtocol without sockets: bytes in, bytes out.
#include "ProtocolFixture.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::http;
using namespace osprey::http::test;
using Phase = HttpConnectionProtocol::Phase;

namespace {

const std::string post_hook = "POST /hook?x=1 HTTP/1.1\r\nHost: a\r\nX-Tag:  v1 \r\n"
			      "Content-Length: 5\r\n\r\nhello";

} // namespace

TEST_CASE("HttpConnectionProtocol answers a request and keeps the connection")
{
	ProtocolFixture f;
	const auto responses = f.Feed(post_hook);
	REQUIRE(responses.size() == 1);
	CHECK(responses[0].status == 202);
	CHECK(responses[0].body == "POST /hook?x=1 tag=v1 hello");
	CHECK(responses[0].Header("content-type") == "text/plain");
	CHECK(responses[0].Header("date").has_value());
	CHECK_FALSE(responses[0].Header("connection").has_value());
	CHECK(f.protocol.GetPhase() == Phase::IDLE);
	CHECK(f.protocol.RequestCount() == 1);
	CHECK(f.stats.requests == 1);
	CHECK(f.stats.responses_by_status[202] == 1);
}

TEST_CASE("HttpConnectionProtocol gives the same answers however the bytes are split")
{
	const std::string stream = post_hook + "GET /status HTTP/1.1\r\n\r\n" +
		"POST /hook HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
	for (std::size_t split = 0; split <= stream.size(); ++split) {
		CAPTURE(split);
		ProtocolFixture f;
		f.protocol.Feed(std::string_view(stream).substr(0, split));
		f.protocol.Feed(std::string_view(stream).substr(split));
		const auto responses = TakeAllResponses(f.protocol.Output());
		REQUIRE(responses.size() == 3);
		CHECK(responses[0].body == "POST /hook?x=1 tag=v1 hello");
		CHECK(responses[1].body == "GET /status ");
		CHECK(responses[2].body == "POST /hook abcde");
	}
	ProtocolFixture f;
	for (const char c : stream)
		f.protocol.Feed({&c, 1});
	CHECK(TakeAllResponses(f.protocol.Output()).size() == 3);
}

TEST_CASE("HttpConnectionProtocol connection management")
{
	ProtocolFixture f;
	SUBCASE("Connection: close") {
		const auto r = f.Feed("GET / HTTP/1.1\r\nConnection: close\r\n\r\nGET /ignored HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
		CHECK(f.protocol.ClosesAfterResponse());
		CHECK(f.handler.handled.size() == 1);
	}
	SUBCASE("HTTP/1.0 closes by default") {
		const auto r = f.Feed("GET / HTTP/1.0\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
	}
	SUBCASE("HTTP/1.0 with keep-alive") {
		const auto r = f.Feed("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].Header("connection") == "keep-alive");
		CHECK(f.protocol.GetPhase() == Phase::IDLE);
	}
	SUBCASE("HEAD gets headers only") {
		f.protocol.Feed("HEAD /x HTTP/1.1\r\n\r\n");
		auto r = TakeResponse(f.protocol.Output(), true);
		REQUIRE(r);
		CHECK(r->Header("content-length") == "8");
		CHECK(f.protocol.Output().empty());
	}
	SUBCASE("HEAD gets no body, not even a 500's, and the connection goes on") {
		f.protocol.Feed("HEAD /handle-throws HTTP/1.1\r\n\r\nHEAD /missing HTTP/1.1\r\n\r\n"
				"GET /next HTTP/1.1\r\n\r\n");
		auto r = TakeResponse(f.protocol.Output(), true);
		REQUIRE(r);
		CHECK(r->status == 500);
		r = TakeResponse(f.protocol.Output(), true);
		REQUIRE(r);
		CHECK(r->status == 404);
		r = TakeResponse(f.protocol.Output());
		REQUIRE(r);
		CHECK(r->body == "GET /next ");
	}
	SUBCASE("graceful stop while idle closes silently") {
		f.protocol.StopGracefully();
		CHECK(f.protocol.WantsClose());
		CHECK_FALSE(f.protocol.ClosesAfterResponse());
	}
	SUBCASE("graceful stop mid-request answers it with close") {
		f.protocol.Feed("POST /hook HTTP/1.1\r\nContent-Length: 2\r\n\r\na");
		f.protocol.StopGracefully();
		CHECK_FALSE(f.protocol.WantsClose());
		const auto r = f.Feed("b");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 202);
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
	}
}

TEST_CASE("HttpConnectionProtocol routing decisions")
{
	ProtocolFixture f;
	SUBCASE("a rejection without body keeps the connection") {
		const auto r = f.Feed("GET /missing HTTP/1.1\r\n\r\nGET /ok HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 2);
		CHECK(r[0].status == 404);
		CHECK(r[0].body == R"({"error":"No pipeline listens here."})");
		CHECK(r[0].Header("content-type") == "application/json");
		CHECK(r[1].status == 202);
		CHECK(f.handler.handled.size() == 1);
	}
	SUBCASE("a rejection with a body pending closes") {
		const auto r = f.Feed("PUT /hook HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 405);
		CHECK(r[0].Header("allow") == "POST");
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
		CHECK(f.handler.handled.empty());
	}
	SUBCASE("413 from Content-Length before any body byte") {
		const auto r = f.Feed("POST /small HTTP/1.1\r\nContent-Length: 11\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 413);
		CHECK(r[0].body.find("10 bytes") != std::string::npos);
		CHECK(f.protocol.WantsClose());
	}
	SUBCASE("413 while reading a chunked body") {
		const auto r = f.Feed("POST /small HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
				      "6\r\nabcdef\r\n5\r\nghijk\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 413);
		CHECK(f.handler.handled.empty());
	}
	SUBCASE("a body exactly at the limit passes") {
		const auto r = f.Feed("POST /small HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
				      "a\r\n0123456789\r\n0\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 202);
	}
	SUBCASE("100-continue only when the route accepts") {
		f.protocol.Feed("POST /hook HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
		CHECK(f.protocol.Output() == "HTTP/1.1 100 Continue\r\n\r\n");
		f.protocol.Output().clear();
		const auto r = f.Feed("ok");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 202);

		const auto rejected = f.Feed("POST /missing HTTP/1.1\r\nExpect: 100-continue\r\n"
					     "Content-Length: 2\r\n\r\n");
		REQUIRE(rejected.size() == 1);
		CHECK(rejected[0].status == 404);
		CHECK(f.protocol.WantsClose());
	}
	SUBCASE("exceptions become 500") {
		auto r = f.Feed("GET /handle-throws HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 500);
		CHECK(f.protocol.GetPhase() == Phase::IDLE);
		r = f.Feed("GET /route-throws HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 500);
		CHECK(f.protocol.WantsClose());
	}
}

TEST_CASE("HttpConnectionProtocol request details")
{
	ProtocolFixture f;
	auto r = f.Feed("OPTIONS http://example.com/a/b?c=d#frag HTTP/1.1\r\n\r\n");
	REQUIRE(r.size() == 1);
	CHECK(r[0].body == "OPTIONS /a/b?c=d ");
	r = f.Feed("POST /e HTTP/1.1\r\nx-TAG: \t  spaced value \t\r\nContent-Length: 0\r\n\r\n");
	REQUIRE(r.size() == 1);
	CHECK(r[0].body == "POST /e tag=spaced value ");
}
