// ControlServer and decisions: who decides comes from the socket, not the
// request; only job-id-shaped ids reach the handler; and the answer waits for
// the handler's callback, which may come late, never, or after the client
// has gone.
#include "ControlServerThread.hxx"
#include "RawClient.hxx"

#include <doctest/doctest.h>

#include <csignal>
#include <string>
#include <unistd.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::test;

namespace {

const std::string id = "20261122-004512-3f9a1c2b";

std::string
Approve(std::string_view job)
{
	return control::ToJsonLine(control::Request{control::Command::Approve, std::string(job)}) +
		"\n";
}

std::string
Me()
{
	return Decider{::getuid(), UserNameOf(::getuid())}.Describe();
}

} // namespace

TEST_CASE("Decider describes who decided")
{
	CHECK(Decider{1000, "alice"}.Describe() == "alice (uid 1000) from the command line");
	CHECK(Decider{4242, ""}.Describe() == "uid 4242 from the command line");
	CHECK(UserNameOf(0) == "root");
}

TEST_CASE("ControlServer takes who decides from the socket's credentials")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);

	const auto answer = RawClient(path).Exchange(
		R"({"command":"approve","job":")" + id + R"(","by":"mallory"})" "\n");
	CHECK(answer == R"({"ok":true,"state":"starting","by":")" + Me() + "\"}\n");
	CHECK(s.handler.Calls() == std::vector<std::string>{"approve " + id + " " + Me()});
	CHECK(Me().find("(uid " + std::to_string(::getuid()) + ") from the command line") !=
	      std::string::npos);
}

TEST_CASE("ControlServer answers ids that are not job ids as unknown, asking no one")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);

	for (const char *job : {"../../etc/passwd", "..", "20261122-004512-3f9a1c2b/../../x", "j1",
				"20261122-004512-3F9A1C2B", "20261122-0045"}) {
		CAPTURE(job);
		CHECK(RawClient(path).Exchange(Approve(job)) ==
		      control::ToJsonLine(control::Refusal{"no job " + std::string(job)}) + "\n");
	}
	CHECK(s.handler.Calls().empty());
}

TEST_CASE("ControlServer answers a decision when the handler calls back")
{
	// As in the daemon (RunSupervisor): answering a client that hung up
	// must not kill the process.
	std::signal(SIGPIPE, SIG_IGN);
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlServerThread s(path);
	s.handler.defer = true;
	const auto decided = R"({"ok":true,"state":"starting","by":")" + Me() + "\"}\n";
	bool stopped = false;

	SUBCASE("later, on the loop") {
		RawClient client(path);
		client.Send(Approve(id));
		s.handler.WaitUntilHeld(1);
		s.RunOnLoop([&] { s.handler.ReleaseHeld(); });
		CHECK(client.ReadToEof() == decided);
	}
	SUBCASE("called twice: one answer") {
		RawClient client(path);
		client.Send(Approve(id));
		s.handler.WaitUntilHeld(1);
		s.RunOnLoop([&] { s.handler.ReleaseHeld(2); });
		CHECK(client.ReadToEof() == decided);
	}
	SUBCASE("never, and the server closes: an error answer, then a late call is a no-op") {
		RawClient client(path);
		client.Send(Approve(id));
		s.handler.WaitUntilHeld(1);
		s.Stop();
		stopped = true;
		CHECK(client.ReadToEof() ==
		      control::ToJsonLine(control::Refusal{
			      "the daemon is stopping: the decision is not confirmed; osprey jobs "
			      "shows the job's state"}) + "\n");
		s.handler.ReleaseHeld(); // the loop has stopped: this thread may call
		CHECK(s.alive_after_stop.empty());
	}
	SUBCASE("after the client hung up") {
		{
			RawClient client(path);
			client.Send(Approve(id));
			s.handler.WaitUntilHeld(1);
		}
		s.RunOnLoop([&] { s.handler.ReleaseHeld(); });
	}
	if (stopped)
		return;
	// Whatever happened, the server serves the next client and ends clean.
	s.handler.defer = false;
	CHECK(RawClient(path).Exchange(Approve(id)) == decided);
	s.Stop();
	CHECK(s.alive_after_stop.empty());
}

TEST_CASE("ControlServer answers a decision the handler is late with at the deadline")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlLimits limits;
	limits.timeout_ms = 200;
	ControlServerThread s(path, limits);
	s.handler.defer = true;

	RawClient client(path);
	client.Send(Approve(id));
	s.handler.WaitUntilHeld(1);
	CHECK(client.ReadToEof() ==
	      control::ToJsonLine(control::Refusal{
		      "no answer in time: the decision is not confirmed; osprey jobs shows the "
		      "job's state"}) + "\n");
	// The connection is gone: the late answer reaches nobody.
	s.RunOnLoop([&] { s.handler.ReleaseHeld(); });
	s.Stop();
	CHECK(s.alive_after_stop.empty());
}
