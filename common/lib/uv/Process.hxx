// Owns one uv_process_t: a child process started with uv_spawn(), whose exit
// libuv reports on the loop. Move-only; see Handle.hxx for lifetime.
#pragma once

#include "Handle.hxx"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace osprey::uv {

class Loop;
class Process;

class ProcessListener {
public:
	/// The child ended: @p exit_status if it exited, @p term_signal
	/// (non-zero) if a signal killed it. Runs on the loop's thread.
	virtual void OnProcessExit(Process &process, std::int64_t exit_status,
				   int term_signal) noexcept = 0;

protected:
	~ProcessListener() = default;
};

/// Close() forgets the child: no exit report will come. The process is not
/// killed; libuv still reaps it.
class Process final : public detail::Handle<uv_process_t, Process, ProcessListener> {
	int pid = 0;

public:
	using Listener = ProcessListener;

	struct Options {
		std::string file;               // path of the executable
		std::vector<std::string> args;  // argv, args[0] included
		/** the child's descriptors: index = child fd, value = parent fd to
		    hand over, or -1 for /dev/null. Every other descriptor is closed
		    in the child (they are all O_CLOEXEC in Osprey). */
		std::vector<int> fds;
	};

	Process() noexcept = default;
	/// Starts the child. Throws std::system_error ("starting /x: no such
	/// file or directory") if it cannot be started.
	Process(Loop &loop, Listener &listener, const Options &options);
	Process(Process &&other) noexcept
		: Handle(std::move(other)), pid(std::exchange(other.pid, 0)) {}
	Process &operator=(Process &&other) noexcept {
		if (this != &other) {
			Handle::operator=(std::move(other));
			pid = std::exchange(other.pid, 0);
		}
		return *this;
	}

	int Pid() const noexcept { return pid; }

	/// Sends @p signal; false if the process is gone.
	bool Kill(int signal) noexcept;

private:
	static void OnExitCallback(uv_process_t *handle, std::int64_t exit_status,
				   int term_signal) noexcept;
};

} // namespace osprey::uv
