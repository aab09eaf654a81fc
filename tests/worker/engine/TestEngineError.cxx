#include "engine/EngineError.hxx"
#include "engine/EngineUrl.hxx"
#include "engine/UnixSocketHttp.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("ExtractEngineMessage takes the engine's own words")
{
	CHECK(ExtractEngineMessage(R"({"cause":"image not known","message":"no such image: x","response":404})") ==
	      "no such image: x");
	CHECK(ExtractEngineMessage("page not found\n") == "page not found");
	CHECK(ExtractEngineMessage("") == "(no message)");
	CHECK(ExtractEngineMessage(std::string(600, 'a')).size() == 515);
}

TEST_CASE("ThrowEngineError keeps status and message")
{
	const EngineResponse response{404, R"({"message":"no such container"})"};
	try {
		ThrowEngineError("starting container abc", response);
		FAIL("did not throw");
	} catch (const EngineError &e) {
		CHECK(std::string(e.what()) == "starting container abc: engine answered 404: no such container");
		CHECK(e.GetStatus() == 404);
		CHECK(e.IsNotFound());
		CHECK(e.GetEngineMessage() == "no such container");
	}
}

TEST_CASE("UrlEscape")
{
	CHECK(UrlEscape("abc-1.2_~") == "abc-1.2_~");
	CHECK(UrlEscape("a b/c?d") == "a%20b%2Fc%3Fd");
	CHECK(UrlEscape("localhost/agent:latest", true) == "localhost/agent:latest");
	CHECK(UrlEscape("{\"label\":[\"a=b\"]}") == "%7B%22label%22%3A%5B%22a%3Db%22%5D%7D");
}
