// Owns one uv_signal_t: a POSIX signal delivered as a loop callback.
#pragma once

#include "Handle.hxx"

namespace osprey::uv {

class Loop;
class Signal;

class SignalListener {
public:
	virtual void OnSignal(Signal &signal, int signum) noexcept = 0;

protected:
	~SignalListener() = default;
};

class Signal final : public detail::Handle<uv_signal_t, Signal, SignalListener> {
public:
	using Listener = SignalListener;

	Signal() noexcept = default;
	/// Throws std::system_error when uv_signal_init() fails.
	Signal(Loop &loop, Listener &listener);
	Signal(Signal &&) noexcept = default;
	Signal &operator=(Signal &&) noexcept = default;

	/// Throws std::system_error when uv_signal_start() fails.
	void Start(int signum);
	void Stop() noexcept {
		if (handle != nullptr)
			uv_signal_stop(handle);
	}

private:
	static void OnSignalCallback(uv_signal_t *handle, int signum) noexcept;
};

} // namespace osprey::uv
