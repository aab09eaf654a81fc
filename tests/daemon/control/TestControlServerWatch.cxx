// daemon/control: a watch subscription stays open past the request
// deadline, receives every Broadcast() line in order, and ends when the
// client goes; clients that do not watch hear nothing of it.
#include "ControlServerThread.hxx"
#include "RawClient.hxx"

#include <doctest/doctest.h>

#include <chrono>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::test;

namespace {

/* Reads until @p lines newlines arrived (or EOF / the client's timeout). */
std::string
ReadLines(RawClient &client, int lines, int fd)
{
	std::string received;
	char c;
	while (lines > 0 && ::recv(fd, &c, 1, 0) == 1) {
		received.push_back(c);
		if (c == '\n')
			--lines;
	}
	(void)client;
	return received;
}

std::size_t
Connections(ControlServerThread &t)
{
	std::size_t n = 0;
	t.RunOnLoop([&] { n = t.server.ConnectionCount(); });
	return n;
}

} // namespace

TEST_CASE("ControlServer streams job changes to watchers")
{
	TempDir dir;
	const auto path = dir.path + "/osprey.sock";
	ControlLimits limits;
	limits.timeout_ms = 50; // a watch outlives the request deadline
	ControlServerThread t(path, limits);

	RawClient watcher(path);
	REQUIRE(watcher.Send("{\"command\":\"watch\"}\n"));
	CHECK(ReadLines(watcher, 1, watcher.Fd()) == "{\"ok\":true,\"watching\":true}\n");

	t.RunOnLoop([&] {
		t.server.Broadcast(R"({"event":"job","job":{"id":"a"}})");
		t.server.Broadcast(R"({"event":"job","job":{"id":"b"}})");
	});
	CHECK(ReadLines(watcher, 2, watcher.Fd()) ==
	      "{\"event\":\"job\",\"job\":{\"id\":\"a\"}}\n{\"event\":\"job\",\"job\":{\"id\":\"b\"}}\n");

	SUBCASE("a status client is answered as ever and hears no event") {
		CHECK(RawClient(path).Exchange("{\"command\":\"status\"}\n").starts_with("{\"ok\":true,\"version\""));
	}
	SUBCASE("the watch ends when the client goes") {
		CHECK(Connections(t) == 1);
		watcher.Close();
		const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
		while (Connections(t) != 0 && std::chrono::steady_clock::now() < deadline) {
		}
		CHECK(Connections(t) == 0);
	}
	t.Stop();
	CHECK(t.alive_after_stop.empty());
}
