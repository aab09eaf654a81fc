// HttpServer: listening, the connection limit, graceful stop, and closing
// without leaving a libuv handle behind.
#include "ResponseReader.hxx"
#include "ServerThread.hxx"
#include "TestClient.hxx"

#include <doctest/doctest.h>

#include <memory>
#include <stdexcept>
#include <system_error>

using namespace osprey;
using namespace osprey::http;
using namespace osprey::http::test;

namespace {

unsigned
Status(TestClient &client, std::string_view request)
{
	client.Send(request);
	std::optional<ParsedResponse> r;
	client.ReadUntil([&](const std::string &) { return (r = TakeResponse(client.received)).has_value(); });
	return r ? r->status : 0;
}

} // namespace

TEST_CASE("HttpServer::Listen")
{
	uv::Loop loop;
	RecordingHandler handler;
	HttpServer server(loop, handler);
	CHECK(server.Port() == 0);
	CHECK_THROWS_AS(server.Listen("localhost", 0), std::invalid_argument);
	server.Listen("127.0.0.1", 0);
	CHECK(server.Port() != 0);

	HttpServer second(loop, handler);
	CHECK_THROWS_WITH_AS(second.Listen("127.0.0.1", server.Port()),
			     doctest::Contains("address already in use"), std::system_error);
	HttpServer any(loop, handler);
	any.Listen(0);
	CHECK(any.Port() != 0);

	server.Close();
	second.Close();
	any.Close();
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("HttpServer on IPv6")
{
	std::unique_ptr<ServerThread> server;
	try {
		server = std::make_unique<ServerThread>(HttpLimits{}, "[::1]");
	} catch (const std::system_error &) {
		MESSAGE("no IPv6 loopback here; skipped");
		return;
	}
	TestClient client(server->port, "::1");
	client.Send("GET /a?peer HTTP/1.1\r\n\r\n");
	REQUIRE(client.ReadUntil([](const std::string &s) { return s.find(" from [::1]:") != s.npos; }));
}

TEST_CASE("HttpServer answers 503 over the connection limit")
{
	HttpLimits limits;
	limits.max_connections = 2;
	ServerThread server(limits);
	TestClient a(server.port), b(server.port);
	// Answered requests prove both are accepted and counted.
	REQUIRE(Status(a, "GET / HTTP/1.1\r\n\r\n") == 202);
	REQUIRE(Status(b, "GET / HTTP/1.1\r\n\r\n") == 202);

	TestClient c(server.port);
	c.ReadToEof();
	auto r = TakeAllResponses(c.received);
	REQUIRE(r.size() == 1);
	CHECK(r[0].status == 503);
	CHECK(r[0].body.find("too many open connections") != std::string::npos);

	// A slot frees up once the server has seen a client leave.
	b.Send("GET / HTTP/1.1\r\nConnection: close\r\n\r\n");
	CHECK(b.ReadToEof());
	b.Close();
	unsigned status = 503;
	for (int attempt = 0; attempt < 100 && status == 503; ++attempt) {
		TestClient d(server.port);
		d.TrySend("GET / HTTP/1.1\r\n\r\n");
		d.ReadUntil([&](const std::string &) {
			auto response = TakeResponse(d.received);
			if (response)
				status = response->status;
			return response.has_value();
		});
	}
	CHECK(status == 202);
	server.Stop();
	CHECK(server.server.Stats().connections_overloaded >= 1);
	CHECK(server.server.Stats().responses_by_status[503] >= 1);
	CHECK(server.server.Stats().connections_accepted >= 4);
}

TEST_CASE("HttpServer::StopGracefully finishes requests under way")
{
	ServerThread server;
	TestClient idle(server.port), busy(server.port);
	REQUIRE(Status(idle, "GET / HTTP/1.1\r\n\r\n") == 202);
	// "100 Continue" proves the server is reading this request's body.
	busy.Send("POST /hook HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n");
	REQUIRE(busy.ReadUntil([](const std::string &s) { return s.ends_with("\r\n\r\n"); }));
	busy.received.clear();
	busy.Send("ab");

	server.BeginGracefulStop();
	CHECK(idle.ReadToEof());
	CHECK(idle.received.empty());

	busy.Send("cd");
	CHECK(busy.ReadToEof());
	const auto r = TakeAllResponses(busy.received);
	REQUIRE(r.size() == 1);
	CHECK(r[0].body == "POST /hook abcd");
	CHECK(r[0].Header("connection") == "close");
	// The server drains (lingers) until the client closes, as clients do
	// after "Connection: close"; the stop completes then.
	busy.Close();

	server.Join();
	CHECK(server.graceful_stop_completed);
	CHECK(server.alive_after_stop.empty());
	CHECK_THROWS(TestClient(server.port));
}

TEST_CASE("HttpServer::StopGracefully from inside the handler")
{
	ServerThread server;
	TestClient idle(server.port), client(server.port);
	REQUIRE(Status(idle, "GET / HTTP/1.1\r\n\r\n") == 202);
	// Pipelined: the request after /stop is never answered.
	client.Send("GET /stop HTTP/1.1\r\n\r\nGET /too-late HTTP/1.1\r\n\r\n");
	CHECK(client.ReadToEof());
	const auto r = TakeAllResponses(client.received);
	REQUIRE(r.size() == 1);
	CHECK(r[0].body == "GET /stop ");
	CHECK(r[0].Header("connection") == "close");
	CHECK(idle.ReadToEof());
	client.Close();
	server.Join();
	CHECK(server.graceful_stop_completed);
	CHECK(server.alive_after_stop.empty());
}

TEST_CASE("HttpServer::Close leaves no libuv handle alive")
{
	ServerThread server;
	TestClient idle(server.port), head(server.port), body(server.port), unread(server.port);
	REQUIRE(Status(idle, "GET / HTTP/1.1\r\n\r\n") == 202);
	head.Send("GET / HTTP/1.1\r\nHost: x");
	body.Send("POST /hook HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc");
	// A response too large for the socket buffers: a write stays queued
	// (and is cancelled by the close) while the client reads nothing.
	unread.Send("GET /big?16000000 HTTP/1.1\r\n\r\n");
	REQUIRE(unread.ReadUntil([](const std::string &s) { return s.size() > 1000; }));
	server.Stop();
	INFO("alive: ", server.alive_after_stop.size());
	CHECK(server.alive_after_stop.empty());
	CHECK(idle.ReadToEof());
	CHECK(head.ReadToEof());
	CHECK(body.ReadToEof());
	CHECK(unread.ReadToEof());
}
