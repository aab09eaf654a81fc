// Owns one uv_timer_t (see Handle.hxx). Move-only.
#pragma once

#include "Handle.hxx"

#include <cstdint>

namespace osprey::uv {

class Loop;
class Timer;

/// Told when the timer fires. The Timer is passed so one owner can tell
/// several timers apart. Runs on the loop's thread; must not throw.
class TimerListener {
public:
	virtual void OnTimer(Timer &timer) noexcept = 0;

protected:
	~TimerListener() = default;
};

class Timer final : public detail::Handle<uv_timer_t, Timer, TimerListener> {
public:
	using Listener = TimerListener;

	Timer() noexcept = default;
	/// Throws std::system_error when uv_timer_init() fails.
	Timer(Loop &loop, Listener &listener);
	Timer(Timer &&) noexcept = default;
	Timer &operator=(Timer &&) noexcept = default;

	/// Calls on a closed (or empty) Timer do nothing.
	/// (Re)arms the timer: fires once after @p timeout_ms, or every
	/// @p repeat_ms afterwards when non-zero.
	void Start(std::uint64_t timeout_ms, std::uint64_t repeat_ms = 0) noexcept;
	void Stop() noexcept;
	bool IsActive() const noexcept;

private:
	static void OnTimerCallback(uv_timer_t *handle) noexcept;
};

} // namespace osprey::uv
