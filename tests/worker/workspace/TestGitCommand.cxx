// Unit: git's environment and the runner's capture, failure and time bound.
#include "StopSwitch.hxx"
#include "WorkerLog.hxx"
#include "workspace/GitCommand.hxx"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fcntl.h>

using namespace osprey;

static bool
Has(const std::vector<std::string> &env, const std::string &entry)
{
	return std::find(env.begin(), env.end(), entry) != env.end();
}

TEST_CASE("GitEnvironment makes git safe for untrusted input")
{
	::setenv("GIT_ALLOW_PROTOCOL", "ext", 1);
	::unsetenv("GIT_SSH_COMMAND");
	auto env = GitEnvironment();
	CHECK(Has(env, "GIT_TERMINAL_PROMPT=0"));
	CHECK(Has(env, "GIT_ALLOW_PROTOCOL=file:git:http:https:ssh"));
	CHECK_FALSE(Has(env, "GIT_ALLOW_PROTOCOL=ext"));
	CHECK(Has(env, "GIT_SSH_COMMAND=ssh -o BatchMode=yes"));

	SUBCASE("the user's own ssh command stays") {
		::setenv("GIT_SSH_COMMAND", "ssh -i /home/u/.ssh/deploy", 1);
		env = GitEnvironment();
		CHECK(Has(env, "GIT_SSH_COMMAND=ssh -i /home/u/.ssh/deploy"));
		CHECK_FALSE(Has(env, "GIT_SSH_COMMAND=ssh -o BatchMode=yes"));
		::unsetenv("GIT_SSH_COMMAND");
	}
	::unsetenv("GIT_ALLOW_PROTOCOL");
}

TEST_CASE("GitEnvironment passes on only what git needs, and settings out of sight")
{
	::setenv("OSPREY_DAEMON_SECRET", "from-a-dotenv", 1);
	::setenv("HTTPS_PROXY", "http://proxy:3128", 1);
	::setenv("GIT_CONFIG_PARAMETERS", "'core.sshCommand'='touch /tmp/x'", 1);
	const auto env = GitEnvironment({{"http.https://h/.extraHeader", "Authorization: Basic eDp5"}});
	CHECK_FALSE(Has(env, "OSPREY_DAEMON_SECRET=from-a-dotenv"));
	CHECK_FALSE(Has(env, "GIT_CONFIG_PARAMETERS='core.sshCommand'='touch /tmp/x'"));
	CHECK(Has(env, "HTTPS_PROXY=http://proxy:3128"));
	CHECK(Has(env, std::string("PATH=") + std::getenv("PATH")));
	CHECK(Has(env, "GIT_CONFIG_KEY_0=core.hooksPath"));
	CHECK(Has(env, "GIT_CONFIG_VALUE_0=/dev/null"));
	CHECK(Has(env, "GIT_CONFIG_KEY_1=core.fsmonitor"));
	CHECK(Has(env, "GIT_CONFIG_KEY_5=http.https://h/.extraHeader"));
	CHECK(Has(env, "GIT_CONFIG_VALUE_5=Authorization: Basic eDp5"));
	CHECK(Has(env, "GIT_CONFIG_COUNT=6"));
	::unsetenv("OSPREY_DAEMON_SECRET");
	::unsetenv("HTTPS_PROXY");
	::unsetenv("GIT_CONFIG_PARAMETERS");
}

TEST_CASE("GitCommand captures, reports failures with git's words, and bounds time")
{
	WorkerLog log(::open("/dev/null", O_WRONLY | O_CLOEXEC));
	StopSwitch control;

	SUBCASE("capture") {
		GitCommand git(log, control);
		const auto result = git.Run({"--version"}, {}, true);
		CHECK(result.status == 0);
		CHECK(result.out.starts_with("git version "));
	}
	SUBCASE("a failure's last lines") {
		GitCommand git(log, control);
		CHECK_THROWS_WITH_AS(git.Check("reading a ref", {"rev-parse", "--verify", "no-such-ref"}, "/"),
				     doctest::Contains("reading a ref: git exited with status 128: fatal: "),
				     WorkspaceError);
	}
	SUBCASE("the time bound kills git and what it started") {
		GitCommand git(log, control, std::chrono::seconds(1));
		const auto started = std::chrono::steady_clock::now();
		CHECK_THROWS_WITH_AS(git.Run({"-c", "alias.hang=!sleep 30", "hang"}),
				     doctest::Contains("timed out after 1 s"), WorkspaceError);
		CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
	}
	SUBCASE("settings reach git through the environment, not its arguments") {
		GitCommand git(log, control);
		git.SetConfig({{"osprey.test", "from-the-environment"}});
		const auto result = git.Run({"config", "--get", "osprey.test"}, {}, true);
		CHECK(result.out == "from-the-environment\n");
		CHECK(git.Run({"config", "--get", "core.hooksPath"}, {}, true).out == "/dev/null\n");
	}
	SUBCASE("nothing runs once the job is stopping") {
		control.RequestStop("test");
		GitCommand git(log, control);
		CHECK_THROWS_AS(git.Run({"--version"}), WorkspaceError);
		git.EnterCleanup();
		CHECK(git.Run({"--version"}).status == 0);
	}
}
