// Unit: what repository URLs and refs from payloads may be, and what
// credentials look like in messages.
#include "workspace/GitInput.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("CheckRepository accepts the usual URL forms")
{
	for (const char *repo : {"https://github.com/o/r.git", "http://host/r", "ssh://git@host/o/r.git",
				 "git://host/r", "file:///srv/git/r", "git@github.com:o/r.git",
				 "/srv/git/repo", "https://user:token@host/o/r.git", "git+ssh://host/r"}) {
		CAPTURE(repo);
		CHECK_NOTHROW(CheckRepository(repo));
	}
}

TEST_CASE("CheckRepository refuses options, remote helpers and other transports")
{
	for (const char *repo : {"--upload-pack=touch /tmp/pwned", "-oProxyCommand=touch /tmp/pwned",
				 "-u", "ext::sh -c touch% /tmp/pwned", "ext::sh", "fd::17",
				 "transport::https://host/r", "ftp://host/r", "javascript://x",
				 "https://host/r with space", "https://host/r\nx", "relative/path", "",
				 "repo"}) {
		CAPTURE(repo);
		CHECK_THROWS_AS(CheckRepository(repo), UnsafeGitInput);
	}
	CHECK_THROWS_WITH_AS(CheckRepository("--upload-pack=touch /tmp/pwned"),
			     "repository \"--upload-pack=touch /tmp/pwned\" refused: it starts with '-' "
			     "(git would read it as an option)",
			     UnsafeGitInput);
	CHECK_THROWS_WITH_AS(CheckRepository("ftp://user:secret@host/r"),
			     "repository \"ftp://***@host/r\" refused: transport \"ftp\" is not allowed "
			     "(https, http, ssh, git, file)",
			     UnsafeGitInput);
}

TEST_CASE("CheckRef accepts branch, tag and commit names")
{
	for (const char *ref : {"main", "feature/x-1", "v1.2.3", "release/2024.01", "user@fix",
				"c++", "0123456789abcdef0123456789abcdef01234567", "a_b", "HEAD"}) {
		CAPTURE(ref);
		CHECK_NOTHROW(CheckRef(ref));
	}
}

TEST_CASE("CheckRef refuses what git check-ref-format refuses, and options")
{
	for (const char *ref : {"", "-b", "--upload-pack=touch /tmp/pwned", "-oProxyCommand=x",
				"a..b", "..", "with space", "tab\there", "new\nline", "a~1", "a^",
				"a:b", "a?", "a*", "a[b", "a\\b", "/a", "a/", "a//b", ".hidden",
				"a/.b", "a.lock", "a/b.lock/c", "a.", "@", "a@{1}", "ref$(id)", "a`b`"}) {
		CAPTURE(ref);
		CHECK_THROWS_AS(CheckRef(ref), UnsafeGitInput);
	}
	CHECK_THROWS_WITH_AS(CheckRef("main..evil"), "ref \"main..evil\" refused: it contains \"..\"",
			     UnsafeGitInput);
	CHECK_THROWS_WITH_AS(CheckRef("--output=/tmp/x"),
			     "ref \"--output=/tmp/x\" refused: it starts with '-' (git would read it as an option)",
			     UnsafeGitInput);
	CHECK_THROWS_AS(CheckRef(std::string(256, 'a')), UnsafeGitInput);
}

TEST_CASE("LooksLikeCommitId")
{
	CHECK(LooksLikeCommitId("0123456789abcdef0123456789abcdef01234567"));
	CHECK(LooksLikeCommitId("deadbee"));
	CHECK_FALSE(LooksLikeCommitId("deadbe"));
	CHECK_FALSE(LooksLikeCommitId("main"));
	CHECK_FALSE(LooksLikeCommitId("DEADBEEF"));
}

TEST_CASE("StripCredentials hides the user information of URLs")
{
	CHECK(StripCredentials("https://user:token@host/o/r.git") == "https://***@host/o/r.git");
	CHECK(StripCredentials("https://token@host") == "https://***@host");
	CHECK(StripCredentials("fatal: repository 'https://u:p@github.com/o/r/' not found") ==
	      "fatal: repository 'https://***@github.com/o/r/' not found");
	CHECK(StripCredentials("a https://x:y@h1/p and http://z@h2?q b") ==
	      "a https://***@h1/p and http://***@h2?q b");
	CHECK(StripCredentials("https://host/path@v1") == "https://host/path@v1");
	CHECK(StripCredentials("git@github.com:o/r.git") == "git@github.com:o/r.git");
	CHECK(StripCredentials("ssh://git@host/r") == "ssh://***@host/r");
	CHECK(StripCredentials("no url") == "no url");
	CHECK(StripCredentials("https://u:p@ss@host/x") == "https://***@host/x");
}

TEST_CASE("RemoveUrlSecret keeps what a stored remote URL needs")
{
	CHECK(RemoveUrlSecret("https://user:token@host/o/r.git") == "https://host/o/r.git");
	CHECK(RemoveUrlSecret("https://x-access-token@host/o/r") == "https://host/o/r");
	CHECK(RemoveUrlSecret("http://u:p@host:8080/r?x=1") == "http://host:8080/r?x=1");
	CHECK(RemoveUrlSecret("ssh://git@host/o/r.git") == "ssh://git@host/o/r.git");
	CHECK(RemoveUrlSecret("ssh://git:pw@host:22/o/r.git") == "ssh://git@host:22/o/r.git");
	CHECK(RemoveUrlSecret("https://host/path@v1") == "https://host/path@v1");
	CHECK(RemoveUrlSecret("git@github.com:o/r.git") == "git@github.com:o/r.git");
	CHECK(RemoveUrlSecret("/srv/git/r") == "/srv/git/r");
}

TEST_CASE("CacheDirectoryName is readable, stable and ignores credentials")
{
	const auto name = CacheDirectoryName("https://github.com/acme/widget.git");
	CHECK(name.starts_with("widget-"));
	CHECK(name.size() == std::string("widget-").size() + 16);
	CHECK(name == CacheDirectoryName("https://github.com/acme/widget.git"));
	CHECK(name == CacheDirectoryName("https://user:token@github.com/acme/widget.git"));
	CHECK(name != CacheDirectoryName("https://github.com/other/widget.git"));
	CHECK(CacheDirectoryName("git@host:o/my.repo.git").starts_with("my_repo-"));
	CHECK(CacheDirectoryName("/srv/git/..").starts_with("repo"));
	CHECK(CacheDirectoryName("https://host/").find('/') == std::string::npos);
}
