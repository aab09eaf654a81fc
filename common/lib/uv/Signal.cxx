#include "Signal.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <string>
#include <utility>

namespace osprey::uv {

Signal::Signal(Loop &loop, Listener &_listener)
	: handle(new uv_signal_t), listener(&_listener)
{
	if (const int err = uv_signal_init(loop.Get(), handle); err < 0) {
		delete handle;
		handle = nullptr;
		throw MakeError(err, "creating a signal handle");
	}
	handle->data = this;
}

Signal::Signal(Signal &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)),
	  listener(std::exchange(other.listener, nullptr))
{
	if (handle != nullptr)
		handle->data = this;
}

Signal &
Signal::operator=(Signal &&other) noexcept
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
Signal::Start(int signum)
{
	if (const int err = uv_signal_start(handle, OnSignalCallback, signum); err < 0)
		throw MakeError(err, "watching signal " + std::to_string(signum));
}

void
Signal::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
Signal::OnSignalCallback(uv_signal_t *handle, int signum) noexcept
{
	if (auto *self = static_cast<Signal *>(handle->data))
		self->listener->OnSignal(*self, signum);
}

} // namespace osprey::uv
