// Owns one uv_signal_t: a POSIX signal delivered as a loop callback.
#pragma once

#include <uv.h>

namespace osprey::uv {

class Loop;

class Signal {
public:
	class Listener {
	public:
		virtual void OnSignal(Signal &signal, int signum) noexcept = 0;

	protected:
		~Listener() = default;
	};

private:
	uv_signal_t *handle = nullptr;
	Listener *listener = nullptr;

public:
	Signal() noexcept = default;
	/// Throws std::system_error when uv_signal_init() fails.
	Signal(Loop &loop, Listener &listener);
	Signal(Signal &&other) noexcept;
	Signal &operator=(Signal &&other) noexcept;
	~Signal() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }

	/// Throws std::system_error when uv_signal_start() fails.
	void Start(int signum);
	void Stop() noexcept {
		if (handle != nullptr)
			uv_signal_stop(handle);
	}

	void Close() noexcept;

private:
	static void OnSignalCallback(uv_signal_t *handle, int signum) noexcept;
};

} // namespace osprey::uv
