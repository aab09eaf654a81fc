// What Pipe and TcpSocket share: a uv_stream_t that listens and accepts, or
// reads into the owner's buffer and writes copies. Every callback reaches the
// owner through its StreamListener and never after Close(): closing is final
// and immediate for the owner, libuv frees the handle (and cancels pending
// writes) later.
#pragma once

#include "Handle.hxx"

#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <sys/types.h>

namespace osprey::uv {

/// Runs on the loop's thread; must not throw. The owner may Close() (or
/// destroy) the stream from inside any of these.
template<typename Owner>
class StreamListener {
public:
	/// A listening stream has a connection to Accept() (status 0) or an
	/// error (negative libuv code).
	virtual void OnConnection(Owner &, int) noexcept {}
	/// @p nread bytes arrived at the start of the ReadStart() buffer, or
	/// a negative libuv code (UV_EOF when the peer shut down its side).
	virtual void OnRead(Owner &stream, ssize_t nread, const char *data) noexcept = 0;
	/// A Write() finished (status 0) or failed (negative libuv code).
	virtual void OnWritten(Owner &, int) noexcept {}

protected:
	~StreamListener() = default;
};

namespace detail {

template<typename T, typename Owner>
class Stream : public Handle<T, Owner, StreamListener<Owner>> {
	using Base = Handle<T, Owner, StreamListener<Owner>>;

	std::span<char> read_buffer;

	/// A queued write owns its bytes: the stream may be closed (and its
	/// owner gone) before libuv calls back with UV_ECANCELED.
	struct WriteRequest {
		uv_write_t req;
		std::unique_ptr<char[]> bytes;
	};

protected:
	using Base::Base;
	Stream(Stream &&other) noexcept
		: Base(std::move(other)), read_buffer(std::exchange(other.read_buffer, {})) {}
	Stream &operator=(Stream &&other) noexcept {
		if (this != &other) {
			Base::operator=(std::move(other));
			read_buffer = std::exchange(other.read_buffer, {});
		}
		return *this;
	}

	uv_stream_t *AsStream() const noexcept { return reinterpret_cast<uv_stream_t *>(this->handle); }

public:
	/// Throws std::system_error with @p what as context.
	void Listen(int backlog, const char *what) {
		if (this->handle == nullptr)
			throw MakeError(UV_EBADF, what);
		if (const int err = uv_listen(AsStream(), backlog, OnConnectionCallback); err < 0)
			throw MakeError(err, what);
	}

	/// Accepts a pending connection into @p client (a fresh, defined one).
	int Accept(Owner &client) noexcept {
		if (this->handle == nullptr || !client.IsDefined())
			return UV_EBADF;
		return uv_accept(AsStream(), client.AsStream());
	}

	/// Every read lands in @p buffer, which the caller keeps alive while
	/// reading; sharing one buffer between streams of a loop is fine
	/// because each OnRead() consumes the bytes before the next read.
	int ReadStart(std::span<char> buffer) noexcept {
		if (this->handle == nullptr)
			return UV_EBADF;
		read_buffer = buffer;
		return uv_read_start(AsStream(), OnAllocCallback, OnReadCallback);
	}

	void ReadStop() noexcept {
		if (this->handle != nullptr)
			uv_read_stop(AsStream());
	}

	/// Queues a copy of @p data; OnWritten() reports the end.
	int Write(std::string_view data) noexcept {
		if (this->handle == nullptr)
			return UV_EBADF;
		std::unique_ptr<WriteRequest> request(new (std::nothrow) WriteRequest);
		if (request == nullptr)
			return UV_ENOMEM;
		request->bytes.reset(new (std::nothrow) char[data.size()]);
		if (request->bytes == nullptr)
			return UV_ENOMEM;
		std::memcpy(request->bytes.get(), data.data(), data.size());
		request->req.data = request.get();
		const uv_buf_t buf = uv_buf_init(request->bytes.get(), static_cast<unsigned>(data.size()));
		const int err = uv_write(&request->req, AsStream(), &buf, 1, OnWriteCallback);
		if (err == 0)
			request.release(); // OnWriteCallback frees it
		return err;
	}

	/// Bytes queued by Write() that the kernel has not taken yet.
	std::size_t WriteQueueSize() const noexcept {
		return this->handle != nullptr ? uv_stream_get_write_queue_size(
			reinterpret_cast<const uv_stream_t *>(this->handle)) : 0;
	}

	/// Writes what the kernel takes now: bytes written, or UV_EAGAIN, or
	/// another negative libuv code. Write() queues the remainder.
	int TryWrite(std::string_view data) noexcept {
		if (this->handle == nullptr)
			return UV_EBADF;
		const uv_buf_t buf = uv_buf_init(const_cast<char *>(data.data()),
						 static_cast<unsigned>(data.size()));
		return uv_try_write(AsStream(), &buf, 1);
	}

private:
	static void OnConnectionCallback(uv_stream_t *server, int status) noexcept {
		if (auto *self = Base::OwnerOf(server))
			self->listener->OnConnection(*self, status);
	}

	static void OnAllocCallback(uv_handle_t *handle, size_t, uv_buf_t *buf) noexcept {
		auto *self = Base::OwnerOf(handle);
		if (self == nullptr || self->read_buffer.empty()) {
			*buf = uv_buf_init(nullptr, 0); // libuv reports UV_ENOBUFS
			return;
		}
		*buf = uv_buf_init(self->read_buffer.data(), static_cast<unsigned>(self->read_buffer.size()));
	}

	static void OnReadCallback(uv_stream_t *stream, ssize_t nread, const uv_buf_t *) noexcept {
		auto *self = Base::OwnerOf(stream);
		if (self == nullptr || nread == 0) // 0: EAGAIN, nothing to report
			return;
		self->listener->OnRead(*self, nread, self->read_buffer.data());
	}

	static void OnWriteCallback(uv_write_t *req, int status) noexcept {
		std::unique_ptr<WriteRequest> request(static_cast<WriteRequest *>(req->data));
		// A closed stream's data is null: the owner is gone, just free the bytes.
		if (auto *self = Base::OwnerOf(req->handle))
			self->listener->OnWritten(*self, status);
	}
};

} // namespace detail
} // namespace osprey::uv
