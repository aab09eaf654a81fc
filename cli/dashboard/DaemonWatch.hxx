// The dashboard's link to the running daemon, on a thread of its own: it
// subscribes on the management socket ({"command":"watch"}, WatchProtocol.hxx)
// and puts every pushed job record into Shared; when the daemon is down it
// says so and tries again every two seconds. Decisions (approve, ignore,
// cancel) go out on a thread of their own too, so the UI never waits.
#pragma once

#include "Shared.hxx"
#include "control/ControlProtocol.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace osprey::dashboard {

class DaemonWatch {
	const std::string socket_path;
	Shared &shared;
	/** written to stop the thread out of its poll() */
	UniqueFd stop_read, stop_write;
	std::atomic<bool> stop{false};
	std::vector<std::thread> deciders;
	std::thread thread;

public:
	/// Starts watching at once. Throws std::system_error (no pipe).
	DaemonWatch(std::string socket_path, Shared &shared);
	/// Stops and joins; a decision under way is waited for (bounded by
	/// its timeout).
	~DaemonWatch() noexcept;

	DaemonWatch(const DaemonWatch &) = delete;
	DaemonWatch &operator=(const DaemonWatch &) = delete;

	/// Asks the daemon for a decision; the outcome lands in Shared::notice.
	void Decide(control::Command command, std::string job);

private:
	void Run() noexcept;
	/// One subscription, until the socket closes or stop. Returns why it ended.
	std::string WatchOnce();
	void SetLink(DaemonLink link, std::string detail) noexcept;
	/// Waits up to @p ms for stop; true when stopping.
	bool Sleep(int ms) noexcept;
};

} // namespace osprey::dashboard
