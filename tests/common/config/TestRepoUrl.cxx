#include "config/RepoUrl.hxx"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace osprey;

static const std::vector<std::string> kNone;

TEST_CASE("IsTemplated")
{
	CHECK(IsTemplated("{{ .body.repo }}"));
	CHECK(IsTemplated("https://github.com/{{ .body.org }}/x"));
	CHECK_FALSE(IsTemplated("https://github.com/org/x"));
	CHECK_FALSE(IsTemplated("/srv/git/x"));
}

TEST_CASE("CheckRepoUrl: what the admin wrote may name anything but absurd values")
{
	for (const char *repo : {"/srv/git/project", "file:///srv/git/project", "http://127.0.0.1/x.git",
				 "git://10.0.0.1/x"}) {
		const std::string shown = repo;
		CAPTURE(shown);
		CHECK_NOTHROW(CheckRepoUrl(repo, false, kNone));
	}
	CHECK_THROWS_WITH_AS(CheckRepoUrl(std::string(5000, 'a'), false, kNone),
			     "repository refused: it is longer than 4096 bytes (5000)", RepoRefused);
	CHECK_THROWS_WITH_AS(CheckRepoUrl("https://h/x\nextra", false, kNone),
			     "repository refused: it contains control characters or line breaks",
			     RepoRefused);
	CHECK_THROWS_AS(CheckRepoUrl("", false, kNone), RepoRefused);
}

TEST_CASE("CheckRepoUrl: a repository from the payload must be a network URL")
{
	SUBCASE("accepted") {
		for (const char *repo : {"https://github.com/org/repo.git", "ssh://git@github.com/org/repo",
					 "git@github.com:org/repo.git", "https://x-access-token:tok@github.com/o/r",
					 "git+ssh://git@gitlab.example.com:2222/o/r", "https://[2001:db8::1]/o/r"}) {
			const std::string shown = repo;
		CAPTURE(shown);
			CHECK_NOTHROW(CheckRepoUrl(repo, true, kNone));
		}
	}
	SUBCASE("refused") {
		for (const char *repo : {"/home/osprey/.osprey/cache/secret-0123", "file:///etc", "../x",
					 "relative/path", "http://github.com/o/r", "git://github.com/o/r",
					 "ext::sh -c touch", "https://", "ftp://h/x",
					 "https://github.com/org/../other/x", "https://github.com/org/%2e%2e/x",
					 "https://github.com/org\\..\\x", "-uhost:x"}) {
			const std::string shown = repo;
		CAPTURE(shown);
			CHECK_THROWS_AS(CheckRepoUrl(repo, true, kNone), RepoRefused);
		}
		CHECK_THROWS_WITH_AS(CheckRepoUrl("/srv/git/x", true, kNone),
				     "repository \"/srv/git/x\" (from the payload) refused: a repository named "
				     "by a payload must be an https:// or ssh:// URL or user@host:path, never "
				     "a local path",
				     RepoRefused);
	}
}

TEST_CASE("CheckRepoUrl: internal addresses from the payload are refused unless allowed")
{
	for (const char *repo : {"https://169.254.169.254/latest/meta-data", "https://127.0.0.1/x",
				 "https://127.1/x", "https://2130706433/x", "https://0x7f.0.0.1/x",
				 "https://localhost:8080/x", "https://LOCALHOST./x", "https://api.localhost/x",
				 "https://10.1.2.3/x", "https://172.20.0.1/x", "https://192.168.1.1/x",
				 "https://100.64.0.1/x", "https://0.0.0.0/x", "https://[::1]/x",
				 "https://[fe80::1]/x", "https://[fd00::1]/x", "https://[::ffff:127.0.0.1]/x",
				 "ssh://git@10.0.0.5/x", "git@192.168.0.2:org/x", "git@[::1]:x",
				 "https://user:pw@127.0.0.1/x"}) {
		const std::string shown = repo;
		CAPTURE(shown);
		CHECK_THROWS_AS(CheckRepoUrl(repo, true, kNone), RepoRefused);
	}
	CHECK_THROWS_WITH_AS(CheckRepoUrl("https://tok@169.254.169.254/x", true, kNone),
			     "repository \"https://169.254.169.254/x\" (from the payload) refused: its "
			     "host 169.254.169.254 is a loopback, link-local or private address (list the "
			     "repository in workspace.allowed_repos to allow it)",
			     RepoRefused);
	for (const char *public_host : {"https://8.8.8.8/x", "https://172.32.0.1/x", "https://[2001:db8::1]/x"}) {
		const std::string shown = public_host;
		CAPTURE(shown);
		CHECK_NOTHROW(CheckRepoUrl(public_host, true, kNone));
	}
}

TEST_CASE("CheckRepoUrl: workspace.allowed_repos")
{
	const std::vector<std::string> allowed{"https://github.com/acme/*", "git@github.com:acme/*.git",
					       "https://git.internal.example/**", "https://10.0.0.5/mirror/*"};
	for (const char *repo : {"https://github.com/acme/api", "https://tok@github.com/acme/api",
				 "git@github.com:acme/api.git", "https://git.internal.example/a/b/c.git",
				 "https://10.0.0.5/mirror/x"}) {
		const std::string shown = repo;
		CAPTURE(shown);
		CHECK_NOTHROW(CheckRepoUrl(repo, true, allowed));
	}
	for (const char *repo : {"https://github.com/acme/api/extra", "https://github.com/evil/api",
				 "https://github.com@evil.com/acme/api", "https://github.com/acme/../evil/x",
				 "https://10.0.0.6/mirror/x", "file:///github.com/acme/x"}) {
		const std::string shown = repo;
		CAPTURE(shown);
		CHECK_THROWS_AS(CheckRepoUrl(repo, true, allowed), RepoRefused);
	}
	CHECK_THROWS_WITH_AS(CheckRepoUrl("https://github.com/evil/api", true, allowed),
			     "repository \"https://github.com/evil/api\" (from the payload) refused: it "
			     "matches none of workspace.allowed_repos",
			     RepoRefused);
}

TEST_CASE("MatchesRepoPattern")
{
	CHECK(MatchesRepoPattern("https://h/*", "https://h/x"));
	CHECK_FALSE(MatchesRepoPattern("https://h/*", "https://h/x/y"));
	CHECK(MatchesRepoPattern("https://h/**", "https://h/x/y"));
	CHECK(MatchesRepoPattern("https://*.example.com/*", "https://git.example.com/x"));
	CHECK_FALSE(MatchesRepoPattern("https://*.example.com/*", "https://evil.com/.example.com/x"));
	CHECK(MatchesRepoPattern("https://h/r?", "https://h/r1"));
	CHECK_FALSE(MatchesRepoPattern("https://h/r?", "https://h/r/"));
	CHECK(MatchesRepoPattern("exact", "exact"));
	CHECK_FALSE(MatchesRepoPattern("exact", "exactly"));
}

TEST_CASE("CheckRefLength")
{
	CHECK_NOTHROW(CheckRefLength("main"));
	CHECK_NOTHROW(CheckRefLength(std::string(1024, 'a')));
	CHECK_THROWS_WITH_AS(CheckRefLength(std::string(1025, 'a')),
			     "ref refused: it is longer than 1024 bytes (1025)", RepoRefused);
	CHECK_THROWS_AS(CheckRefLength("main\r\n"), RepoRefused);
}

TEST_CASE("RepoHost and WithoutUserInfo")
{
	CHECK(RepoHost("https://u:p@Host.Example:443/x") == "host.example");
	CHECK(RepoHost("git@github.com:o/r") == "github.com");
	CHECK(RepoHost("https://[::1]:8443/x") == "::1");
	CHECK(RepoHost("/local/path").empty());
	CHECK(WithoutUserInfo("https://u:p@h/x") == "https://h/x");
	CHECK(WithoutUserInfo("git@h:x") == "git@h:x");
}
