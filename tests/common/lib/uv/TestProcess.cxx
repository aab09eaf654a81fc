#include "lib/posix/UniqueFd.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Process.hxx"

#include <csignal>
#include <cstdlib>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <string>
#include <system_error>
#include <unistd.h>

using namespace osprey;

namespace {

struct ExitRecorder final : uv::Process::Listener {
	bool exited = false;
	std::int64_t status = -1;
	int signal = -1;

	void OnProcessExit(uv::Process &, std::int64_t s, int sig) noexcept override {
		exited = true;
		status = s;
		signal = sig;
	}
};

uv::Process::Options
Shell(std::string script)
{
	return {"/bin/sh", {"/bin/sh", "-c", std::move(script)}, {}, {-1, -1, -1}, false};
}

} // namespace

TEST_CASE("uv::Process reports an exit status and a death by signal apart")
{
	uv::Loop loop;
	ExitRecorder r;
	SUBCASE("exit") {
		uv::Process p(loop, r, Shell("exit 7"));
		loop.Run();
		CHECK(r.status == 7);
		CHECK(r.signal == 0);
	}
	SUBCASE("signal") {
		uv::Process p(loop, r, Shell("kill -TERM $$"));
		loop.Run();
		CHECK(r.status == 0);
		CHECK(r.signal == SIGTERM);
		CHECK_FALSE(p.Kill(SIGKILL)); // reaped: its pid is not ours any more
		CHECK_FALSE(p.KillGroup(SIGKILL));
	}
	CHECK(r.exited);
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("uv::Process hands over exactly the given descriptors and a fresh environment")
{
	uv::Loop loop;
	ExitRecorder r;
	int pipe_fds[2];
	REQUIRE(::pipe(pipe_fds) == 0); // no CLOEXEC: the child must still not get them
	UniqueFd read_end(pipe_fds[0]), write_end(pipe_fds[1]);
	::setenv("OSPREY_TEST_PARENT_ONLY", "1", 1);
	auto o = Shell("echo \"$ONLY_THIS:$OSPREY_TEST_PARENT_ONLY\" >&3; "
		       "[ -e /proc/$$/fd/" + std::to_string(read_end.Get()) + " ] && echo leaked >&3; exec 3>&-");
	o.env = {"ONLY_THIS=yes"};
	o.fds = {-1, -1, -1, write_end.Get()};
	uv::Process p(loop, r, o);
	write_end.Reset();
	loop.Run();
	::unsetenv("OSPREY_TEST_PARENT_ONLY");
	REQUIRE(r.exited);
	char buffer[64] = {};
	const auto n = ::read(read_end.Get(), buffer, sizeof(buffer) - 1);
	CHECK(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0) == "yes:\n");
}

TEST_CASE("uv::Process: a missing executable throws and leaves no handle")
{
	uv::Loop loop;
	ExitRecorder r;
	auto o = Shell("");
	o.file = "/nonexistent/osprey-nope";
	CHECK_THROWS_WITH_AS(uv::Process(loop, r, o),
			     "starting /nonexistent/osprey-nope: No such file or directory",
			     std::system_error);
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}
