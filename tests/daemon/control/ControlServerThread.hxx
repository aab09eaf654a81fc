// Test helper: a ControlServer on a socket in a fresh temporary directory,
// its loop running in a thread. Stop() closes everything and joins; the test
// may then check that no libuv handle is left.
#pragma once

#include "FakeControlHandler.hxx"
#include "control/ControlServer.hxx"
#include "lib/uv/Async.hxx"
#include "lib/uv/Loop.hxx"

#include <atomic>
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
	uv::Async wakeup{loop, *this};
	std::thread thread;
	std::atomic<std::size_t> connections{0};

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

	void Stop() {
		if (!thread.joinable())
			return;
		wakeup.Send();
		thread.join();
		alive_after_stop = loop.AliveHandles();
	}

private:
	void OnAsync(uv::Async &) noexcept override {
		server.Close();
		wakeup.Close();
	}
};

} // namespace osprey::daemon::test
