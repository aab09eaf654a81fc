#include "lib/llhttp/RequestParser.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::llhttp;

namespace {

struct Recorder final : RequestParser::Handler {
	std::string events;
	bool pause_at_headers = false;

	int OnMessageBegin() noexcept override { events += "[begin]"; return 0; }
	int OnUrl(std::string_view p) noexcept override { events += "url:" + std::string(p) + ";"; return 0; }
	int OnHeaderField(std::string_view p) noexcept override { events += "f:" + std::string(p) + ";"; return 0; }
	int OnHeaderFieldComplete() noexcept override { events += "/f;"; return 0; }
	int OnHeaderValue(std::string_view p) noexcept override { events += "v:" + std::string(p) + ";"; return 0; }
	int OnHeaderValueComplete() noexcept override { events += "/v;"; return 0; }
	int OnHeadersComplete() noexcept override {
		events += "[head]";
		return pause_at_headers ? HPE_PAUSED : 0;
	}
	int OnBody(std::string_view p) noexcept override { events += "b:" + std::string(p) + ";"; return 0; }
	int OnMessageComplete() noexcept override { events += "[end]"; return 0; }
};

} // namespace

TEST_CASE("RequestParser forwards every callback")
{
	Recorder recorder;
	RequestParser parser(recorder);
	const std::string request = "POST /a?b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nxyz";
	const auto result = parser.Execute(request);
	CHECK(result.error == HPE_OK);
	CHECK(result.consumed == request.size());
	CHECK(recorder.events == "[begin]url:/a?b;f:Host;/f;v:h;/v;f:Content-Length;/f;v:3;/v;"
				 "[head]b:xyz;[end]");
	CHECK(parser.MethodName() == "POST");
	CHECK(parser.HttpMajor() == 1);
	CHECK(parser.HttpMinor() == 1);
	CHECK(parser.ShouldKeepAlive());
}

TEST_CASE("RequestParser pauses where the handler says and resumes")
{
	Recorder recorder;
	recorder.pause_at_headers = true;
	RequestParser parser(recorder);
	const std::string request = "POST / HTTP/1.0\r\nContent-Length: 2\r\n\r\nok";
	auto result = parser.Execute(request);
	REQUIRE(result.error == HPE_PAUSED);
	CHECK(parser.HasContentLength());
	CHECK(parser.ContentLength() == 2);
	CHECK_FALSE(parser.IsChunked());
	CHECK_FALSE(parser.ShouldKeepAlive());
	CHECK(request.substr(result.consumed) == "ok");
	parser.Resume();
	result = parser.Execute(std::string_view(request).substr(result.consumed));
	CHECK(result.error == HPE_OK);
	CHECK(recorder.events.ends_with("[head]b:ok;[end]"));
}

TEST_CASE("RequestParser reports errors with llhttp's reason")
{
	Recorder recorder;
	RequestParser parser(recorder);
	const auto result = parser.Execute("GET / HTTP/1.1\r\nno colon\r\n\r\n");
	CHECK(result.error != HPE_OK);
	CHECK(std::string(parser.ErrorReason()).size() > 0);
	CHECK(parser.Error() == result.error);
	parser.Reset();
	CHECK(parser.Execute("GET / HTTP/1.1\r\n\r\n").error == HPE_OK);
}

TEST_CASE("RequestParser is movable: the handler pointer travels along")
{
	Recorder recorder;
	RequestParser first(recorder);
	first.Execute("GET /x HT");
	RequestParser second(std::move(first));
	CHECK(second.Execute("TP/1.1\r\n\r\n").error == HPE_OK);
	CHECK(recorder.events.ends_with("[end]"));
}
