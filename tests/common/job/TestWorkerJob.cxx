#include "job/WorkerJob.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace std::chrono_literals;

TEST_CASE("WorkerJob survives the trip over the channel")
{
	WorkerJob j;
	j.job_id = "20261122T001500Z-abc";
	j.pipeline = "deploy";
	j.job_dir = "/h/jobs/x";
	j.cache_dir = "/h/cache";
	j.engine_socket = "/run/podman.sock";
	j.image = "localhost/osprey-claude-code:latest";
	j.user = "1000:1000";
	j.network = "none";
	j.memory = 4ull << 30;
	j.cpus = 1.5;
	j.pids = 512;
	j.ulimits = {{"nofile", 1024, 8192}};
	j.stop_grace = 2500ms;
	j.env = {{"ANTHROPIC_API_KEY", "sk-\"quoted\"\n"}, {"EMPTY", ""}};
	j.volumes = {ParseVolume("/srv/a:/a:rw", "/"), ParseVolume("/srv/b:/b", "/")};
	j.agent = AgentType::OpenCode;
	j.auth = AgentAuth::ApiKey;
	j.workspace = WorkspaceType::GitWorktree;
	j.repo = "https://example.com/r.git";
	j.ref = "feature/x";

	const auto line = ToJsonLine(j);
	CHECK(line.ends_with("\n"));
	CHECK(line.find('\n') == line.size() - 1);

	const auto back = ParseWorkerJob(line);
	CHECK(back.job_id == j.job_id);
	CHECK(back.memory == j.memory);
	CHECK(back.cpus == 1.5);
	CHECK(back.pids == 512);
	REQUIRE(back.ulimits.size() == 1);
	CHECK(back.ulimits[0].hard == 8192);
	CHECK(back.stop_grace == 2500ms);
	CHECK(back.env == j.env);
	REQUIRE(back.volumes.size() == 2);
	CHECK_FALSE(back.volumes[0].read_only);
	CHECK(back.volumes[1].ToBind() == "/srv/b:/b:ro");
	CHECK(back.agent == AgentType::OpenCode);
	CHECK(back.auth == AgentAuth::ApiKey);
	CHECK(back.workspace == WorkspaceType::GitWorktree);
	CHECK(back.ref == "feature/x");
}

TEST_CASE("WorkerEvent round trip and protocol errors")
{
	for (const auto &e : {WorkerEvent{WorkerEvent::Kind::Preparing, "", 0, ""},
			      WorkerEvent{WorkerEvent::Kind::Running, "c0ffee", 0, ""},
			      WorkerEvent{WorkerEvent::Kind::Finished, "", 3, ""},
			      WorkerEvent{WorkerEvent::Kind::Failed, "", 0, "image \"x\" not found"},
			      WorkerEvent{WorkerEvent::Kind::Removed, "d00d", 0, ""}}) {
		const auto back = ParseWorkerEvent(ToJsonLine(e));
		CHECK(back.kind == e.kind);
		CHECK(back.container == e.container);
		CHECK(back.exit_code == e.exit_code);
		CHECK(back.reason == e.reason);
	}
	CHECK(ToJsonLine(WorkerEvent{WorkerEvent::Kind::Finished, "", 3, ""}) ==
	      "{\"event\":\"finished\",\"exit_code\":3}\n");
	CHECK(ToJsonLine(WorkerEvent{WorkerEvent::Kind::Removed, "d00d", 0, ""}) ==
	      "{\"event\":\"removed\",\"container\":\"d00d\"}\n");

	CHECK_THROWS_WITH_AS(ParseWorkerEvent("{\"event\":\"exploded\"}"),
			     "\"event\" has an unknown value", ProtocolError);
	CHECK_THROWS_WITH_AS(ParseWorkerEvent("{\"event\":\"finished\"}"), "missing \"exit_code\"",
			     ProtocolError);
	CHECK_THROWS_AS(ParseWorkerEvent("{\"event\":"), ProtocolError);
	CHECK_THROWS_WITH_AS(ParseWorkerJob("[]"), "expected a JSON object", ProtocolError);
}

TEST_CASE("WorkerJob: the repository policy and the disk budget")
{
	WorkerJob j;
	j.workspace = WorkspaceType::GitClone;
	j.repo = "https://github.com/acme/x";
	SUBCASE("sent") {
		j.repo_templated = true;
		j.allowed_repos = {"https://github.com/acme/*", "git@github.com:acme/*"};
		j.disk_budget = 512u << 20;
		const auto back = ParseWorkerJob(ToJsonLine(j));
		CHECK(back.repo_templated);
		CHECK(back.allowed_repos == j.allowed_repos);
		CHECK(back.disk_budget == 512u << 20);
	}
	SUBCASE("absent: a literal repo, no patterns, 2 GiB") {
		std::string line = ToJsonLine(j);
		for (const char *key : {",\"repo_templated\":false", ",\"allowed_repos\":[]",
					",\"disk_budget\":2147483648"}) {
			CAPTURE(key);
			const auto at = line.find(key);
			REQUIRE(at != std::string::npos);
			line.erase(at, std::string_view(key).size());
		}
		const auto back = ParseWorkerJob(line);
		CHECK_FALSE(back.repo_templated);
		CHECK(back.allowed_repos.empty());
		CHECK(back.disk_budget == kDefaultDiskBudget);
	}
}

TEST_CASE("WorkerEvent: disk usage rides on finished and failed")
{
	WorkerEvent finished{WorkerEvent::Kind::Finished, "", 0, ""};
	finished.disk_usage = 12345;
	CHECK(ToJsonLine(finished) == "{\"event\":\"finished\",\"exit_code\":0,\"disk_usage\":12345}\n");
	CHECK(ParseWorkerEvent(ToJsonLine(finished)).disk_usage == 12345);
	WorkerEvent failed{WorkerEvent::Kind::Failed, "", 0, "too big"};
	failed.disk_usage = 99;
	CHECK(ParseWorkerEvent(ToJsonLine(failed)).disk_usage == 99);
}
