#include "config/Path.hxx"

#include <cstdlib>
#include <doctest/doctest.h>
#include <unistd.h>

using namespace osprey;

TEST_CASE("ExpandHome")
{
	CHECK(ExpandHome("~", "/home/u") == "/home/u");
	CHECK(ExpandHome("~/.ssh", "/home/u") == "/home/u/.ssh");
	CHECK(ExpandHome("~other/x", "/home/u") == "~other/x");
	CHECK(ExpandHome("/abs", "/home/u") == "/abs");
}

TEST_CASE("NormalizePath")
{
	CHECK(NormalizePath("/a//b/../c/.") == "/a/c");
	CHECK(NormalizePath("//") == "/");
	CHECK(NormalizePath("/../..") == "/");
	CHECK(NormalizePath("/etc/") == "/etc");
}

TEST_CASE("ResolvePath follows symlinks of the existing prefix")
{
	char dir_template[] = "/tmp/osprey-path-XXXXXX";
	const std::string dir = ::mkdtemp(dir_template);
	REQUIRE(::symlink("/etc", (dir + "/link").c_str()) == 0);
	CHECK(ResolvePath(dir + "/link") == "/etc");
	CHECK(ResolvePath(dir + "/link/not-there/x") == "/etc/not-there/x");
	CHECK(ResolvePath(dir + "//link/../link") == "/etc");
	std::system(("rm -rf " + dir).c_str());
}
