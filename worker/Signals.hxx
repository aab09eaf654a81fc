// Stop requests reach the worker as SIGTERM/SIGINT/SIGHUP, or as the
// supervisor's end of the channel closing (it died). Blocking engine and git
// calls cannot be interrupted safely by a signal handler, so the signals are
// blocked in every thread (BlockStopSignals() before any thread exists) and
// one watcher thread takes them from a signalfd and calls
// StopSwitch::RequestStop().
#pragma once

#include "lib/posix/UniqueFd.hxx"

#include <thread>

namespace osprey {

class StopSwitch;

/// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread (and every thread
/// created from it later) and ignores SIGPIPE. Call first thing in main().
void BlockStopSignals();

/// Child processes must not inherit the blocked mask or ignored SIGPIPE:
/// restores defaults. Async-signal-safe (for use between fork and exec).
void RestoreSignalsInChild() noexcept;

class StopWatcher {
	UniqueFd signal_fd, wake_fd;
	std::thread thread;

public:
	/// Watches the stop signals and, when @p channel_fd >= 0, the channel
	/// for a hang-up.
	StopWatcher(StopSwitch &control, int channel_fd);
	~StopWatcher() noexcept;

	StopWatcher(const StopWatcher &) = delete;
	StopWatcher &operator=(const StopWatcher &) = delete;

private:
	void Run(StopSwitch &control, int channel_fd) noexcept;
};

} // namespace osprey
