#include "lib/curl/Easy.hxx"
#include "lib/curl/Error.hxx"
#include "lib/curl/Global.hxx"
#include "lib/curl/Slist.hxx"

#include <doctest/doctest.h>

#include <string>
#include <system_error>

using namespace osprey;

TEST_CASE("curl errors are std::system_error in the curl category")
{
	const std::system_error e = MakeCurlError(CURLE_COULDNT_CONNECT, "connecting to x");
	CHECK((e.code() == MakeCurlErrorCode(CURLE_COULDNT_CONNECT)));
	CHECK(std::string(e.code().category().name()) == "curl");
	CHECK(std::string(e.what()) == "connecting to x: Couldn't connect to server");
	CHECK(std::string(MakeCurlError(CURLE_OK, "").what()) == "No error");
}

TEST_CASE("CurlEasy performs and reports failures with curl's error buffer")
{
	CurlGlobal global;
	CurlEasy easy;
	easy.SetOption(CURLOPT_UNIX_SOCKET_PATH, "/nonexistent/osprey-test.sock");
	easy.SetURL("http://d/_ping");
	CHECK(easy.GetResponseCode() == 0);
	try {
		easy.Perform();
		FAIL("connected to a missing socket");
	} catch (const std::system_error &e) {
		CHECK((e.code() == MakeCurlErrorCode(CURLE_COULDNT_CONNECT)));
		CHECK(std::string(e.what()).find("Couldn't connect to server") != std::string::npos);
	}

	SUBCASE("moved handles keep their error buffer") {
		CurlEasy moved(std::move(easy));
		CHECK(easy.Get() == nullptr);
		CHECK_THROWS_AS(moved.Perform(), std::system_error);
	}
}

TEST_CASE("CurlSlist collects lines")
{
	CurlSlist list;
	CHECK(list.Get() == nullptr);
	list.Append("Expect:");
	list.Append("Content-Type: application/json");
	REQUIRE(list.Get() != nullptr);
	CHECK(std::string(list.Get()->data) == "Expect:");
	CHECK(std::string(list.Get()->next->data) == "Content-Type: application/json");
	CurlSlist other(std::move(list));
	CHECK(list.Get() == nullptr);
	other.Clear();
	CHECK(other.Get() == nullptr);
}
