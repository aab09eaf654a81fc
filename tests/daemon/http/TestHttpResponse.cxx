#include "http/HttpHeaders.hxx"
#include "http/HttpResponse.hxx"

#include <doctest/doctest.h>

using namespace osprey::http;

TEST_CASE("Response::Error is the JSON error shape, escaped")
{
	CHECK(Response::Error(404, "Not here.").body == R"({"error":"Not here."})");
	CHECK(Response::Error(400, "a \"q\" \\ \n").body == R"({"error":"a \"q\" \\ \u000a"})");
}

TEST_CASE("SerializeResponse")
{
	Response r;
	r.status = 405;
	r.body = "{}";
	r.headers = {{"Allow", "POST"}, {"Evil", "a\r\nSet-Cookie: x"}, {"Content-Length", "99"}};
	std::string out;
	SerializeResponse(out, r, ConnectionMode::CLOSE, false);
	CHECK(out.starts_with("HTTP/1.1 405 Method Not Allowed\r\nDate: "));
	CHECK(out.find("\r\nConnection: close\r\n") != std::string::npos);
	CHECK(out.find("\r\nAllow: POST\r\n") != std::string::npos);
	CHECK(out.find("Evil") == std::string::npos);
	CHECK(out.find("99") == std::string::npos);
	CHECK(out.ends_with("Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"));

	out.clear();
	r = {};
	r.status = 204;
	r.body = "ignored";
	SerializeResponse(out, r, ConnectionMode::KEEP_ALIVE_DEFAULT, false);
	CHECK(out.find("Content-Length") == std::string::npos);
	CHECK(out.ends_with("\r\n\r\n"));
}

TEST_CASE("SerializeError matches Response::Error")
{
	std::string out;
	SerializeError(out, 431, "Too \"big\".", ConnectionMode::CLOSE);
	const std::string body = Response::Error(431, "Too \"big\".").body;
	CHECK(out.ends_with("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body));
}

TEST_CASE("HeaderTable")
{
	HeaderTable t;
	t.BeginName();
	t.AppendName("Con");
	t.AppendName("tent-Type");
	t.BeginValue();
	t.AppendValue("a/b  ");
	t.EndValue();
	t.BeginName();
	t.AppendName("X-Empty");
	t.BeginValue();
	t.EndValue();
	CHECK(t.Find("content-type") == "a/b");
	CHECK(t.Find("x-empty") == "");
	CHECK_FALSE(t.Find("missing"));
	CHECK(EqualsIgnoreCase("AbC", "aBc"));
	CHECK_FALSE(EqualsIgnoreCase("abc", "abd"));
}
