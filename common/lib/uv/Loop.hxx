// Owns one uv_loop_t. Every handle wrapper in lib/uv is created on a Loop and
// must be closed before the Loop is destroyed.
#pragma once

#include <uv.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace osprey::uv {

class Loop {
	uv_loop_t *loop = nullptr;

public:
	/// Throws std::system_error when uv_loop_init() fails.
	Loop();
	/// Runs the loop without blocking until pending close callbacks are done,
	/// then closes it. Handles still open at that point are a bug: they are
	/// reported on stderr (see AliveHandles()) and the loop is leaked rather
	/// than freed under them.
	~Loop() noexcept;

	Loop(Loop &&other) noexcept : loop(std::exchange(other.loop, nullptr)) {}
	Loop &operator=(Loop &&other) noexcept {
		std::swap(loop, other.loop);
		return *this;
	}

	uv_loop_t *Get() const noexcept { return loop; }

	/// uv_run(); returns non-zero if handles are still active (UV_RUN_NOWAIT/ONCE).
	int Run(uv_run_mode mode = UV_RUN_DEFAULT) noexcept { return uv_run(loop, mode); }
	/// Makes Run() return after the current iteration; only from the loop's thread.
	void Stop() noexcept { uv_stop(loop); }
	/// The loop's cached millisecond clock.
	std::uint64_t Now() const noexcept { return uv_now(loop); }

	/// One line per handle still known to the loop ("tcp", "timer (closing)",
	/// "async (active)"): what mediasoup's worker prints at shutdown. Tests
	/// assert it is empty after closing everything and running the loop.
	std::vector<std::string> AliveHandles() const;
};

} // namespace osprey::uv
