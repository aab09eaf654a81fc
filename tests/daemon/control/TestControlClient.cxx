// The command line's ControlClient against a real ControlServer: what
// `osprey status|approve|ignore|cancel` rely on, minus the printing.
#include "ControlClient.hxx"
#include "ControlServerThread.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <doctest/doctest.h>

#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::test;

namespace {

const std::string id = "20261122-004512-3f9a1c2b";

control::Request
Request(control::Command command)
{
	return {command, command == control::Command::Status ? "" : id};
}

/// A socket that accepts connections into its backlog and never answers.
UniqueFd
Mute(const std::string &path, bool listening)
{
	UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM, 0));
	sockaddr_un address{};
	address.sun_family = AF_UNIX;
	std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
	REQUIRE(::bind(fd.Get(), reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
	if (listening)
		REQUIRE(::listen(fd.Get(), 4) == 0);
	return fd;
}

} // namespace

TEST_CASE("ControlClient talks to ControlServer")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);

	CHECK(cli::AskStatus(path) == s.handler.status);
	CHECK(cli::ControlExchange(path, Request(control::Command::Status)) ==
	      control::ToJsonLine(s.handler.status));

	const auto decided = cli::AskDecision(path, Request(control::Command::Approve));
	CHECK(decided.state == "starting");
	CHECK(decided.by.ends_with("(uid " + std::to_string(::getuid()) + ") from the command line"));
	CHECK(s.handler.Calls().back() == "approve " + id + " " + decided.by);

	s.handler.result = {false, {}, "no job j9"};
	CHECK_THROWS_WITH_AS(cli::AskDecision(path, Request(control::Command::Cancel)), "no job j9",
			     cli::DaemonRefused);
	s.Stop();
	CHECK(s.alive_after_stop.empty());
	// After Close() the socket file is gone: the client says so plainly.
	CHECK_THROWS_WITH_AS(cli::AskStatus(path),
			     ("the daemon is not running (no socket at " + path + ")").c_str(),
			     cli::DaemonNotRunning);
}

TEST_CASE("ControlClient without a daemon")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";

	SUBCASE("a stale socket") {
		const auto stale = Mute(path, false);
		CHECK_THROWS_WITH_AS(cli::AskStatus(path),
				     ("the daemon is not running (nothing answers on " + path + ")").c_str(),
				     cli::DaemonNotRunning);
	}
	SUBCASE("a listener that never answers") {
		const auto mute = Mute(path, true);
		CHECK_THROWS_WITH_AS(cli::AskStatus(path, std::chrono::milliseconds(200)),
				     ("talking to the daemon on " + path + ": no answer in time").c_str(),
				     std::runtime_error);
	}
}
