// A child process watched on the loop: started with the careful spawn
// (lib/posix/Spawn.hxx: only the given descriptors, its own session and
// process group) and watched through a pidfd with a uv_poll_t, so its exit
// is reported on the loop. libuv's uv_spawn() is not used: it leaves
// inherited non-CLOEXEC descriptors open in the child. Move-only; see
// Handle.hxx for lifetime.
#pragma once

#include "Handle.hxx"
#include "lib/posix/UniqueFd.hxx"

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

/// Close() forgets the child: no exit report will come and it is not
/// killed; if it is still running, it stays a zombie once it ends (until
/// the daemon exits).
class Process final : public detail::Handle<uv_poll_t, Process, ProcessListener> {
	int pid = 0;
	UniqueFd pidfd;
	/* reaped: its pid (and process group id) may name someone else now */
	bool reaped = false;
	bool kill_group_at_exit = false;

public:
	using Listener = ProcessListener;

	struct Options {
		std::string file;               // path of the executable
		std::vector<std::string> args;  // argv, args[0] included
		std::vector<std::string> env;   // the child's whole environment
		/** the child's descriptors: index = child fd, value = parent fd to
		    hand over, or -1 for /dev/null. Every other one is closed. */
		std::vector<int> fds;
		/** when the child ends, SIGKILL what is left of its process
		    group (before reaping it, while the group id is still its):
		    nothing it started outlives it */
		bool kill_group_at_exit = false;
	};

	Process() noexcept = default;
	/// Starts the child in a session (and process group) of its own.
	/// Throws std::system_error ("starting /x: No such file or directory")
	/// if it cannot be started.
	Process(Loop &loop, Listener &listener, const Options &options);
	Process(Process &&other) noexcept
		: Handle(std::move(other)), pid(std::exchange(other.pid, 0)),
		  pidfd(std::move(other.pidfd)), reaped(std::exchange(other.reaped, false)),
		  kill_group_at_exit(other.kill_group_at_exit) {}
	Process &operator=(Process &&other) noexcept {
		if (this != &other) {
			Handle::operator=(std::move(other));
			pid = std::exchange(other.pid, 0);
			pidfd = std::move(other.pidfd);
			reaped = std::exchange(other.reaped, false);
			kill_group_at_exit = other.kill_group_at_exit;
		}
		return *this;
	}

	int Pid() const noexcept { return pid; }

	/// Sends @p signal to the child only; false if it is gone.
	bool Kill(int signal) noexcept;
	/// Sends @p signal to the child's whole process group (it and what it
	/// started); false once the child was reaped.
	bool KillGroup(int signal) noexcept;

private:
	void OnExited() noexcept;
	static void OnPollCallback(uv_poll_t *handle, int status, int events) noexcept;
};

} // namespace osprey::uv
