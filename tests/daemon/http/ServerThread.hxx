// Test helper: an HttpServer on 127.0.0.1 (port 0) running its loop in a
// thread. Stop() or StopGracefully() end the loop; afterwards the test may
// inspect the handler and check that no libuv handle is left.
#pragma once

#include "RecordingHandler.hxx"
#include "http/HttpServer.hxx"
#include "lib/uv/Async.hxx"
#include "lib/uv/Loop.hxx"

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace osprey::http::test {

class ServerThread final : uv::Async::Listener {
	uv::Loop loop;
	uv::Async wakeup{loop, *this};
	std::thread thread;
	std::atomic<int> command{0};
	std::atomic<bool> graceful_requested{false};
	std::mutex tasks_mutex;
	std::vector<std::function<void()>> tasks;

public:
	RecordingHandler handler;
	HttpServer server;
	unsigned port = 0;
	bool graceful_stop_completed = false;
	std::vector<std::string> alive_after_stop;

	explicit ServerThread(const HttpLimits &limits = {}, const char *host = "127.0.0.1")
		: server(loop, handler, limits) {
		server.Listen(host, 0);
		port = server.Port();
		// GET /stop: the handler itself stops the server, from inside Handle().
		handler.on_stop = [this] {
			graceful_requested = true;
			BeginStopOnLoop();
		};
		thread = std::thread([this] { loop.Run(); });
	}

	~ServerThread() { Stop(); }

	/// Close() everything now, wait for the loop to end.
	void Stop() { Command(1); }
	/// Runs @p task on the loop's thread, soon (before a stop asked later).
	void RunOnLoop(std::function<void()> task) {
		{
			const std::lock_guard lock(tasks_mutex);
			tasks.push_back(std::move(task));
		}
		wakeup.Send();
	}
	/// Waits until the handler deferred @p n requests in all.
	void WaitForDeferred(unsigned n) {
		for (unsigned seen; (seen = handler.deferred_total.load()) < n;)
			handler.deferred_total.wait(seen);
	}

	/// StopGracefully(); the loop ends once the last connection is gone.
	void BeginGracefulStop() {
		graceful_requested = true;
		RunOnLoop([this] { BeginStopOnLoop(); }); // in order with other tasks
	}
	void Join() {
		if (thread.joinable()) {
			thread.join();
			alive_after_stop = loop.AliveHandles();
		}
	}

private:
	void Command(int c) {
		if (!thread.joinable())
			return;
		if (graceful_requested) {
			// The loop ends by itself; the wakeup handle may be gone.
			Join();
			return;
		}
		command = c;
		wakeup.Send();
		Join();
	}

	void OnAsync(uv::Async &) noexcept override {
		std::vector<std::function<void()>> now;
		{
			const std::lock_guard lock(tasks_mutex);
			now.swap(tasks);
		}
		for (auto &task : now)
			task();
		if (command == 1) {
			server.Close();
			wakeup.Close();
		}
	}

	void BeginStopOnLoop() {
		server.StopGracefully([this] {
			graceful_stop_completed = true;
			wakeup.Close();
		});
	}
};

} // namespace osprey::http::test
