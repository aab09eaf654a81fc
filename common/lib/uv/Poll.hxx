// Owns one uv_poll_t: readiness of a descriptor the caller reads and writes
// itself (the worker's socketpair). Does not own the descriptor. Move-only.
#pragma once

#include "Handle.hxx"

namespace osprey::uv {

class Loop;
class Poll;

class PollListener {
public:
	/// @p status is negative on error; @p events is UV_READABLE etc.
	virtual void OnPoll(Poll &poll, int status, int events) noexcept = 0;

protected:
	~PollListener() = default;
};

class Poll final : public detail::Handle<uv_poll_t, Poll, PollListener> {
public:
	using Listener = PollListener;

	Poll() noexcept = default;
	/// Throws std::system_error.
	Poll(Loop &loop, Listener &listener, int fd);
	Poll(Poll &&) noexcept = default;
	Poll &operator=(Poll &&) noexcept = default;

	void Start(int events) noexcept;
	void Stop() noexcept;

private:
	static void OnPollCallback(uv_poll_t *handle, int status, int events) noexcept;
};

} // namespace osprey::uv
