// The command line's ControlClient against a real ControlServer: what
// `osprey status|approve|ignore|cancel` rely on, minus the printing.
#include "ControlClient.hxx"
#include "ControlServerThread.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <doctest/doctest.h>

#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::test;

namespace {

json::Value
Request(std::string_view command, std::string_view job = {})
{
	json::Members m{{"command", json::Value::String(std::string(command))}};
	if (!job.empty()) {
		m.emplace_back("job", json::Value::String(std::string(job)));
		m.emplace_back("by", json::Value::String(cli::LocalUserName()));
	}
	return json::Value::MakeObject(std::move(m));
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

	const auto status = cli::ControlRequest(path, Request("status"));
	CHECK(status.Find("ok")->GetBool());
	CHECK(status.Find("version")->GetText() == "0.1.0");

	CHECK(cli::ControlCommand(path, Request("approve", "j1")).Find("state")->GetText() ==
	      "starting");
	CHECK(s.handler.Calls().back() == "approve j1 " + cli::LocalUserName());

	s.handler.result = {false, {}, "no job j9"};
	const auto refused = cli::ControlRequest(path, Request("cancel", "j9"));
	CHECK_FALSE(refused.Find("ok")->GetBool());
	CHECK_THROWS_WITH_AS(cli::ControlCommand(path, Request("cancel", "j9")), "no job j9",
			     std::runtime_error);
	s.Stop();
	CHECK(s.alive_after_stop.empty());
	// After Close() the socket file is gone: the client says so plainly.
	CHECK_THROWS_WITH_AS(cli::ControlRequest(path, Request("status")),
			     ("the daemon is not running (no socket at " + path + ")").c_str(),
			     cli::DaemonNotRunning);
}

TEST_CASE("ControlClient without a daemon")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";

	SUBCASE("a stale socket") {
		const auto stale = Mute(path, false);
		CHECK_THROWS_WITH_AS(cli::ControlRequest(path, Request("status")),
				     ("the daemon is not running (nothing answers on " + path + ")").c_str(),
				     cli::DaemonNotRunning);
	}
	SUBCASE("a listener that never answers") {
		const auto mute = Mute(path, true);
		CHECK_THROWS_WITH_AS(cli::ControlRequest(path, Request("status"),
							 std::chrono::milliseconds(200)),
				     ("talking to the daemon on " + path + ": no answer in time").c_str(),
				     std::runtime_error);
	}
}
