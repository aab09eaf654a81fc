#include "Timer.hxx"
#include "Loop.hxx"

namespace osprey::uv {

Timer::Timer(Loop &loop, Listener &_listener)
	: Handle(_listener)
{
	Initialised(uv_timer_init(loop.Get(), handle), "creating a timer");
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
Timer::OnTimerCallback(uv_timer_t *handle) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->listener->OnTimer(*self);
}

} // namespace osprey::uv
