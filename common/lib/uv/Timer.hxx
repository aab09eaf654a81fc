// Owns one uv_timer_t (allocated apart, see HandleClose.hxx). Move-only.
#pragma once

#include <uv.h>

#include <cstdint>

namespace osprey::uv {

class Loop;

class Timer {
public:
	/// Told when the timer fires. The Timer is passed so one owner can tell
	/// several timers apart. Runs on the loop's thread; must not throw.
	class Listener {
	public:
		virtual void OnTimer(Timer &timer) noexcept = 0;

	protected:
		~Listener() = default;
	};

private:
	uv_timer_t *handle = nullptr;
	Listener *listener = nullptr;

public:
	Timer() noexcept = default;
	/// Throws std::system_error when uv_timer_init() fails.
	Timer(Loop &loop, Listener &listener);
	Timer(Timer &&other) noexcept;
	Timer &operator=(Timer &&other) noexcept;
	~Timer() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }

	/// Calls on a closed (or empty) Timer do nothing.
	/// (Re)arms the timer: fires once after @p timeout_ms, or every
	/// @p repeat_ms afterwards when non-zero.
	void Start(std::uint64_t timeout_ms, std::uint64_t repeat_ms = 0) noexcept;
	void Stop() noexcept;
	bool IsActive() const noexcept;

	/// The timer will not fire again; the handle is freed by libuv later.
	void Close() noexcept;

private:
	static void OnTimerCallback(uv_timer_t *handle) noexcept;
};

} // namespace osprey::uv
