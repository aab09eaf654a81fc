#include "engine/ContainerSpec.hxx"
#include "lib/cjson/Read.hxx"
#include "lib/cjson/Tree.hxx"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace osprey;

static std::vector<std::string>
Strings(const cJSON *array)
{
	std::vector<std::string> result;
	const cJSON *item;
	cJSON_ArrayForEach(item, array)
		result.emplace_back(StringValue(item).value_or("<not a string>"));
	return result;
}

TEST_CASE("MakeCreateBody translates a ContainerSpec into the engine's JSON")
{
	ContainerSpec spec;
	spec.image = "localhost/osprey-test-agent:latest";
	spec.cmd = {"sh", "-c", "echo \"hi\""};
	spec.env = {"A=1", "PROMPT_FILE=/osprey/prompt.md"};
	spec.user = "1000:1000";
	spec.working_dir = "/workspace";
	spec.labels = {{"osprey.job", "j1"}, {"osprey.pipeline", "deploy"}};
	spec.binds = {{"/home/u/.claude", "/home/agent/.claude", true},
		      {"/srv/ws", "/workspace", false}};
	spec.tmpfs = {{"/tmp", "rw,size=64m"}};
	spec.read_only_rootfs = true;
	spec.memory_bytes = 2LL << 30;
	spec.nano_cpus = 1500000000;
	spec.pids_limit = 256;

	const JsonTree body = JsonTree::Parse(MakeCreateBody(spec));
	const cJSON *root = body.Get();
	CHECK(FindString(root, "Image") == spec.image);
	CHECK(Strings(FindMember(root, "Cmd")) == spec.cmd);
	CHECK(Strings(FindMember(root, "Env")) == spec.env);
	CHECK(FindString(root, "User") == "1000:1000");
	CHECK(FindString(root, "WorkingDir") == "/workspace");
	CHECK(FindString(FindMember(root, "Labels"), "osprey.job") == "j1");
	CHECK(FindString(FindMember(root, "Labels"), "osprey.pipeline") == "deploy");
	CHECK(FindBool(root, "Tty") == false);
	CHECK(FindBool(root, "OpenStdin") == false);

	const cJSON *host = FindMember(root, "HostConfig");
	REQUIRE(host != nullptr);
	CHECK(Strings(FindMember(host, "Binds")) ==
	      std::vector<std::string>{"/home/u/.claude:/home/agent/.claude:ro", "/srv/ws:/workspace:rw"});
	CHECK(FindString(FindMember(host, "Tmpfs"), "/tmp") == "rw,size=64m");
	CHECK(FindString(host, "NetworkMode") == "none");
	CHECK(FindBool(host, "ReadonlyRootfs") == true);
	CHECK(FindInteger(host, "Memory") == 2LL << 30);
	CHECK(FindInteger(host, "NanoCpus") == 1500000000);
	CHECK(FindInteger(host, "PidsLimit") == 256);
	CHECK(Strings(FindMember(host, "CapDrop")) == std::vector<std::string>{"ALL"});
	CHECK(Strings(FindMember(host, "SecurityOpt")) == std::vector<std::string>{"no-new-privileges"});

	const cJSON *ulimits = FindMember(host, "Ulimits");
	REQUIRE(cJSON_GetArraySize(ulimits) == 2);
	const cJSON *nofile = cJSON_GetArrayItem(ulimits, 0);
	CHECK(FindString(nofile, "Name") == "nofile");
	CHECK(FindInteger(nofile, "Soft") == 1024);
	CHECK(FindInteger(nofile, "Hard") == 20000);
	CHECK(FindString(cJSON_GetArrayItem(ulimits, 1), "Name") == "nproc");
}

TEST_CASE("MakeCreateBody leaves unset limits to the engine")
{
	ContainerSpec spec;
	spec.image = "img";
	spec.drop_all_capabilities = false;
	spec.no_new_privileges = false;
	const JsonTree body = JsonTree::Parse(MakeCreateBody(spec));
	const cJSON *host = FindMember(body.Get(), "HostConfig");
	CHECK(FindMember(body.Get(), "Cmd") == nullptr);
	CHECK(FindMember(body.Get(), "WorkingDir") == nullptr);
	CHECK(FindMember(host, "Memory") == nullptr);
	CHECK(FindMember(host, "NanoCpus") == nullptr);
	CHECK(FindMember(host, "PidsLimit") == nullptr);
	CHECK(FindMember(host, "Tmpfs") == nullptr);
	CHECK(FindMember(host, "CapDrop") == nullptr);
	CHECK(FindMember(host, "SecurityOpt") == nullptr);
	CHECK(cJSON_GetArraySize(FindMember(host, "Binds")) == 0);
}

TEST_CASE("MakeCreateBody escapes strings")
{
	ContainerSpec spec;
	spec.image = "img";
	spec.env = {"Q=a \"quoted\"\nline\\"};
	spec.labels = {{"k\"ey", "v\tal"}};
	const JsonTree body = JsonTree::Parse(MakeCreateBody(spec));
	CHECK(Strings(FindMember(body.Get(), "Env")) == spec.env);
	CHECK(FindString(FindMember(body.Get(), "Labels"), "k\"ey") == "v\tal");
}

TEST_CASE("MakeCreateBody rejects specs the engine would misread")
{
	ContainerSpec spec;
	spec.image = "img";

	SUBCASE("no image") {
		spec.image.clear();
		CHECK_THROWS_WITH_AS(MakeCreateBody(spec), "invalid container spec: no image",
				     std::invalid_argument);
	}
	SUBCASE("root user") {
		for (const char *user : {"root", "0", "0:0", "root:1000"}) {
			CAPTURE(user);
			spec.user = user;
			CHECK_THROWS_AS(MakeCreateBody(spec), std::invalid_argument);
		}
		spec.user = "0:0";
		CHECK_THROWS_WITH(MakeCreateBody(spec), "invalid container spec: user \"0:0\" is root");
	}
	SUBCASE("relative bind") {
		spec.binds = {{"relative", "/x", true}};
		CHECK_THROWS_WITH_AS(MakeCreateBody(spec),
				     "invalid container spec: bind source \"relative\" is not an absolute path",
				     std::invalid_argument);
	}
	SUBCASE("colon in bind") {
		spec.binds = {{"/a:b", "/x", true}};
		CHECK_THROWS_WITH_AS(MakeCreateBody(spec),
				     "invalid container spec: bind source \"/a:b\" contains ':'",
				     std::invalid_argument);
	}
	SUBCASE("ulimit soft above hard") {
		spec.ulimits = {{"nofile", 2048, 1024}};
		CHECK_THROWS_WITH_AS(MakeCreateBody(spec),
				     "invalid container spec: ulimit nofile: soft limit 2048 above hard limit 1024",
				     std::invalid_argument);
	}
	SUBCASE("env entry without =") {
		spec.env = {"NOVALUE"};
		CHECK_THROWS_AS(MakeCreateBody(spec), std::invalid_argument);
	}
}
