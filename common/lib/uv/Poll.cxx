#include "Poll.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <utility>

namespace osprey::uv {

Poll::Poll(Loop &loop, Listener &_listener, int fd)
	: handle(new uv_poll_t), listener(&_listener)
{
	if (const int err = uv_poll_init(loop.Get(), handle, fd); err < 0) {
		delete handle;
		handle = nullptr;
		throw MakeError(err, "watching a descriptor");
	}
	handle->data = this;
}

Poll::Poll(Poll &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)), listener(std::exchange(other.listener, nullptr))
{
	if (handle != nullptr)
		handle->data = this;
}

Poll &
Poll::operator=(Poll &&other) noexcept
{
	if (this != &other) {
		Close();
		handle = std::exchange(other.handle, nullptr);
		listener = std::exchange(other.listener, nullptr);
		if (handle != nullptr)
			handle->data = this;
	}
	return *this;
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
Poll::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
Poll::OnPollCallback(uv_poll_t *handle, int status, int events) noexcept
{
	if (auto *self = static_cast<Poll *>(handle->data))
		self->listener->OnPoll(*self, status, events);
}

} // namespace osprey::uv
