// HttpServer over real TCP on 127.0.0.1: what a client sees on the wire.
#include "ResponseReader.hxx"
#include "ServerThread.hxx"
#include "TestClient.hxx"

#include <doctest/doctest.h>

#include <chrono>

using namespace osprey::http;
using namespace osprey::http::test;
using namespace std::chrono_literals;

namespace {

/// Reads until @p n complete responses arrived; returns them.
std::vector<ParsedResponse>
Responses(TestClient &client, std::size_t n)
{
	std::vector<ParsedResponse> result;
	client.ReadUntil([&](const std::string &) {
		while (auto r = TakeResponse(client.received))
			result.push_back(std::move(*r));
		return result.size() >= n;
	});
	return result;
}

HttpLimits
FastLimits()
{
	HttpLimits limits;
	limits.header_timeout = 200ms;
	limits.body_timeout = 200ms;
	limits.keepalive_timeout = 300ms;
	limits.linger_timeout = 500ms;
	return limits;
}

} // namespace

TEST_CASE("HttpServer keep-alive and pipelining")
{
	ServerThread server;
	TestClient client(server.port);

	SUBCASE("sequential requests on one connection") {
		for (int i = 0; i < 3; ++i) {
			client.Send("POST /hook HTTP/1.1\r\nContent-Length: 1\r\n\r\n" + std::to_string(i));
			const auto r = Responses(client, 1);
			REQUIRE(r.size() == 1);
			CHECK(r[0].status == 202);
			CHECK(r[0].body == "POST /hook " + std::to_string(i));
		}
	}
	SUBCASE("pipelined requests are answered in order") {
		std::string burst;
		for (int i = 0; i < 50; ++i)
			burst += "GET /p?" + std::to_string(i) + " HTTP/1.1\r\n\r\n";
		client.Send(burst);
		const auto r = Responses(client, 50);
		REQUIRE(r.size() == 50);
		for (int i = 0; i < 50; ++i)
			CHECK(r[std::size_t(i)].body == "GET /p?" + std::to_string(i) + " ");
	}
	SUBCASE("a response larger than the socket buffer, then another request") {
		client.Send("GET /big?8000000 HTTP/1.1\r\n\r\nGET /after HTTP/1.1\r\n\r\n");
		const auto r = Responses(client, 2);
		REQUIRE(r.size() == 2);
		CHECK(r[0].body.size() == 8000000);
		CHECK(r[1].body == "GET /after ");
	}
	SUBCASE("the handler sees the client's address") {
		client.Send("GET /a?peer HTTP/1.1\r\n\r\n");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].body.starts_with("GET /a?peer from 127.0.0.1:"));
	}
	SUBCASE("Connection: close ends with EOF after the response") {
		client.Send("GET /x HTTP/1.1\r\nConnection: close\r\n\r\n");
		CHECK(client.ReadToEof());
		const auto r = TakeAllResponses(client.received);
		REQUIRE(r.size() == 1);
		CHECK(r[0].Header("connection") == "close");
	}
}

TEST_CASE("HttpServer limits")
{
	HttpLimits limits = FastLimits();
	limits.max_header_bytes = 1024;
	ServerThread server(limits);
	// Lower bounds on timeouts count from before the server can have started
	// its clock (libuv's clock has millisecond steps: allow one).
	const auto before_connect = std::chrono::steady_clock::now();
	TestClient client(server.port);

	SUBCASE("413 from Content-Length before the body is sent") {
		client.Send("POST /hook HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 413);
		CHECK(r[0].body.find("1048576 bytes") != std::string::npos);
		CHECK(client.ReadToEof());
		// The server shut its side down but still drains: a client that
		// sends its body anyway gets no reset.
		CHECK(client.TrySend(std::string(1000, 'x')));
		CHECK(client.TrySend(std::string(1000, 'x')));
		CHECK(client.PendingError() == 0);
	}
	SUBCASE("413 survives a client that sends its whole body anyway (lingering close)") {
		// Unread bytes at close() make the kernel send a reset, which can
		// destroy the response before the client reads it; the server
		// must drain instead.
		const std::string body(200000, 'x');
		client.TrySend("POST /small HTTP/1.1\r\nContent-Length: 200000\r\n\r\n" + body);
		client.TrySend(body);
		CHECK(client.ReadToEof());
		const auto r = TakeAllResponses(client.received);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 413);
	}
	SUBCASE("413 for a chunked body growing past the limit") {
		client.Send("POST /small HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n");
		client.Send("8\r\n12345678\r\n");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 413);
		// The client may go on sending; the server drains, then closes.
		client.TrySend("8\r\n12345678\r\n0\r\n\r\n");
		CHECK(client.ReadToEof());
	}
	SUBCASE("431 for headers over the limit") {
		client.Send("GET / HTTP/1.1\r\nX-Big: " + std::string(2000, 'b') + "\r\n\r\n");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 431);
		CHECK(client.ReadToEof());
	}
	SUBCASE("400 for garbage") {
		client.Send("\x16\x03\x01\x02\x00 not http\r\n\r\n");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 400);
		CHECK(r[0].body.starts_with("{\"error\":\"The request is not valid HTTP/1.1"));
		CHECK(client.ReadToEof());
	}
	SUBCASE("408 for a client trickling its headers") {
		client.Send("GET /slow HTTP/1.1\r\nHost: exam");
		const auto r = Responses(client, 1);
		const auto elapsed = std::chrono::steady_clock::now() - before_connect;
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 408);
		CHECK(elapsed >= 199ms);
		CHECK(elapsed < 2s);
		CHECK(client.ReadToEof());
	}
	SUBCASE("408 for a body that does not arrive") {
		client.Send("POST /hook HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 408);
	}
	SUBCASE("an idle kept-alive connection is closed silently") {
		const auto start = std::chrono::steady_clock::now();
		client.Send("GET / HTTP/1.1\r\n\r\n");
		REQUIRE(Responses(client, 1).size() == 1);
		CHECK(client.ReadToEof());
		CHECK(std::chrono::steady_clock::now() - start >= 299ms);
		CHECK(client.received.empty());
	}
	SUBCASE("100-continue when the route accepts") {
		client.Send("POST /hook HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n");
		REQUIRE(client.ReadUntil([](const std::string &s) { return s.find("\r\n\r\n") != s.npos; }));
		CHECK(client.received == "HTTP/1.1 100 Continue\r\n\r\n");
		client.received.clear();
		client.Send("body");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 202);
		CHECK(r[0].body == "POST /hook body");
	}
	SUBCASE("the final status instead of 100-continue when the route rejects") {
		client.Send("POST /missing HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n");
		const auto r = Responses(client, 1);
		REQUIRE(r.size() == 1);
		CHECK(r[0].status == 404);
		CHECK(client.ReadToEof());
	}
}
