// Unit: credentials leave the URL for git's environment.
#include "workspace/GitCredentials.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("Base64")
{
	CHECK(Base64("") == "");
	CHECK(Base64("f") == "Zg==");
	CHECK(Base64("fo") == "Zm8=");
	CHECK(Base64("foo") == "Zm9v");
	CHECK(Base64("user:s3cret") == "dXNlcjpzM2NyZXQ=");
}

TEST_CASE("SplitCredentials")
{
	SUBCASE("https with a token: a header for that host only") {
		const auto r = SplitCredentials("https://x-access-token:ghp_abc@github.com/o/r.git");
		CHECK(r.url == "https://github.com/o/r.git");
		REQUIRE(r.config.size() == 1);
		CHECK(r.config[0].first == "http.https://github.com/.extraHeader");
		CHECK(r.config[0].second == "Authorization: Basic " + Base64("x-access-token:ghp_abc"));
	}
	SUBCASE("a user alone, a port, percent escapes") {
		const auto r = SplitCredentials("http://tok%40en@127.0.0.1:8080/r");
		CHECK(r.url == "http://127.0.0.1:8080/r");
		REQUIRE(r.config.size() == 1);
		CHECK(r.config[0].first == "http.http://127.0.0.1:8080/.extraHeader");
		CHECK(r.config[0].second == "Authorization: Basic " + Base64("tok@en:"));
	}
	SUBCASE("nothing to split") {
		for (const char *repo : {"https://github.com/o/r", "git@github.com:o/r", "/srv/git/r",
					 "file:///srv/git/r", "ssh://git@host/r"}) {
			CAPTURE(repo);
			const auto r = SplitCredentials(repo);
			CHECK(r.url == repo);
			CHECK(r.config.empty());
		}
	}
	SUBCASE("ssh drops a password, keeps the user") {
		const auto r = SplitCredentials("ssh://git:pw@host/r");
		CHECK(r.url == "ssh://git@host/r");
		CHECK(r.config.empty());
	}
}
