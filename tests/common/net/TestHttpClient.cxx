#include "net/HttpClient.hxx"
#include "NetFixture.hxx"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

using namespace osprey;
using namespace osprey::test;

namespace {

/// Starts requests and keeps their results; checks no callback runs inside
/// Start() and none runs twice.
struct Requests {
	NetFixture &net;
	HttpClient client;
	bool starting = false;

	Requests(NetFixture &n, HttpClientOptions options = {})
		: net(n), client(n.multi, std::move(options)) {}

	/// The result lands in @p slot.
	HttpClient::TransferId Start(HttpRequest request, std::optional<HttpResult> &slot) {
		starting = true;
		const auto id = client.Start(std::move(request), [this, &slot](HttpResult &&r) {
			CHECK_FALSE(starting);
			CHECK_FALSE(slot.has_value());
			slot = std::move(r);
		});
		starting = false;
		return id;
	}

	HttpResult Run(HttpRequest request) {
		std::optional<HttpResult> result;
		Start(std::move(request), result);
		REQUIRE(RunUntil(net.loop, [&] { return result.has_value(); }));
		return std::move(*result);
	}
};

HttpRequest
Get(std::string url)
{
	HttpRequest request;
	request.url = std::move(url);
	return request;
}

bool
Contains(const std::string &haystack, const std::string &needle)
{
	return haystack.find(needle) != std::string::npos;
}

} // namespace

TEST_CASE("HttpClient: requests, responses, limits and failures against a real server")
{
	NetFixture net;
	Requests requests(net);
	const std::string base = UrlOf("http", "127.0.0.1", "http");

	SUBCASE("GET with headers; response headers have lowercased names") {
		HttpRequest request = Get(base + "/echo?x=1");
		request.headers.push_back("X-Osprey-Test: hello");
		const HttpResult result = requests.Run(std::move(request));
		REQUIRE(result.Ok());
		CHECK(result.response.status == 200);
		REQUIRE(result.response.FindHeader("x-reply") != nullptr);
		CHECK(*result.response.FindHeader("x-reply") == "Yes");
		CHECK(*result.response.FindHeader("content-type") == "application/json");
		CHECK(Contains(result.response.body, R"("method":"GET")"));
		CHECK(Contains(result.response.body, R"("x-osprey-test":"hello")"));
		CHECK(Contains(result.response.body, R"("url":"/echo?x=1")"));
	}

	SUBCASE("POST and PUT with a body") {
		for (const char *method : {"POST", "PUT"}) {
			CAPTURE(method);
			HttpRequest request = Get(base + "/echo");
			request.method = method;
			request.headers.push_back("Content-Type: application/json");
			request.body = R"({"text":"hi"})";
			const HttpResult result = requests.Run(std::move(request));
			REQUIRE(result.Ok());
			CHECK(Contains(result.response.body, std::string(R"("method":")") + method + "\""));
			CHECK(Contains(result.response.body, R"("body":"{\"text\":\"hi\"}")"));
			CHECK(Contains(result.response.body, R"("content-type":"application/json")"));
			CHECK_FALSE(Contains(result.response.body, "100-continue"));
		}
	}

	SUBCASE("an error status is a response; Retry-After can be read") {
		const HttpResult result = requests.Run(Get(base + "/status/429?retry=7"));
		REQUIRE(result.Ok());
		CHECK(result.response.status == 429);
		REQUIRE(result.response.FindHeader("retry-after") != nullptr);
		CHECK(*result.response.FindHeader("retry-after") == "7");
	}

	SUBCASE("the total timeout ends a transfer the server never answers") {
		HttpRequest request = Get(base + "/slow");
		request.timeout = std::chrono::milliseconds(300);
		const HttpResult result = requests.Run(std::move(request));
		CHECK(Contains(result.error, "timed out"));
	}

	SUBCASE("a cancelled transfer's callback never runs") {
		std::optional<HttpResult> cancelled, other;
		const auto id = requests.Start(Get(base + "/slow"), cancelled);
		requests.Start(Get(base + "/echo"), other);
		CHECK(requests.client.Running() == 2);
		CHECK(requests.client.Cancel(id));
		CHECK_FALSE(requests.client.Cancel(id));
		CHECK(RunUntil(net.loop, [&] { return other.has_value(); }));
		CHECK_FALSE(cancelled.has_value());
		CHECK(requests.client.Running() == 0);
	}

	SUBCASE("connection refused says so in curl's words") {
		const HttpResult result = requests.Run(Get("http://127.0.0.1:1/"));
		CHECK_FALSE(result.Ok());
		CHECK(result.error.starts_with("Failed to connect to 127.0.0.1 port 1"));
		CHECK(Contains(result.error, "Couldn't connect to server"));
	}

	SUBCASE("a body over the cap fails, with or without Content-Length") {
		for (const char *path : {"/bytes/5000", "/stream/300000"}) {
			CAPTURE(path);
			HttpRequest request = Get(base + path);
			request.max_response_size = 1000;
			const HttpResult result = requests.Run(std::move(request));
			CHECK(result.error == "response body larger than 1000 bytes");
		}
		HttpRequest request = Get(base + "/bytes/1000");
		request.max_response_size = 1000;
		const HttpResult exact = requests.Run(std::move(request));
		REQUIRE(exact.Ok());
		CHECK(exact.response.body.size() == 1000);
	}

	SUBCASE("100 concurrent transfers all complete") {
		std::vector<std::optional<HttpResult>> results(100);
		for (std::size_t i = 0; i < results.size(); ++i)
			requests.Start(Get(base + "/echo?i=" + std::to_string(i)), results[i]);
		CHECK(RunUntil(net.loop, [&] { return requests.client.Running() == 0; }));
		for (std::size_t i = 0; i < results.size(); ++i) {
			CAPTURE(i);
			REQUIRE(results[i].has_value());
			REQUIRE(results[i]->Ok());
			CHECK(Contains(results[i]->response.body, "/echo?i=" + std::to_string(i) + "\""));
		}
	}

	SUBCASE("a callback may start the next transfer and close the client") {
		std::optional<HttpResult> second;
		requests.client.Start(Get(base + "/echo"), [&](HttpResult &&first) {
			CHECK(first.Ok());
			requests.Start(Get(base + "/echo?second"), second);
		});
		CHECK(RunUntil(net.loop, [&] { return second.has_value(); }));
		CHECK(second->Ok());
		std::optional<HttpResult> never;
		requests.client.Start(Get(base + "/echo"), [&](HttpResult &&) {
			requests.client.Close();
		});
		requests.Start(Get(base + "/slow"), never);
		CHECK(RunUntil(net.loop, [&] { return requests.client.Running() == 0; }));
		CHECK_FALSE(never.has_value());
	}

	requests.client.Close();
	net.multi.Close();
	CHECK(AliveAfterClosing(net.loop).empty());
}

TEST_CASE("HttpClient verifies TLS certificates; an extra CA file is trusted")
{
	NetFixture net;
	const std::string url = UrlOf("https", "localhost", "https", "/echo");

	SUBCASE("a self-signed server fails verification with a clear error") {
		Requests requests(net);
		const HttpResult result = requests.Run(Get(url));
		CHECK(result.error.starts_with("SSL certificate problem: self-signed certificate"));
	}

	SUBCASE("with the CA given it succeeds") {
		HttpClientOptions options;
		options.connection.extra_ca_file = Peer().CaFile();
		Requests requests(net, std::move(options));
		const HttpResult result = requests.Run(Get(url));
		REQUIRE(result.Ok());
		CHECK(result.response.status == 200);
		CHECK(Contains(result.response.body, R"("tls":true)"));
	}
}

TEST_CASE("HttpClient errors never contain the URL's path or query")
{
	NetFixture net;
	Requests requests(net);
	const std::string secret = "123456789:AAHsecretTOKENvalue";
	const std::vector<std::string> urls{
		"http://127.0.0.1:1/bot" + secret + "/sendMessage",
		UrlOf("https", "localhost", "https", "/bot" + secret + "/getMe"),
		"http://127.0.0.1:1/hook?key=" + secret,
		"http://user:" + secret + "@127.0.0.1:1/",
		"http://no-such-host.invalid/bot" + secret + "/getMe",
		"htp://bad/bot" + secret,
	};
	for (const std::string &url : urls) {
		CAPTURE(url);
		const HttpResult result = requests.Run(Get(url));
		CAPTURE(result.error);
		CHECK_FALSE(result.Ok());
		CHECK_FALSE(Contains(result.error, secret));
		CHECK_FALSE(Contains(result.error, "AAHsecret"));
	}
}
