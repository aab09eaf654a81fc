// Unit: the container a job becomes, per runtime.
#include "runtime/RuntimeAdapter.hxx"

#include <doctest/doctest.h>

#include <algorithm>

using namespace osprey;

static WorkerJob
SampleJob()
{
	WorkerJob job;
	job.job_id = "20261122-abc";
	job.pipeline = "deploy";
	job.job_dir = "/home/u/.osprey/jobs/20261122-abc";
	job.cache_dir = "/home/u/.osprey/cache";
	job.engine_socket = "/run/docker.sock";
	job.image = "localhost/osprey-claude-code:latest";
	job.user = "1000:1000";
	job.network = "bridge";
	job.memory = 2ULL << 30;
	job.cpus = 1.5;
	job.pids = 512;
	job.ulimits = {{"nofile", 1024, 4096}};
	job.env = {{"ANTHROPIC_API_KEY", "sk-secret"}, {"EXTRA", "1"}, {"HOME", "/root"},
		   {"OSPREY_PROMPT_FILE", "/etc/shadow"}};
	job.volumes = {{"/home/u/tools", "/tools", true}, {"/home/u/cache", "/cache", false}};
	job.agent = AgentType::ClaudeCode;
	job.auth = AgentAuth::OAuth;
	job.oauth_path = "/home/u/.claude";
	job.workspace = WorkspaceType::GitClone;
	job.home = "/home/u/.osprey";
	job.daemon_id = "d4e5";
	return job;
}

static bool
HasBind(const ContainerSpec &spec, const std::string &bind)
{
	return std::any_of(spec.binds.begin(), spec.binds.end(),
			   [&](const BindMount &b) { return FormatBind(b) == bind; });
}

static std::vector<std::string>
EnvNamed(const ContainerSpec &spec, std::string_view name)
{
	std::vector<std::string> found;
	for (const auto &e : spec.env)
		if (e.starts_with(std::string(name) + "="))
			found.push_back(e);
	return found;
}

TEST_CASE("MakeContainerSpec for claude-code with oauth")
{
	const WorkerJob job = SampleJob();
	const ContainerSpec spec = MakeContainerSpec(job, job.job_dir + "/workspace");

	CHECK(spec.image == job.image);
	CHECK(spec.cmd == std::vector<std::string>{"osprey-agent-entry"});
	CHECK(spec.user == "1000:1000");
	CHECK(spec.working_dir == "/workspace");
	CHECK(spec.labels == std::map<std::string, std::string>{
		{"osprey.job", "20261122-abc"}, {"osprey.pipeline", "deploy"}, {"osprey.managed", "true"},
		{"osprey.home", "/home/u/.osprey"}, {"osprey.daemon", "d4e5"}});

	SUBCASE("binds") {
		CHECK(HasBind(spec, job.job_dir + "/workspace:/workspace:rw"));
		CHECK(HasBind(spec, job.job_dir + "/prompt.md:/osprey/prompt.md:ro"));
		CHECK(HasBind(spec, job.job_dir + "/out:/osprey/out:rw"));
		CHECK(HasBind(spec, "/home/u/tools:/tools:ro"));
		CHECK(HasBind(spec, "/home/u/cache:/cache:rw"));
		CHECK(HasBind(spec, "/home/u/.claude:/osprey/claude-session:ro"));
		CHECK(spec.binds.size() == 6);
	}
	SUBCASE("environment: the job's, then Osprey's, which win") {
		CHECK(EnvNamed(spec, "ANTHROPIC_API_KEY") == std::vector<std::string>{"ANTHROPIC_API_KEY=sk-secret"});
		CHECK(EnvNamed(spec, "EXTRA") == std::vector<std::string>{"EXTRA=1"});
		CHECK(EnvNamed(spec, "HOME") == std::vector<std::string>{"HOME=/home/agent"});
		CHECK(EnvNamed(spec, "OSPREY_PROMPT_FILE") ==
		      std::vector<std::string>{"OSPREY_PROMPT_FILE=/osprey/prompt.md"});
		CHECK(EnvNamed(spec, "OSPREY_RESULT_FILE") ==
		      std::vector<std::string>{"OSPREY_RESULT_FILE=/osprey/out/result.md"});
		CHECK(EnvNamed(spec, "OSPREY_RUNTIME") == std::vector<std::string>{"OSPREY_RUNTIME=claude-code"});
		CHECK(EnvNamed(spec, "OSPREY_JOB") == std::vector<std::string>{"OSPREY_JOB=20261122-abc"});
		CHECK(EnvNamed(spec, "OSPREY_RESULT_LIMIT") ==
		      std::vector<std::string>{"OSPREY_RESULT_LIMIT=16777216"});
	}
	SUBCASE("limits") {
		CHECK(spec.network_mode == "bridge");
		CHECK(spec.memory_bytes == (2LL << 30));
		CHECK(spec.nano_cpus == 1500000000);
		CHECK(spec.pids_limit == 512);
		REQUIRE(spec.ulimits.size() == 1);
		CHECK(spec.ulimits[0].name == "nofile");
		CHECK(spec.ulimits[0].soft == 1024);
		CHECK(spec.ulimits[0].hard == 4096);
		CHECK(spec.drop_all_capabilities);
		CHECK(spec.no_new_privileges);
	}
	SUBCASE("the engine accepts it") {
		CHECK_NOTHROW(MakeCreateBody(spec));
	}
}

TEST_CASE("MakeContainerSpec for claude-code with an API key mounts no session")
{
	WorkerJob job = SampleJob();
	job.auth = AgentAuth::ApiKey;
	const ContainerSpec spec = MakeContainerSpec(job, "/srv/code");
	CHECK(HasBind(spec, "/srv/code:/workspace:rw"));
	CHECK_FALSE(HasBind(spec, "/home/u/.claude:/home/agent/.claude:ro"));
}

TEST_CASE("MakeContainerSpec adds the workspace's extra mounts")
{
	const WorkerJob job = SampleJob();
	const ContainerSpec spec = MakeContainerSpec(job, "/w", {{"/c/r", "/c/r", true},
								  {"/c/r/worktrees/w", "/c/r/worktrees/w", false}});
	CHECK(HasBind(spec, "/c/r:/c/r:ro"));
	CHECK(HasBind(spec, "/c/r/worktrees/w:/c/r/worktrees/w:rw"));
	/* the worktree's mounts come before the user's volumes */
	CHECK(FormatBind(spec.binds[3]) == "/c/r:/c/r:ro");
}

TEST_CASE("MakeContainerSpec for opencode")
{
	WorkerJob job = SampleJob();
	job.agent = AgentType::OpenCode;
	job.auth = AgentAuth::ApiKey;
	job.image = "localhost/osprey-opencode:latest";
	job.env = {{"OPENAI_API_KEY", "sk-x"}};
	job.volumes.clear();
	job.ulimits.clear();
	job.network.clear();
	job.user = "1234:1234";
	const ContainerSpec spec = MakeContainerSpec(job, "/w");

	CHECK(spec.user == "1234:1234");
	CHECK(EnvNamed(spec, "OSPREY_RUNTIME") == std::vector<std::string>{"OSPREY_RUNTIME=opencode"});
	CHECK(EnvNamed(spec, "OPENAI_API_KEY") == std::vector<std::string>{"OPENAI_API_KEY=sk-x"});
	CHECK(spec.binds.size() == 3);
	/* no job values: the ContainerSpec defaults */
	CHECK(spec.network_mode == "none");
	CHECK(spec.ulimits.size() == 2);
}

TEST_CASE("MakeContainerSpec refuses a blocked volume and a root user")
{
	WorkerJob job = SampleJob();
	job.volumes = {{"/etc", "/host-etc", true}};
	CHECK_THROWS_AS(MakeContainerSpec(job, "/w"), std::invalid_argument);
	/* the second look knows the installation: the Osprey home and the engine's directory */
	job.volumes = {{"/home/u/.osprey/pipelines/p/.env", "/env", true}};
	CHECK_THROWS_WITH_AS(MakeContainerSpec(job, "/w"),
			     "volume \"/home/u/.osprey/pipelines/p/.env:/env:ro\": "
			     "\"/home/u/.osprey/pipelines/p/.env\" is blocked: it is inside "
			     "\"/home/u/.osprey\", which is Osprey's home: its .env files hold "
			     "secrets and osprey.sock controls the daemon",
			     std::invalid_argument);
	job.volumes = {{"/proc/1/root", "/host", true}};
	CHECK_THROWS_AS(MakeContainerSpec(job, "/w"), std::invalid_argument);

	job = SampleJob();
	job.user = "0:0";
	CHECK_THROWS_AS(MakeCreateBody(MakeContainerSpec(job, "/w")), std::invalid_argument);
}

TEST_CASE("HowToBuildImage names the image and the build file")
{
	WorkerJob job = SampleJob();
	const std::string hint = HowToBuildImage(job);
	CHECK(hint.starts_with("podman build -t localhost/osprey-claude-code:latest -f "));
	CHECK(hint.find("/images/claude-code/Containerfile") != std::string::npos);
	job.agent = AgentType::OpenCode;
	CHECK(HowToBuildImage(job).find("/images/opencode/Containerfile") != std::string::npos);
}

TEST_CASE("claude-code: agent.base_url, agent.model and the bounded retries")
{
	WorkerJob job = SampleJob();
	job.base_url = "http://127.0.0.1:4000";
	job.model = "claude-sonnet-4-5";
	auto spec = MakeContainerSpec(job, "/w");
	CHECK(EnvNamed(spec, "ANTHROPIC_BASE_URL") == std::vector<std::string>{"ANTHROPIC_BASE_URL=http://127.0.0.1:4000"});
	CHECK(EnvNamed(spec, "OSPREY_MODEL") == std::vector<std::string>{"OSPREY_MODEL=claude-sonnet-4-5"});
	CHECK(EnvNamed(spec, "CLAUDE_CODE_MAX_RETRIES") == std::vector<std::string>{"CLAUDE_CODE_MAX_RETRIES=3"});
	CHECK(EnvNamed(spec, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC").size() == 1);
	/* oauth: the session read-only where the entry script looks for it */
	CHECK(HasBind(spec, "/home/u/.claude:/osprey/claude-session:ro"));
	CHECK(EnvNamed(spec, "OSPREY_CLAUDE_SESSION") == std::vector<std::string>{"OSPREY_CLAUDE_SESSION=/osprey/claude-session"});

	SUBCASE("agent.env wins over the adapter's defaults") {
		job.env.emplace_back("CLAUDE_CODE_MAX_RETRIES", "10");
		job.env.emplace_back("ANTHROPIC_BASE_URL", "https://mine.example");
		spec = MakeContainerSpec(job, "/w");
		CHECK(EnvNamed(spec, "CLAUDE_CODE_MAX_RETRIES") == std::vector<std::string>{"CLAUDE_CODE_MAX_RETRIES=10"});
		CHECK(EnvNamed(spec, "ANTHROPIC_BASE_URL") == std::vector<std::string>{"ANTHROPIC_BASE_URL=https://mine.example"});
	}
	SUBCASE("no base_url: Anthropic's own endpoint") {
		job.base_url.clear();
		job.model.clear();
		spec = MakeContainerSpec(job, "/w");
		CHECK(EnvNamed(spec, "ANTHROPIC_BASE_URL").empty());
		CHECK(EnvNamed(spec, "OSPREY_MODEL").empty());
	}
}

TEST_CASE("opencode: agent.base_url becomes a provider in OPENCODE_CONFIG_CONTENT")
{
	WorkerJob job = SampleJob();
	job.agent = AgentType::OpenCode;
	job.auth = AgentAuth::ApiKey;
	job.env = {{"OPENAI_API_KEY", "sk-x"}};

	SUBCASE("an OpenAI-compatible gateway: chat completions, the model under provider osprey") {
		job.provider = Provider::OpenAI;
		job.base_url = "http://127.0.0.1:4000/v1";
		job.model = "gpt-test";
		const auto spec = MakeContainerSpec(job, "/w");
		const auto config = EnvNamed(spec, "OPENCODE_CONFIG_CONTENT");
		REQUIRE(config.size() == 1);
		CHECK(config[0].find(R"("npm":"@ai-sdk/openai-compatible")") != std::string::npos);
		CHECK(config[0].find(R"("baseURL":"http://127.0.0.1:4000/v1")") != std::string::npos);
		CHECK(config[0].find(R"("apiKey":"{env:OPENAI_API_KEY}")") != std::string::npos);
		CHECK(config[0].find(R"("model":"osprey/gpt-test")") != std::string::npos);
		/* the key itself never goes into the configuration */
		CHECK(config[0].find("sk-x") == std::string::npos);
		CHECK(EnvNamed(spec, "OSPREY_MODEL") == std::vector<std::string>{"OSPREY_MODEL=osprey/gpt-test"});
		CHECK(EnvNamed(spec, "OPENCODE_DISABLE_MODELS_FETCH").size() == 1);
	}
	SUBCASE("Anthropic's own provider with its baseURL moved") {
		job.provider = Provider::Anthropic;
		job.base_url = "https://gw.example/anthropic";
		const auto spec = MakeContainerSpec(job, "/w");
		const auto config = EnvNamed(spec, "OPENCODE_CONFIG_CONTENT");
		REQUIRE(config.size() == 1);
		CHECK(config[0].find(R"("anthropic":{"options":{"baseURL":"https://gw.example/anthropic"}})") != std::string::npos);
		CHECK(config[0].find("openai-compatible") == std::string::npos);
	}
	SUBCASE("no base_url: OpenCode's own configuration") {
		const auto spec = MakeContainerSpec(job, "/w");
		CHECK(EnvNamed(spec, "OPENCODE_CONFIG_CONTENT").empty());
		CHECK(EnvNamed(spec, "OPENCODE_DISABLE_AUTOUPDATE").size() == 1);
	}
}
