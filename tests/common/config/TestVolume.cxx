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
	CHECK(BlockedMountReason("/tmp/x.sock", HostPaths{"/tmp/x.sock", "", ""}));
	CHECK_FALSE(BlockedMountReason("/srv/data"));
	/* root's home itself, not what is in it: "~/.gitconfig" when running as root */
	CHECK_FALSE(BlockedMountReason("/root/.ssh"));
	CHECK_FALSE(BlockedMountReason("/etcetera"));

	char dir_template[] = "/tmp/osprey-vol-XXXXXX";
	const std::string dir = ::mkdtemp(dir_template);
	REQUIRE(::symlink("/", (dir + "/rootlink").c_str()) == 0);
	REQUIRE(::symlink("/proc/self", (dir + "/proclink").c_str()) == 0);
	const auto reason = BlockedMountReason(dir + "/rootlink");
	REQUIRE(reason);
	CHECK(*reason == "\"" + dir + "/rootlink\" (which is \"/\") is blocked: it is the whole host");
	const auto proc = BlockedMountReason(dir + "/proclink");
	REQUIRE(proc);
	CHECK(proc->ends_with(" is blocked: it is inside \"/proc\", which exposes the host's processes"));
	std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("BlockedMountReason blocks the host's system directories with everything below them")
{
	for (const auto *path : {"/proc", "/proc/1/root", "/proc/self", "/sys", "/sys/kernel",
				 "/dev", "/dev/sda", "/run", "/run/podman", "/var/run",
				 "/var/run/podman/podman.sock", "/boot", "/boot/grub",
				 "/var/lib/docker", "/var/lib/docker/volumes",
				 "/var/lib/containers", "/var/lib/containers/storage"}) {
		CAPTURE(path);
		CHECK(BlockedMountReason(path));
	}
	for (const auto *path : {"/procs", "/devel", "/running", "/bootstrap", "/var/lib/dockerd",
				 "/srv/proc", "/usr/share", "/var/lib/other"}) {
		CAPTURE(path);
		CHECK_FALSE(BlockedMountReason(path));
	}
	CHECK(BlockedMountReason("/proc/1/root") ==
	      "\"/proc/1/root\" is blocked: it is inside \"/proc\", which exposes the host's processes");
	CHECK(BlockedMountReason("/sys") ==
	      "\"/sys\" is blocked: it exposes the host's kernel and hardware settings");
	CHECK(BlockedMountReason("/dev/sda") ==
	      "\"/dev/sda\" is blocked: it is inside \"/dev\", which exposes the host's devices");
	CHECK(BlockedMountReason("/boot") ==
	      "\"/boot\" is blocked: it holds the host's kernel and boot loader");
	CHECK(BlockedMountReason("/var/lib/docker/volumes") ==
	      "\"/var/lib/docker/volumes\" is blocked: it is inside \"/var/lib/docker\", "
	      "which is the container engine's storage");
}

TEST_CASE("BlockedMountReason blocks a directory that contains a blocked path")
{
	/* a bind mount shows everything below its source */
	const auto var = BlockedMountReason("/var");
	REQUIRE(var);
	CHECK(var->starts_with("\"/var\" is blocked: it contains \"/var/"));
	CHECK(BlockedMountReason("/var/lib"));
	const HostPaths host{"/home/u/.run/podman.sock", "/home/u/.osprey", "/home/u"};
	CHECK(BlockedMountReason("/home/u", host) ==
	      "\"/home/u\" is blocked: it contains \"/home/u/.run/podman.sock\", which is the "
	      "container engine's socket, and the engine is root on the host");
	CHECK(BlockedMountReason("/home", host));
	CHECK_FALSE(BlockedMountReason("/home/u/src", host));
	CHECK_FALSE(BlockedMountReason("/home/u/.gitconfig", host));
}

TEST_CASE("BlockedMountReason blocks the engine's socket directory, its storage and OSPREY_HOME")
{
	const HostPaths host{"/run/user/1000/podman/podman.sock", "/srv/osprey", "/home/u"};
	CHECK(BlockedMountReason("/run/user/1000/podman/podman.sock", host) ==
	      "\"/run/user/1000/podman/podman.sock\" is blocked: it is the container engine's socket, "
	      "and the engine is root on the host");
	CHECK(BlockedMountReason("/run/user/1000/podman", host) ==
	      "\"/run/user/1000/podman\" is blocked: it holds the container engine's socket");

	const HostPaths elsewhere{"/srv/engine/docker.sock", "/srv/osprey", "/home/u"};
	CHECK(BlockedMountReason("/srv/engine/other", elsewhere) ==
	      "\"/srv/engine/other\" is blocked: it is inside \"/srv/engine\", "
	      "which holds the container engine's socket");
	CHECK_FALSE(BlockedMountReason("/srv/engine/other"));

	CHECK(BlockedMountReason("/srv/osprey", host) ==
	      "\"/srv/osprey\" is blocked: it is Osprey's home: its .env files hold secrets "
	      "and osprey.sock controls the daemon");
	CHECK(BlockedMountReason("/srv/osprey/pipelines/deploy/.env", host));
	CHECK(BlockedMountReason("/srv/osprey/osprey.sock", host));
	CHECK(BlockedMountReason("/srv", host));
	CHECK_FALSE(BlockedMountReason("/srv/ospreys", host));

	CHECK(BlockedMountReason("/home/u/.local/share/containers/storage", host) ==
	      "\"/home/u/.local/share/containers/storage\" is blocked: it is inside "
	      "\"/home/u/.local/share/containers\", which is the container engine's storage");
	CHECK_FALSE(BlockedMountReason("/home/u/.local/share/other", host));
}
