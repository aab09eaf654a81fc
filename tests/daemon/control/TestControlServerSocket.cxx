// ControlServer's socket file: its mode, a crashed daemon's stale socket, a
// running daemon's live one, and closing without leaving anything behind.
#include "ControlServerThread.hxx"
#include "RawClient.hxx"

#include <doctest/doctest.h>

#include <fstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::test;

namespace {

bool
Exists(const std::string &path)
{
	struct stat st;
	return ::lstat(path.c_str(), &st) == 0;
}

/// A socket file nobody listens on: what a crashed daemon leaves.
void
MakeStaleSocket(const std::string &path)
{
	UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM, 0));
	sockaddr_un address{};
	address.sun_family = AF_UNIX;
	std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
	REQUIRE(::bind(fd.Get(), reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
}

} // namespace

TEST_CASE("ControlServer creates its socket with mode 0600 whatever the umask")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	const mode_t old_mask = ::umask(0);
	uv::Loop loop;
	FakeControlHandler handler;
	ControlServer server(loop, handler);
	server.Listen(path);
	CHECK(::umask(old_mask) == 0); // restored after bind
	struct stat st;
	REQUIRE(::lstat(path.c_str(), &st) == 0);
	CHECK(S_ISSOCK(st.st_mode));
	CHECK((st.st_mode & 07777) == 0600);
	CHECK(server.Path() == path);

	server.Close();
	CHECK_FALSE(Exists(path));
	CHECK(server.Path().empty());
	server.Close(); // idempotent
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("ControlServer replaces a stale socket")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	MakeStaleSocket(path);
	REQUIRE(Exists(path));
	ControlServerThread s(path);
	CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n").starts_with("{\"ok\":true"));
}

TEST_CASE("ControlServer refuses to start while another daemon answers")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread first(path);

	uv::Loop loop;
	FakeControlHandler handler;
	ControlServer second(loop, handler);
	CHECK_THROWS_WITH_AS(second.Listen(path),
			     ("another osprey daemon is running (socket " + path + ")").c_str(),
			     std::runtime_error);
	CHECK(second.Path().empty());
	second.Close();
	// The running daemon's socket is untouched.
	CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n").starts_with("{\"ok\":true"));
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("ControlServer refuses paths it must not take")
{
	TempDir dir;
	uv::Loop loop;
	FakeControlHandler handler;
	ControlServer server(loop, handler);

	SUBCASE("a regular file is left alone") {
		const auto path = dir.path + "/osprey.sock";
		std::ofstream(path) << "keep me";
		CHECK_THROWS_WITH_AS(server.Listen(path),
				     ("cannot create the control socket: " + path +
				      " exists and is not a socket").c_str(),
				     std::runtime_error);
		CHECK(Exists(path));
	}
	SUBCASE("a path too long for a socket address") {
		const auto path = dir.path + "/" + std::string(120, 's');
		CHECK_THROWS_WITH_AS(server.Listen(path), doctest::Contains("is too long (at most 107 bytes)"),
				     std::runtime_error);
	}
	SUBCASE("a directory that does not exist") {
		const auto message = "binding the unix socket " + dir.path + "/missing/osprey.sock: ";
		CHECK_THROWS_WITH_AS(server.Listen(dir.path + "/missing/osprey.sock"),
				     doctest::Contains(message.c_str()), std::system_error);
	}
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("ControlServer::Close leaves no libuv handle alive")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);
	// Connections in every phase: idle, half a request, answered.
	RawClient idle(path), partial(path);
	partial.Send("{\"command\":");
	CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n").starts_with("{\"ok\":true"));
	s.Stop();
	INFO("alive: ", s.alive_after_stop.size());
	CHECK(s.alive_after_stop.empty());
	CHECK(idle.ReadToEof() == "");
	CHECK(partial.ReadToEof() == "");
	CHECK_FALSE(Exists(path));
}
