// Test helper: a ControlServer on a socket in a fresh temporary directory,
// its loop running in a thread. Stop() closes everything and joins; the test
// may then check that no libuv handle is left.
#pragma once

#include "FakeControlHandler.hxx"
#include "control/ControlServer.hxx"
#include "lib/uv/Async.hxx"
#include "lib/uv/Loop.hxx"

#include <functional>
#include <future>
#include <mutex>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace osprey::daemon::test {

/// A directory under /tmp (short: socket paths are limited to 107 bytes),
/// removed with everything in it.
struct TempDir {
	std::string path;

	TempDir() {
		char name[] = "/tmp/osprey-control-XXXXXX";
		if (::mkdtemp(name) == nullptr)
			throw std::runtime_error("mkdtemp failed");
		path = name;
	}
	~TempDir() { std::filesystem::remove_all(path); }
	TempDir(const TempDir &) = delete;
	TempDir &operator=(const TempDir &) = delete;
};

class ControlServerThread final : uv::Async::Listener {
	uv::Loop loop;
	uv::Async wakeup{loop, *this}, tasks{loop, *this};
	std::thread thread;
	std::mutex mutex;
	std::vector<std::packaged_task<void()>> queued;

public:
	FakeControlHandler handler;
	ControlServer server;
	std::vector<std::string> alive_after_stop;

	/// Listens on @p path before the thread starts (so Listen's exceptions
	/// reach the test).
	ControlServerThread(const std::string &path, const ControlLimits &limits = {})
		: server(loop, handler, limits) {
		server.Listen(path);
		thread = std::thread([this] { loop.Run(); });
	}
	~ControlServerThread() { Stop(); }

	/// Runs @p task on the loop's thread and waits for it to end.
	void RunOnLoop(std::function<void()> task) {
		std::packaged_task<void()> packaged(std::move(task));
		auto ended = packaged.get_future();
		{
			std::lock_guard lock(mutex);
			queued.push_back(std::move(packaged));
		}
		tasks.Send();
		ended.get();
	}

	void Stop() {
		if (!thread.joinable())
			return;
		wakeup.Send();
		thread.join();
		alive_after_stop = loop.AliveHandles();
	}

private:
	void OnAsync(uv::Async &async) noexcept override {
		if (&async == &tasks) {
			std::vector<std::packaged_task<void()>> now;
			{
				std::lock_guard lock(mutex);
				now.swap(queued);
			}
			for (auto &task : now)
				task();
			return;
		}
		server.Close();
		wakeup.Close();
		tasks.Close();
	}
};

} // namespace osprey::daemon::test
