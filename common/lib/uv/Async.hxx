// Owns one uv_async_t: the only thread-safe way to wake a loop from another
// thread (Send() may be called from any thread; OnAsync runs on the loop's).
#pragma once

#include <uv.h>

namespace osprey::uv {

class Loop;

class Async {
public:
	class Listener {
	public:
		/// Several Send() calls may be coalesced into one notification.
		virtual void OnAsync(Async &async) noexcept = 0;

	protected:
		~Listener() = default;
	};

private:
	uv_async_t *handle = nullptr;
	Listener *listener = nullptr;

public:
	Async() noexcept = default;
	/// Throws std::system_error when uv_async_init() fails.
	Async(Loop &loop, Listener &listener);
	Async(Async &&other) noexcept;
	Async &operator=(Async &&other) noexcept;
	~Async() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }

	/// Thread-safe. Must not race with Close() (which is loop-thread only).
	void Send() noexcept {
		if (handle != nullptr)
			uv_async_send(handle);
	}

	void Close() noexcept;

private:
	static void OnAsyncCallback(uv_async_t *handle) noexcept;
};

} // namespace osprey::uv
