// Owns one uv_process_t: a child process started with uv_spawn(), whose exit
// libuv reports on the loop. Move-only; see HandleClose.hxx for lifetime.
#pragma once

#include <uv.h>

#include <cstdint>
#include <string>
#include <vector>

namespace osprey::uv {

class Loop;

class Process {
public:
	class Listener {
	public:
		/// The child ended: @p exit_status if it exited, @p term_signal
		/// (non-zero) if a signal killed it. Runs on the loop's thread.
		virtual void OnProcessExit(Process &process, std::int64_t exit_status,
					   int term_signal) noexcept = 0;

	protected:
		~Listener() = default;
	};

	struct Options {
		std::string file;               // path of the executable
		std::vector<std::string> args;  // argv, args[0] included
		/** the child's descriptors: index = child fd, value = parent fd to
		    hand over, or -1 for /dev/null. Every other descriptor is closed
		    in the child (they are all O_CLOEXEC in Osprey). */
		std::vector<int> fds;
	};

private:
	uv_process_t *handle = nullptr;
	Listener *listener = nullptr;
	int pid = 0;

public:
	Process() noexcept = default;
	/// Starts the child. Throws std::system_error ("starting /x: no such
	/// file or directory") if it cannot be started.
	Process(Loop &loop, Listener &listener, const Options &options);
	Process(Process &&other) noexcept;
	Process &operator=(Process &&other) noexcept;
	~Process() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }
	int Pid() const noexcept { return pid; }

	/// Sends @p signal; false if the process is gone.
	bool Kill(int signal) noexcept;

	/// Forgets the child: no exit report will come. The process is not
	/// killed; libuv still reaps it.
	void Close() noexcept;

private:
	static void OnExitCallback(uv_process_t *handle, std::int64_t exit_status,
				   int term_signal) noexcept;
};

} // namespace osprey::uv
