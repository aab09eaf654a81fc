// Owns one uv_async_t: the only thread-safe way to wake a loop from another
// thread (Send() may be called from any thread; OnAsync runs on the loop's).
#pragma once

#include "Handle.hxx"

namespace osprey::uv {

class Loop;
class Async;

class AsyncListener {
public:
	/// Several Send() calls may be coalesced into one notification.
	virtual void OnAsync(Async &async) noexcept = 0;

protected:
	~AsyncListener() = default;
};

class Async final : public detail::Handle<uv_async_t, Async, AsyncListener> {
public:
	using Listener = AsyncListener;

	Async() noexcept = default;
	/// Throws std::system_error when uv_async_init() fails.
	Async(Loop &loop, Listener &listener);
	Async(Async &&) noexcept = default;
	Async &operator=(Async &&) noexcept = default;

	/// Thread-safe. Must not race with Close() (which is loop-thread only).
	void Send() noexcept {
		if (handle != nullptr)
			uv_async_send(handle);
	}

private:
	static void OnAsyncCallback(uv_async_t *handle) noexcept;
};

} // namespace osprey::uv
