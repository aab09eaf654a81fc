// uv::Work: the function runs on the pool, the completion on the loop's
// thread, and a cancelled Work never completes, even when its function was
// already running.
#include "lib/uv/Loop.hxx"
#include "lib/uv/Work.hxx"

#include <doctest/doctest.h>

#include <future>
#include <memory>
#include <thread>

using namespace osprey::uv;

TEST_CASE("Work runs off the loop and completes on it")
{
	Loop loop;
	Work work;
	auto pool_thread = std::make_shared<std::thread::id>();
	std::thread::id done_thread;
	int done = 0;
	work.Queue(loop, [pool_thread] { *pool_thread = std::this_thread::get_id(); },
		   [&] { ++done; done_thread = std::this_thread::get_id(); });
	CHECK(work.IsPending());
	loop.Run();
	CHECK(done == 1);
	CHECK_FALSE(work.IsPending());
	CHECK(done_thread == std::this_thread::get_id());
	CHECK(*pool_thread != std::this_thread::get_id());
}

TEST_CASE("Work cancelled never completes")
{
	Loop loop;
	int done = 0;

	SUBCASE("cancelled while its function runs") {
		// The function waits until the test has cancelled: no sleeping.
		std::promise<void> cancelled, started;
		auto go = std::make_shared<std::shared_future<void>>(cancelled.get_future().share());
		auto ran = std::make_shared<bool>(false);
		Work work;
		work.Queue(loop, [go, ran, &started] { started.set_value(); go->wait(); *ran = true; },
			   [&] { ++done; });
		started.get_future().wait();
		work.Cancel();
		CHECK_FALSE(work.IsPending());
		cancelled.set_value();
		loop.Run(); // returns once the function has ended
		CHECK(*ran);
	}
	SUBCASE("destroyed before the loop runs") {
		{
			Work work;
			work.Queue(loop, [] {}, [&] { ++done; });
		}
		loop.Run();
	}
	SUBCASE("queued again: only the second completes") {
		Work work;
		int second = 0;
		work.Queue(loop, [] {}, [&] { ++done; });
		work.Queue(loop, [] {}, [&] { ++second; });
		loop.Run();
		CHECK(second == 1);
	}
	CHECK(done == 0);
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("Work's completion may destroy the Work")
{
	Loop loop;
	auto work = std::make_unique<Work>();
	bool done = false;
	work->Queue(loop, [] {}, [&] { work.reset(); done = true; });
	loop.Run();
	CHECK(done);
	CHECK(work == nullptr);
}
