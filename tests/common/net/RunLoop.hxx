// Waiting for the loop to bring something about, with a deadline: tests run
// on a loaded machine and must fail, not hang, when it never comes.
#pragma once

#include "lib/uv/Loop.hxx"
#include "lib/uv/Timer.hxx"

#include <cstdint>

namespace osprey::test {

/// Runs @p loop until @p done() or @p timeout_ms passed; returns done().
template<typename Done>
bool
RunUntil(uv::Loop &loop, Done done, std::uint64_t timeout_ms = 20'000)
{
	struct Deadline final : uv::TimerListener {
		bool passed = false;
		void OnTimer(uv::Timer &) noexcept override { passed = true; }
	} deadline;
	uv::Timer timer(loop, deadline);
	timer.Start(timeout_ms);
	while (!done() && !deadline.passed)
		loop.Run(UV_RUN_ONCE);
	return done();
}

/// Lets pending close callbacks run, then what is still alive on @p loop.
inline auto
AliveAfterClosing(uv::Loop &loop)
{
	loop.Run(UV_RUN_NOWAIT);
	return loop.AliveHandles();
}

} // namespace osprey::test
