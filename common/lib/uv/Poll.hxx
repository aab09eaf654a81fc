// Owns one uv_poll_t: readiness of a descriptor the caller reads and writes
// itself (the worker's socketpair). Does not own the descriptor. Move-only.
#pragma once

#include <uv.h>

namespace osprey::uv {

class Loop;

class Poll {
public:
	class Listener {
	public:
		/// @p status is negative on error; @p events is UV_READABLE etc.
		virtual void OnPoll(Poll &poll, int status, int events) noexcept = 0;

	protected:
		~Listener() = default;
	};

private:
	uv_poll_t *handle = nullptr;
	Listener *listener = nullptr;

public:
	Poll() noexcept = default;
	/// Throws std::system_error.
	Poll(Loop &loop, Listener &listener, int fd);
	Poll(Poll &&other) noexcept;
	Poll &operator=(Poll &&other) noexcept;
	~Poll() noexcept { Close(); }

	bool IsDefined() const noexcept { return handle != nullptr; }
	void Start(int events) noexcept;
	void Stop() noexcept;
	void Close() noexcept;

private:
	static void OnPollCallback(uv_poll_t *handle, int status, int events) noexcept;
};

} // namespace osprey::uv
