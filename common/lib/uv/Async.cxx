#include "Async.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <utility>

namespace osprey::uv {

Async::Async(Loop &loop, Listener &_listener)
	: handle(new uv_async_t), listener(&_listener)
{
	if (const int err = uv_async_init(loop.Get(), handle, OnAsyncCallback); err < 0) {
		delete handle;
		handle = nullptr;
		throw MakeError(err, "creating an async handle");
	}
	handle->data = this;
}

Async::Async(Async &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)),
	  listener(std::exchange(other.listener, nullptr))
{
	if (handle != nullptr)
		handle->data = this;
}

Async &
Async::operator=(Async &&other) noexcept
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
Async::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
Async::OnAsyncCallback(uv_async_t *handle) noexcept
{
	if (auto *self = static_cast<Async *>(handle->data))
		self->listener->OnAsync(*self);
}

} // namespace osprey::uv
