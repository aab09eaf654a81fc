// Integration: what a created container gets (user, env, labels, binds,
// network, limits) and the exit code it reports.
#include "EngineFixture.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::test;

TEST_CASE("A container gets its user, environment, labels, binds, network and ulimits")
{
	TempDir ro_dir, rw_dir;
	WriteFileAtomic(ro_dir.Path() + "/hello.txt", "hello from the host\n");
	REQUIRE(chmod(ro_dir.Path().c_str(), 0755) == 0);
	REQUIRE(chown(rw_dir.Path().c_str(), 1000, 1000) == 0);

	ContainerSpec spec = TestSpec({"sh", "-c",
		"id -u; id -g; echo \"$GREETING\"; cat /in/hello.txt; "
		"if touch /in/new 2>/dev/null; then echo in-writable; else echo in-read-only; fi; "
		"echo written > /out/result.txt && echo out-writable; "
		"ulimit -Sn; ulimit -Hn; ulimit -u; ls /sys/class/net | tr '\\n' ' '; echo; pwd"});
	spec.env = {"GREETING=hi there"};
	spec.labels[kJobLabel] = "job-1";
	spec.labels["osprey.pipeline"] = "deploy";
	spec.binds = {{ro_dir.Path(), "/in", true}, {rw_dir.Path(), "/out", false}};
	spec.working_dir = "/workspace";
	spec.ulimits = {{"nofile", 512, 4096}, {"nproc", 900, 900}};

	Containers containers;
	std::string out, err;
	REQUIRE(containers.Run(spec, &out, &err) == 0);
	INFO("stdout: ", out, "stderr: ", err);

	CHECK(out == "1000\n1000\nhi there\nhello from the host\nin-read-only\nout-writable\n"
		     "512\n4096\n900\nlo \n/workspace\n");
	CHECK(ReadFile(rw_dir.Path() + "/result.txt") == "written\n");
	CHECK_FALSE(PathExists(ro_dir.Path() + "/new"));
}

TEST_CASE("InspectContainer reports labels and state")
{
	Containers containers;
	ContainerSpec spec = TestSpec({"true"});
	spec.labels[kJobLabel] = "job-inspect";
	const std::string id = containers.Create(spec);

	ContainerState state = Engine().InspectContainer(id);
	CHECK(state.id == id);
	CHECK(state.status == "created");
	CHECK_FALSE(state.running);
	CHECK(state.labels.at("osprey.job") == "job-inspect");
	CHECK(state.labels.at("osprey.test") == RunId());
}

TEST_CASE("WaitContainer returns the exit code")
{
	Containers containers;
	for (const int code : {0, 3, 42}) {
		CAPTURE(code);
		CHECK(containers.Run(TestSpec({"sh", "-c", "exit " + std::to_string(code)})) == code);
	}
}

TEST_CASE("A read-only root filesystem with a tmpfs")
{
	ContainerSpec spec = TestSpec({"sh", "-c",
		"if touch /x 2>/dev/null; then echo root-writable; else echo root-read-only; fi; "
		"touch /tmp/x && echo tmp-writable"});
	spec.read_only_rootfs = true;
	spec.tmpfs = {{"/tmp", "rw,size=16m,mode=1777"}};

	Containers containers;
	std::string out, err;
	REQUIRE(containers.Run(spec, &out, &err) == 0);
	INFO("stderr: ", err);
	CHECK(out == "root-read-only\ntmp-writable\n");
}

TEST_CASE("Resource limits and privileges as the container sees them")
{
	/* cgroup v2 (one hierarchy) or v1 (one per controller) */
	ContainerSpec spec = TestSpec({"sh", "-c",
		"c=/sys/fs/cgroup; if [ -f $c/cgroup.controllers ]; then "
		"echo pids $(cat $c/pids.max); echo memory $(cat $c/memory.max); "
		"echo cpu $(cat $c/cpu.max); else "
		"echo pids $(cat $c/pids/pids.max); echo memory $(cat $c/memory/memory.limit_in_bytes); "
		"echo cpu $(cat $c/cpu/cpu.cfs_quota_us) $(cat $c/cpu/cpu.cfs_period_us); fi; "
		"grep -E '^(CapEff|CapBnd|NoNewPrivs)' /proc/self/status"});
	spec.memory_bytes = 256LL << 20;
	spec.nano_cpus = 500000000;
	spec.pids_limit = 64;

	Containers containers;
	std::string out, err;
	REQUIRE(containers.Run(spec, &out, &err) == 0);
	INFO("stderr: ", err);
	CHECK(out == "pids 64\nmemory 268435456\ncpu 50000 100000\n"
		     "CapEff:\t0000000000000000\nCapBnd:\t0000000000000000\nNoNewPrivs:\t1\n");
}

TEST_CASE("The stand-in agents of the test image echo the prompt and write a result")
{
	TempDir prompt_dir, result_dir;
	WriteFileAtomic(prompt_dir.Path() + "/prompt.md", "Fix the bug\nin main.c\n");
	REQUIRE(chmod(prompt_dir.Path().c_str(), 0755) == 0);
	REQUIRE(chown(result_dir.Path().c_str(), 1000, 1000) == 0);

	for (const char *agent : {"claude", "opencode"}) {
		CAPTURE(agent);
		ContainerSpec spec = TestSpec({agent, "-p"});
		spec.env = {"OSPREY_PROMPT_FILE=/osprey/prompt.md",
			    "OSPREY_RESULT_FILE=/osprey-result/result.md"};
		spec.binds = {{prompt_dir.Path(), "/osprey", true},
			      {result_dir.Path(), "/osprey-result", false}};
		spec.working_dir = "/workspace";

		Containers containers;
		std::string out, err;
		REQUIRE(containers.Run(spec, &out, &err) == 0);
		const std::string done = std::string(agent) + " stand-in done: Fix the bug\n";
		CHECK(out == "[" + std::string(agent) + " stand-in] prompt:\nFix the bug\nin main.c\n" + done);
		CHECK(err == "[" + std::string(agent) + " stand-in] running as 1000:1000 in /workspace\n");
		CHECK(ReadFile(result_dir.Path() + "/result.md") == done);
	}
}

TEST_CASE("The stand-in agents take the prompt as text or on stdin, and can fail or dawdle")
{
	Containers containers;
	std::string out, err;
	REQUIRE(containers.Run(TestSpec({"sh", "-c",
		"echo 'prompt on stdin' | claude -p --output-format text; "
		"opencode run --model x 'prompt as text'; "
		"STANDIN_SLEEP=0.2 STANDIN_EXIT=4 claude -p 'slow'; echo \"exit $?\""}),
				&out, &err) == 0);
	CHECK(out == "[claude stand-in] prompt:\nprompt on stdin\nclaude stand-in done: prompt on stdin\n"
		     "[opencode stand-in] prompt:\nprompt as text\nopencode stand-in done: prompt as text\n"
		     "[claude stand-in] prompt:\nslow\nclaude stand-in done: slow\nexit 4\n");
}
