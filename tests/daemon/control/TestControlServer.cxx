// ControlServer: the request/response exchange on a real unix socket, with a
// fake ControlHandler behind it, and the limits a client cannot get past.
#include "ControlServerThread.hxx"
#include "RawClient.hxx"

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <unistd.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::test;

namespace {

const std::string id1 = "20261122-004512-3f9a1c2b", id2 = "20261122-004513-00000000",
	id3 = "20261122-004514-ffffffff";

std::string
DecisionLine(std::string_view command, std::string_view job)
{
	return control::ToJsonLine(control::Request{
		command == "approve" ? control::Command::Approve
		: command == "ignore" ? control::Command::Ignore : control::Command::Cancel,
		std::string(job)}) + "\n";
}

/// What the server records for this test process: its user, from the
/// socket's credentials.
std::string
Me()
{
	return Decider{::getuid(), UserNameOf(::getuid())}.Describe();
}

} // namespace

TEST_CASE("ControlServer answers one request per connection")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);

	const auto me = Me();
	SUBCASE("status is the handler's DaemonStatus after ok") {
		CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n") ==
		      control::ToJsonLine(s.handler.status) + "\n");
	}
	SUBCASE("decisions pass the job and who asks, and answer the new state") {
		CHECK(RawClient(path).Exchange(DecisionLine("approve", id1)) ==
		      R"({"ok":true,"state":"starting","by":")" + me + "\"}\n");
		CHECK(RawClient(path).Exchange(DecisionLine("ignore", id2)) ==
		      R"({"ok":true,"state":"starting","by":")" + me + "\"}\n");
		CHECK(RawClient(path).Exchange(DecisionLine("cancel", id3)) ==
		      R"({"ok":true,"state":"starting","by":")" + me + "\"}\n");
		CHECK(s.handler.Calls() ==
		      std::vector<std::string>{"approve " + id1 + " " + me, "ignore " + id2 + " " + me,
					       "cancel " + id3 + " " + me});
	}
	SUBCASE("a refusal is the handler's sentence") {
		s.handler.result = {false, {}, "job j1 is running, not awaiting approval"};
		CHECK(RawClient(path).Exchange(DecisionLine("approve", id1)) ==
		      "{\"ok\":false,\"error\":\"job j1 is running, not awaiting approval\"}\n");
	}
	SUBCASE("an exception in the handler is an error answer") {
		s.handler.throw_message = "disk full";
		CHECK(RawClient(path).Exchange(DecisionLine("approve", id1)) ==
		      "{\"ok\":false,\"error\":\"disk full\"}\n");
	}
	SUBCASE("a request without newline is answered when the client shuts down") {
		RawClient client(path);
		client.Send("{\"command\":\"status\"}");
		::shutdown(client.Fd(), SHUT_WR);
		CHECK(client.ReadToEof().starts_with("{\"ok\":true,"));
	}
	SUBCASE("bytes after the newline are ignored") {
		CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\ngarbage\n").starts_with(
			"{\"ok\":true,"));
	}
	s.Stop();
	CHECK(s.alive_after_stop.empty());
}

TEST_CASE("ControlServer answers malformed requests with an error")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);

	const struct {
		const char *request, *error;
	} cases[] = {
		{"{\"command\":\n", "malformed request: line 1, column 12"},
		{"not json\n", "malformed request: "},
		{"[1,2]\n", "malformed request: not a JSON object"},
		{"{}\n", "malformed request: missing \\\"command\\\""},
		{"{\"command\":\"reboot\"}\n", "unknown command \\\"reboot\\\""},
		{"{\"command\":\"approve\",\"by\":\"ann\"}\n", "malformed request: missing \\\"job\\\""},
		{"{\"command\":\"ignore\",\"job\":7,\"by\":\"ann\"}\n",
		 "malformed request: \\\"job\\\" must be a string"},
	};
	for (const auto &c : cases) {
		CAPTURE(c.request);
		const auto response = RawClient(path).Exchange(c.request);
		CHECK(response.starts_with("{\"ok\":false,\"error\":\""));
		CHECK(response.find(c.error) != std::string::npos);
		CHECK(response.ends_with("\"}\n"));
	}
	CHECK(s.handler.Calls().empty());
}

TEST_CASE("ControlServer bounds a request's size")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlLimits limits;
	limits.max_request = 1000;
	ControlServerThread s(path, limits);

	SUBCASE("just within the limit") {
		const std::string request = "{\"command\":\"status\"" + std::string(1000 - 20, ' ') + "}";
		REQUIRE(request.size() == 1000);
		CHECK(RawClient(path).Exchange(request + "\n").starts_with("{\"ok\":true"));
	}
	SUBCASE("over the limit, with or without a newline") {
		for (const std::size_t size : {1001, 1002, 100000}) {
			CAPTURE(size);
			RawClient client(path);
			client.Send(std::string(size, ' ') + "\n"); // the server may hang up mid-way
			CHECK(client.ReadToEof() ==
			      "{\"ok\":false,\"error\":\"request too large (more than 1000 bytes)\"}\n");
		}
		CHECK(s.handler.Calls().empty());
	}
}

TEST_CASE("ControlServer's default limit is 64 KiB")
{
	CHECK(ControlLimits{}.max_request == 64 * 1024);
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);
	RawClient client(path);
	client.Send(std::string(70 * 1024, 'x'));
	CHECK(client.ReadToEof().find("request too large (more than 65536 bytes)") !=
	      std::string::npos);
}

TEST_CASE("ControlServer closes a client that never sends")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlLimits limits;
	limits.timeout_ms = 200;
	ControlServerThread s(path, limits);

	const auto start = std::chrono::steady_clock::now();
	RawClient silent(path), partial(path);
	partial.Send("{\"command\":");
	CHECK(silent.ReadToEof() == "");
	CHECK(partial.ReadToEof() == "");
	const auto elapsed = std::chrono::steady_clock::now() - start;
	CHECK(elapsed >= std::chrono::milliseconds(150));
	CHECK(elapsed < std::chrono::seconds(5));
	// The server still serves others afterwards.
	CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n").starts_with("{\"ok\":true"));
}

TEST_CASE("ControlServer refuses connections beyond its limit")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlLimits limits;
	limits.max_connections = 2;
	ControlServerThread s(path, limits);

	RawClient a(path), b(path);
	// Give the loop time to accept both before the third arrives.
	std::this_thread::sleep_for(std::chrono::milliseconds(100));
	CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n") == "");
	CHECK(a.Exchange("{\"command\":\"status\"}\n").starts_with("{\"ok\":true"));
}
