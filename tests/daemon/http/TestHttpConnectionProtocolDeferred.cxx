// HttpConnectionProtocol with answers deferred through PendingResponse:
// order, backpressure, dropped and orphaned tokens, stops.
#include "ProtocolFixture.hxx"

#include <doctest/doctest.h>

#include <memory>
#include <string>

using namespace osprey::http;
using namespace osprey::http::test;
using Phase = HttpConnectionProtocol::Phase;

namespace {

struct CountingListener final : HttpConnectionProtocol::Listener {
	unsigned answered = 0;
	void OnDeferredAnswered() noexcept override { ++answered; }
};

constexpr const char *defer = "POST /defer HTTP/1.1\r\nContent-Length: 1\r\n\r\nx";

} // namespace

TEST_CASE("HttpConnectionProtocol sends a deferred answer when it is completed")
{
	ProtocolFixture f;
	CountingListener listener;
	f.protocol.SetListener(&listener);

	CHECK(f.Feed(defer).empty());
	CHECK(f.protocol.GetPhase() == Phase::WAITING);
	REQUIRE(f.handler.deferred.size() == 1);
	CHECK(f.handler.deferred[0].IsConnected());
	CHECK(listener.answered == 0);

	f.handler.CompleteOldest("one");
	CHECK(listener.answered == 1);
	CHECK(f.protocol.GetPhase() == Phase::IDLE);
	auto r = TakeAllResponses(f.protocol.Output());
	REQUIRE(r.size() == 1);
	CHECK(r[0].status == 202);
	CHECK(r[0].body == "later one");
	CHECK_FALSE(r[0].Header("connection").has_value());

	SUBCASE("the connection goes on") {
		f.protocol.Continue();
		r = f.Feed("GET /next HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].body == "GET /next ");
		CHECK(f.stats.responses_by_status[202] == 2);
	}
	SUBCASE("a HEAD request's deferred answer has no body") {
		f.protocol.Continue();
		CHECK(f.Feed("HEAD /defer HTTP/1.1\r\n\r\n").empty());
		f.handler.CompleteOldest("head");
		const std::string raw = f.protocol.Output();
		CHECK(raw.find("Content-Length: 10\r\n") != std::string::npos);
		CHECK(raw.ends_with("\r\n\r\n"));
	}
}

TEST_CASE("HttpConnectionProtocol holds pipelined requests behind a deferred one")
{
	ProtocolFixture f;
	const std::string stream = std::string(defer) + "GET /a HTTP/1.1\r\n\r\n" + defer +
		"GET /b HTTP/1.1\r\n\r\n";
	for (const std::size_t split : {std::size_t(0), std::size_t(10), stream.size()}) {
		CAPTURE(split);
		ProtocolFixture g;
		g.protocol.Feed(std::string_view(stream).substr(0, split));
		g.protocol.Feed(std::string_view(stream).substr(split));
		// Nothing behind the deferred request is handled meanwhile.
		CHECK(g.handler.handled.empty());
		CHECK(g.handler.deferred_total == 1);
		CHECK(g.protocol.Output().empty());

		g.handler.CompleteOldest("1");
		g.protocol.Continue(); // /a answered, the second /defer waits
		CHECK(g.handler.handled.size() == 1);
		CHECK(g.protocol.GetPhase() == Phase::WAITING);
		g.handler.CompleteOldest("2");
		g.protocol.Continue();
		const auto r = TakeAllResponses(g.protocol.Output());
		REQUIRE(r.size() == 4);
		CHECK(r[0].body == "later 1");
		CHECK(r[1].body == "GET /a ");
		CHECK(r[2].body == "later 2");
		CHECK(r[3].body == "GET /b ");
		CHECK(g.protocol.GetPhase() == Phase::IDLE);
	}
}

TEST_CASE("HttpConnectionProtocol answers a deferred request once")
{
	ProtocolFixture f;
	CountingListener listener;
	f.protocol.SetListener(&listener);
	SUBCASE("completed inside Handle()") {
		const auto r = f.Feed("GET /defer-now HTTP/1.1\r\n\r\nGET /after HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 2);
		CHECK(r[0].body == "now");
		CHECK(r[1].body == "GET /after ");
		CHECK(listener.answered == 0); // Feed() went on by itself
	}
	SUBCASE("a token dropped without an answer: 500") {
		const auto r = f.Feed("GET /defer-drop HTTP/1.1\r\n\r\nGET /after HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 2);
		CHECK(r[0].status == 500);
		CHECK(r[0].body == R"({"error":"The server dropped the request without answering it."})");
		CHECK(r[1].status == 202);
	}
	SUBCASE("a token dropped later: 500") {
		CHECK(f.Feed(defer).empty());
		f.handler.deferred.clear();
		CHECK(listener.answered == 1);
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 500);
		CHECK(f.protocol.GetPhase() == Phase::IDLE);
	}
	SUBCASE("Deferred{} without a token: 500") {
		const auto r = f.Feed("GET /defer-nothing HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 500);
	}
	SUBCASE("Handle() throws after Defer(): 500, the token is inert") {
		auto r = f.Feed("GET /defer-throws HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 500);
		CHECK(r[0].body == R"({"error":"The server failed to handle the request."})");
		REQUIRE(f.handler.deferred.size() == 1);
		CHECK_FALSE(f.handler.deferred[0].IsConnected());
		f.handler.CompleteOldest("ignored");
		CHECK(f.protocol.Output().empty());
		CHECK(listener.answered == 0);
	}
	SUBCASE("Defer() twice: 500") {
		const auto r = f.Feed("GET /defer-twice HTTP/1.1\r\n\r\n");
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 500);
	}
	SUBCASE("Defer() outside Handle() throws") {
		Request request;
		CHECK_THROWS_AS((void)request.Defer(), std::logic_error);
	}
}

TEST_CASE("HttpConnectionProtocol gone before the answer")
{
	std::vector<PendingResponse> tokens;
	{
		ProtocolFixture f;
		CHECK(f.Feed(defer).empty());
		tokens = std::move(f.handler.deferred);
	}
	REQUIRE(tokens.size() == 1);
	CHECK_FALSE(tokens[0].IsConnected());
	tokens[0].Complete(Response::Error(500, "nobody hears this"));
	tokens.clear(); // and no 500 either
}

TEST_CASE("HttpConnectionProtocol stopping while an answer is deferred")
{
	ProtocolFixture f;
	CHECK(f.Feed(std::string(defer) + "GET /held HTTP/1.1\r\n\r\n").empty());
	SUBCASE("StopGracefully(): the answer says close, held requests are dropped") {
		f.protocol.StopGracefully();
		CHECK(f.protocol.GetPhase() == Phase::WAITING);
		f.handler.CompleteOldest("last");
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
		f.protocol.Continue();
		CHECK(f.handler.handled.empty());
	}
	SUBCASE("the stop deadline passes: 503 and close, the token is inert") {
		f.protocol.StopGracefully();
		f.protocol.Timeout();
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 503);
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
		CHECK_FALSE(f.handler.deferred[0].IsConnected());
	}
	SUBCASE("the client's end of input: answer, then close") {
		f.protocol.EndOfInput();
		f.handler.CompleteOldest("bye");
		const auto r = TakeAllResponses(f.protocol.Output());
		REQUIRE(r.size() == 1);
		CHECK(r[0].Header("connection") == "close");
		CHECK(f.protocol.WantsClose());
	}
}
