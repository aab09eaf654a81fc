#include "Async.hxx"
#include "Loop.hxx"

namespace osprey::uv {

Async::Async(Loop &loop, Listener &_listener)
	: Handle(_listener)
{
	Initialised(uv_async_init(loop.Get(), handle, OnAsyncCallback), "creating an async handle");
}

void
Async::OnAsyncCallback(uv_async_t *handle) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->listener->OnAsync(*self);
}

} // namespace osprey::uv
