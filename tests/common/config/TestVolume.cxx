#include "config/Volume.hxx"

#include <cstdlib>
#include <doctest/doctest.h>
#include <unistd.h>

using namespace osprey;

TEST_CASE("ParseVolume")
{
	const auto v = ParseVolume("~/.gitconfig:/home/agent/.gitconfig", "/home/u");
	CHECK(v.source == "/home/u/.gitconfig");
	CHECK(v.target == "/home/agent/.gitconfig");
	CHECK(v.read_only);
	CHECK(v.ToBind() == "/home/u/.gitconfig:/home/agent/.gitconfig:ro");
	CHECK_FALSE(ParseVolume("/data:/data:rw", "/h").read_only);
	CHECK(ParseVolume("/data//x/../y:/d:ro", "/h").source == "/data/y");

	CHECK_THROWS_WITH_AS(ParseVolume("/data", "/h"),
			     "expected \"source:target\" or \"source:target:ro|rw\", got \"/data\"",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseVolume("/a:/b:rx", "/h"), "the mode \"rx\" must be \"ro\" or \"rw\"",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseVolume("/a:b", "/h"),
			     "the target \"b\" must be an absolute path inside the container",
			     std::invalid_argument);
}

TEST_CASE("BlockedMountReason sees through normalisation and symlinks")
{
	CHECK(BlockedMountReason("/"));
	CHECK(BlockedMountReason("/root"));
	CHECK(BlockedMountReason("/etc"));
	CHECK(BlockedMountReason("/etc/ssl/../shadow"));
	CHECK(BlockedMountReason("/var/run/docker.sock"));
	CHECK(BlockedMountReason("//var//run/docker.sock"));
	CHECK(BlockedMountReason("/srv/../"));
	CHECK(BlockedMountReason("/tmp/x.sock", "/tmp/x.sock"));
	CHECK_FALSE(BlockedMountReason("/srv/data"));
	CHECK_FALSE(BlockedMountReason("/root/.ssh"));
	CHECK_FALSE(BlockedMountReason("/etcetera"));

	char dir_template[] = "/tmp/osprey-vol-XXXXXX";
	const std::string dir = ::mkdtemp(dir_template);
	REQUIRE(::symlink("/", (dir + "/rootlink").c_str()) == 0);
	const auto reason = BlockedMountReason(dir + "/rootlink");
	REQUIRE(reason);
	CHECK(*reason == "mounting \"" + dir + "/rootlink\" (which is \"/\") would give the agent the whole host");
	std::system(("rm -rf " + dir).c_str());
}
