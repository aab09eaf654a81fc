#include "Poll.hxx"
#include "Loop.hxx"

namespace osprey::uv {

Poll::Poll(Loop &loop, Listener &_listener, int fd)
	: Handle(_listener)
{
	Initialised(uv_poll_init(loop.Get(), handle, fd), "watching a descriptor");
}

void
Poll::Start(int events) noexcept
{
	if (handle != nullptr)
		uv_poll_start(handle, events, OnPollCallback);
}

void
Poll::Stop() noexcept
{
	if (handle != nullptr)
		uv_poll_stop(handle);
}

void
Poll::OnPollCallback(uv_poll_t *handle, int status, int events) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->listener->OnPoll(*self, status, events);
}

} // namespace osprey::uv
