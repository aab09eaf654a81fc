#include "lib/uv/Async.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Signal.hxx"
#include "lib/uv/Timer.hxx"

#include <doctest/doctest.h>

#include <csignal>
#include <thread>
#include <utility>

using namespace osprey::uv;

namespace {

struct Counter final : Timer::Listener, Async::Listener, Signal::Listener {
	int timers = 0, asyncs = 0, signals = 0;
	Timer *close_on_fire = nullptr;

	void OnTimer(Timer &t) noexcept override {
		++timers;
		if (close_on_fire == &t)
			t.Close();
	}
	void OnAsync(Async &a) noexcept override {
		++asyncs;
		a.Close();
	}
	void OnSignal(Signal &s, int) noexcept override {
		++signals;
		s.Close();
	}
};

} // namespace

TEST_CASE("Timer fires, and a closed timer never does")
{
	Loop loop;
	Counter counter;
	Timer fires(loop, counter), closed(loop, counter);
	fires.Start(1);
	closed.Start(1);
	closed.Close();
	CHECK_FALSE(closed.IsDefined());
	loop.Run();
	CHECK(counter.timers == 1);
	CHECK_FALSE(fires.IsActive());
	fires.Close();
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("Timer survives a move and may close itself from its callback")
{
	Loop loop;
	Counter counter;
	Timer original(loop, counter);
	Timer moved = std::move(original);
	CHECK_FALSE(original.IsDefined());
	counter.close_on_fire = &moved;
	moved.Start(1, 1);
	loop.Run();
	CHECK(counter.timers == 1);
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("Loop::AliveHandles names what is left")
{
	Loop loop;
	Counter counter;
	Timer timer(loop, counter);
	timer.Start(1000);
	const auto alive = loop.AliveHandles();
	REQUIRE(alive.size() == 1);
	CHECK(alive[0] == "timer (active)");
	timer.Close();
	CHECK(loop.AliveHandles() == std::vector<std::string>{"timer (closing)"});
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("Async wakes the loop from another thread")
{
	Loop loop;
	Counter counter;
	Async async(loop, counter);
	std::thread sender([&] { async.Send(); });
	loop.Run(); // returns once OnAsync closed the handle
	sender.join();
	CHECK(counter.asyncs == 1);
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("Signal delivers a signal on the loop")
{
	Loop loop;
	Counter counter;
	Signal signal(loop, counter);
	signal.Start(SIGUSR1);
	std::raise(SIGUSR1);
	loop.Run();
	CHECK(counter.signals == 1);
	CHECK(loop.AliveHandles().empty());
}
