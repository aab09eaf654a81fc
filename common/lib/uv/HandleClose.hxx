// The one way Osprey closes a libuv handle (mediasoup's pattern): the uv_*_t is
// allocated apart from the C++ object that owns it, `data` points back at that
// object, and closing clears `data` before uv_close() so no callback can reach
// the (possibly already destroyed) owner; the close callback frees the handle
// and nothing else. A closing handle is dead to its owner at once.
#pragma once

#include <uv.h>

namespace osprey::uv::detail {

template<typename T>
inline void
CloseAndFree(T *handle) noexcept
{
	if (handle == nullptr)
		return;
	handle->data = nullptr;
	uv_close(reinterpret_cast<uv_handle_t *>(handle),
		 [](uv_handle_t *h) noexcept { delete reinterpret_cast<T *>(h); });
}

} // namespace osprey::uv::detail
