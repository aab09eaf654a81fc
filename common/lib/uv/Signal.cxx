#include "Signal.hxx"
#include "Loop.hxx"

#include <string>

namespace osprey::uv {

Signal::Signal(Loop &loop, Listener &_listener)
	: Handle(_listener)
{
	Initialised(uv_signal_init(loop.Get(), handle), "creating a signal handle");
}

void
Signal::Start(int signum)
{
	if (const int err = uv_signal_start(handle, OnSignalCallback, signum); err < 0)
		throw MakeError(err, "watching signal " + std::to_string(signum));
}

void
Signal::OnSignalCallback(uv_signal_t *handle, int signum) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->listener->OnSignal(*self, signum);
}

} // namespace osprey::uv
