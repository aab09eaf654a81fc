// HttpServer with answers the handler defers (PendingResponse), over real
// sockets: completion from a later loop iteration, pipelining behind it,
// clients that leave, dropped tokens and graceful stops.
#include "ResponseReader.hxx"
#include "ServerThread.hxx"
#include "TestClient.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey;
using namespace osprey::http;
using namespace osprey::http::test;

namespace {

constexpr const char *defer = "POST /defer HTTP/1.1\r\nContent-Length: 1\r\n\r\nx";

std::vector<ParsedResponse>
ReadResponses(TestClient &client, std::size_t n)
{
	std::vector<ParsedResponse> responses;
	client.ReadUntil([&](const std::string &) {
		while (auto r = TakeResponse(client.received))
			responses.push_back(std::move(*r));
		return responses.size() >= n;
	});
	return responses;
}

} // namespace

TEST_CASE("HttpServer sends a deferred answer completed on a later loop iteration")
{
	HttpLimits limits;
	// Were any phase deadline running while the answer waits, it would
	// fire before the client gives up below. The header deadline counts
	// from the accept, so it must leave a loaded machine time to read the
	// request (at 1 ms it fired first now and then, and the request never
	// reached the handler).
	limits.header_timeout = std::chrono::milliseconds(1000);
	limits.body_timeout = limits.keepalive_timeout = std::chrono::milliseconds(1);
	ServerThread server(limits);
	TestClient client(server.port);
	client.Send(defer);
	server.WaitForDeferred(1);
	CHECK_FALSE(client.ReadUntil([](const std::string &s) { return !s.empty(); },
				     std::chrono::milliseconds(1500)));
	CHECK_FALSE(client.eof);

	server.RunOnLoop([&] { server.handler.CompleteOldest("one"); });
	auto r = ReadResponses(client, 1);
	REQUIRE(r.size() == 1);
	CHECK(r[0].status == 202);
	CHECK(r[0].body == "later one");
	CHECK_FALSE(r[0].Header("connection").has_value());
	server.Stop();
}

TEST_CASE("HttpServer answers pipelined requests behind a deferred one in order")
{
	ServerThread server;
	TestClient client(server.port);
	client.Send(std::string(defer) + "GET /a HTTP/1.1\r\n\r\n" + defer + "GET /b HTTP/1.1\r\n\r\n");
	server.WaitForDeferred(1);
	server.RunOnLoop([&] { server.handler.CompleteOldest("1"); });
	server.WaitForDeferred(2);
	server.RunOnLoop([&] { server.handler.CompleteOldest("2"); });
	const auto r = ReadResponses(client, 4);
	REQUIRE(r.size() == 4);
	CHECK(r[0].body == "later 1");
	CHECK(r[1].body == "GET /a ");
	CHECK(r[2].body == "later 2");
	CHECK(r[3].body == "GET /b ");

	SUBCASE("and reads the socket again afterwards") {
		client.Send("GET /c HTTP/1.1\r\n\r\n");
		const auto c = ReadResponses(client, 1);
		REQUIRE(c.size() == 1);
		CHECK(c[0].body == "GET /c ");
	}
	server.Stop();
}

TEST_CASE("HttpServer with a deferred answer whose client left")
{
	ServerThread server;
	{
		TestClient gone(server.port);
		gone.Send(defer);
		server.WaitForDeferred(1);
	}
	SUBCASE("completed after the client closed") {
		server.RunOnLoop([&] { server.handler.CompleteOldest("to nobody"); });
		// The server goes on serving others.
		TestClient next(server.port);
		next.Send("GET /next HTTP/1.1\r\n\r\n");
		const auto r = ReadResponses(next, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].body == "GET /next ");
		server.Stop();
	}
	SUBCASE("completed after the server closed the connection") {
		server.Stop(); // Close(): the connection is deleted
		REQUIRE(server.handler.deferred.size() == 1);
		CHECK_FALSE(server.handler.deferred[0].IsConnected());
		server.handler.CompleteOldest("to nobody"); // a no-op, no use after free
		CHECK(server.alive_after_stop.empty());
	}
}

TEST_CASE("HttpServer answers 500 for a deferred answer dropped unanswered")
{
	ServerThread server;
	TestClient client(server.port);
	client.Send(defer);
	server.WaitForDeferred(1);
	server.RunOnLoop([&] { server.handler.deferred.clear(); });
	const auto r = ReadResponses(client, 1);
	REQUIRE(r.size() == 1);
	CHECK(r[0].status == 500);
	CHECK(r[0].body == R"({"error":"The server dropped the request without answering it."})");
	server.Stop();
}

TEST_CASE("HttpServer::StopGracefully with a deferred answer pending")
{
	HttpLimits limits;
	SUBCASE("waits for it") {
		ServerThread server(limits);
		TestClient client(server.port);
		client.Send(defer);
		server.WaitForDeferred(1);
		server.BeginGracefulStop();
		server.RunOnLoop([&] { server.handler.CompleteOldest("last"); });
		CHECK(client.ReadToEof());
		const auto r = TakeAllResponses(client.received);
		REQUIRE(r.size() == 1);
		CHECK(r[0].body == "later last");
		CHECK(r[0].Header("connection") == "close");
		client.Close();
		server.Join();
		CHECK(server.graceful_stop_completed);
		CHECK(server.alive_after_stop.empty());
	}
	SUBCASE("until deferred_stop_timeout, then 503") {
		limits.deferred_stop_timeout = std::chrono::milliseconds(20);
		ServerThread server(limits);
		TestClient client(server.port);
		client.Send(defer);
		server.WaitForDeferred(1);
		server.BeginGracefulStop();
		CHECK(client.ReadToEof());
		const auto r = TakeAllResponses(client.received);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 503);
		CHECK(r[0].Header("connection") == "close");
		client.Close();
		server.Join();
		CHECK(server.graceful_stop_completed);
		CHECK(server.alive_after_stop.empty());
		REQUIRE(server.handler.deferred.size() == 1);
		CHECK_FALSE(server.handler.deferred[0].IsConnected());
	}
}
