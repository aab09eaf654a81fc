#include "lib/uv/Loop.hxx"
#include "supervise/ContainerSweeps.hxx"
#include "util/File.hxx"

#include <chrono>
#include <doctest/doctest.h>
#include <functional>
#include <thread>

using namespace osprey;
using namespace osprey::daemon;
using namespace std::chrono_literals;

namespace {

/* Stand-ins for `osprey-worker --remove-containers`: shell scripts that
   count their runs in a file and fail, hang or succeed by that count. */
struct Fixture {
	std::string dir;
	uv::Loop loop;

	Fixture() {
		char t[] = "/tmp/osprey-cs-XXXXXX";
		dir = ::mkdtemp(t);
	}
	~Fixture() { RemoveTree(dir); }

	std::string Script(std::string_view body) {
		const auto path = dir + "/sweep.sh";
		WriteFileAtomic(path, "#!/bin/sh\nd=$(dirname \"$0\")\n"
				"n=$(($(cat \"$d/count\" 2>/dev/null || echo 0) + 1)); echo $n > \"$d/count\"\n" +
				std::string(body), 0755);
		return path;
	}
	/* 0 while the first run has not counted (or is counting) */
	int Runs() const {
		try {
			return std::stoi(ReadFile(dir + "/count"));
		} catch (const std::exception &) {
			return 0;
		}
	}

	bool RunUntil(const std::function<bool()> &done) {
		const auto deadline = std::chrono::steady_clock::now() + 30s;
		while (!done()) {
			if (std::chrono::steady_clock::now() > deadline)
				return false;
			loop.Run(UV_RUN_NOWAIT);
			std::this_thread::sleep_for(5ms);
		}
		return true;
	}
};

} // namespace

TEST_CASE("ContainerSweeps retries a failed sweep until it succeeds, then says the job's containers are gone")
{
	Fixture f;
	ContainerSweeps::Timing timing;
	timing.first_retry = 10ms;
	timing.max_retry = 40ms;
	timing.hang = 300ms;
	bool gone = false;

	SUBCASE("an engine that is down, then back") {
		ContainerSweeps sweeps(f.loop, f.Script(
			"if [ $n -lt 4 ]; then echo '{\"event\":\"failed\",\"reason\":\"engine down\"}' >&3; exit 4; fi\n"
			"echo '{\"event\":\"removed\",\"container\":\"c1\"}' >&3\n"), timing);
		sweeps.RemoveOfJob("/nowhere.sock", "j1", [&] { gone = true; });
		REQUIRE(f.RunUntil([&] { return gone; }));
		CHECK(f.Runs() == 4);
		CHECK(sweeps.Empty());
	}
	SUBCASE("a frozen engine: the hanging sweep is killed and retried") {
		ContainerSweeps sweeps(f.loop, f.Script("[ $n -eq 1 ] && exec sleep 1000\nexit 0\n"), timing);
		sweeps.RemoveOfJob("/nowhere.sock", "j1", [&] { gone = true; });
		REQUIRE(f.RunUntil([&] { return gone; }));
		CHECK(f.Runs() == 2);
	}
	SUBCASE("the start-up sweep is retried too") {
		ContainerSweeps sweeps(f.loop, f.Script("[ $n -lt 3 ] && exit 4\nexit 0\n"), timing);
		sweeps.RemoveAllBut("/nowhere.sock", "/home", "d1");
		REQUIRE(f.RunUntil([&] { return sweeps.Empty(); }));
		CHECK(f.Runs() == 3);
	}
	SUBCASE("Close() ends the retries; no on_gone follows") {
		ContainerSweeps sweeps(f.loop, f.Script("exit 4\n"), timing);
		sweeps.RemoveOfJob("/nowhere.sock", "j1", [&] { gone = true; });
		REQUIRE(f.RunUntil([&] { return f.Runs() >= 2; }));
		sweeps.Close();
		f.loop.Run();
		CHECK_FALSE(gone);
	}
	f.loop.Run();
	CHECK(f.loop.AliveHandles().empty());
}
