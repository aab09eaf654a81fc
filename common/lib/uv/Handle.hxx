// The one way Osprey owns a libuv handle (mediasoup's pattern): the uv_*_t is
// allocated apart from the C++ object that owns it, `data` points back at that
// object, and closing clears `data` before uv_close() so no callback can reach
// the (possibly already destroyed) owner; the close callback frees the handle
// and nothing else. A closing handle is dead to its owner at once.
//
// detail::Handle is the base of every wrapper here (Owner is the wrapper
// itself): it keeps the handle and the owner's listener, moves both (pointing
// `data` at the new owner), and closes on destruction. Move-only.
#pragma once

#include "Error.hxx"

#include <uv.h>

#include <utility>

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

template<typename T, typename Owner, typename Listener>
class Handle {
protected:
	T *handle = nullptr;
	Listener *listener = nullptr;

	Handle() noexcept = default;
	/// Allocates the handle; the owner's constructor initialises it and
	/// then calls Initialised().
	explicit Handle(Listener &_listener) : handle(new T), listener(&_listener) {}

	Handle(Handle &&other) noexcept
		: handle(std::exchange(other.handle, nullptr)),
		  listener(std::exchange(other.listener, nullptr))
	{
		PointAtOwner();
	}

	Handle &operator=(Handle &&other) noexcept {
		if (this != &other) {
			Close();
			handle = std::exchange(other.handle, nullptr);
			listener = std::exchange(other.listener, nullptr);
			PointAtOwner();
		}
		return *this;
	}

	~Handle() noexcept { Close(); }

	/// With what uv_*_init() returned: on success `data` points at the
	/// owner; on failure the handle (never initialised, so not closed) is
	/// freed and std::system_error "@p what: reason" thrown.
	void Initialised(int err, const char *what) {
		if (err < 0) {
			delete std::exchange(handle, nullptr);
			throw MakeError(err, what);
		}
		PointAtOwner();
	}

	void PointAtOwner() noexcept {
		if (handle != nullptr)
			handle->data = static_cast<Owner *>(this);
	}

	/// The owner behind a handle (or a uv_stream_t/uv_handle_t view of
	/// it) in a callback; null once the owner closed it.
	template<typename H>
	static Owner *OwnerOf(const H *h) noexcept { return static_cast<Owner *>(h->data); }

public:
	Handle(const Handle &) = delete;
	Handle &operator=(const Handle &) = delete;

	bool IsDefined() const noexcept { return handle != nullptr; }

	/// No callback reaches the owner after this; libuv frees the handle
	/// later. Does nothing on an empty or closed one.
	void Close() noexcept { CloseAndFree(std::exchange(handle, nullptr)); }
};

} // namespace osprey::uv::detail
