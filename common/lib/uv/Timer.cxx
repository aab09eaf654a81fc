#include "Timer.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <utility>

namespace osprey::uv {

Timer::Timer(Loop &loop, Listener &_listener)
	: handle(new uv_timer_t), listener(&_listener)
{
	if (const int err = uv_timer_init(loop.Get(), handle); err < 0) {
		delete handle;
		handle = nullptr;
		throw MakeError(err, "creating a timer");
	}
	handle->data = this;
}

Timer::Timer(Timer &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)),
	  listener(std::exchange(other.listener, nullptr))
{
	if (handle != nullptr)
		handle->data = this;
}

Timer &
Timer::operator=(Timer &&other) noexcept
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
Timer::Start(std::uint64_t timeout_ms, std::uint64_t repeat_ms) noexcept
{
	// uv_timer_start() only fails for a closing handle or a null callback.
	if (handle != nullptr)
		uv_timer_start(handle, OnTimerCallback, timeout_ms, repeat_ms);
}

void
Timer::Stop() noexcept
{
	if (handle != nullptr)
		uv_timer_stop(handle);
}

bool
Timer::IsActive() const noexcept
{
	return handle != nullptr && uv_is_active(reinterpret_cast<const uv_handle_t *>(handle));
}

void
Timer::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
Timer::OnTimerCallback(uv_timer_t *handle) noexcept
{
	if (auto *self = static_cast<Timer *>(handle->data))
		self->listener->OnTimer(*self);
}

} // namespace osprey::uv
