#include "Pipe.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <utility>

namespace osprey::uv {

namespace {

/// A queued write owns its bytes: the pipe may be closed (and its owner
/// gone) before libuv calls back with UV_ECANCELED.
struct WriteRequest {
	uv_write_t req;
	std::unique_ptr<char[]> bytes;
};

inline uv_stream_t *
Stream(uv_pipe_t *handle) noexcept
{
	return reinterpret_cast<uv_stream_t *>(handle);
}

} // namespace

void
Pipe::Listener::OnConnection(Pipe &, int) noexcept
{
}

void
Pipe::Listener::OnWritten(Pipe &, int) noexcept
{
}

Pipe::Pipe(Loop &loop, Listener &_listener)
	: handle(new uv_pipe_t), listener(&_listener)
{
	if (const int err = uv_pipe_init(loop.Get(), handle, 0); err < 0) {
		delete handle;
		handle = nullptr;
		throw MakeError(err, "creating a unix socket");
	}
	handle->data = this;
}

Pipe::Pipe(Pipe &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)),
	  listener(std::exchange(other.listener, nullptr)),
	  read_buffer(std::exchange(other.read_buffer, {}))
{
	if (handle != nullptr)
		handle->data = this;
}

Pipe &
Pipe::operator=(Pipe &&other) noexcept
{
	if (this != &other) {
		Close();
		handle = std::exchange(other.handle, nullptr);
		listener = std::exchange(other.listener, nullptr);
		read_buffer = std::exchange(other.read_buffer, {});
		if (handle != nullptr)
			handle->data = this;
	}
	return *this;
}

void
Pipe::Bind(const std::string &path, mode_t mode)
{
	const std::string what = "binding the unix socket " + path;
	if (handle == nullptr)
		throw MakeError(UV_EBADF, what);
	// bind(2) creates the file with 0777 & ~umask; chmod afterwards would
	// leave a window in which another user could connect.
	const mode_t old_mask = ::umask(~mode & 0777);
	const int err = uv_pipe_bind(handle, path.c_str());
	::umask(old_mask);
	if (err < 0)
		throw MakeError(err, what);
}

void
Pipe::Listen(int backlog, const char *what)
{
	if (handle == nullptr)
		throw MakeError(UV_EBADF, what);
	if (const int err = uv_listen(Stream(handle), backlog, OnConnectionCallback); err < 0)
		throw MakeError(err, what);
}

int
Pipe::Accept(Pipe &client) noexcept
{
	if (handle == nullptr || client.handle == nullptr)
		return UV_EBADF;
	return uv_accept(Stream(handle), Stream(client.handle));
}

int
Pipe::ReadStart(std::span<char> buffer) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	read_buffer = buffer;
	return uv_read_start(Stream(handle), OnAllocCallback, OnReadCallback);
}

void
Pipe::ReadStop() noexcept
{
	if (handle != nullptr)
		uv_read_stop(Stream(handle));
}

int
Pipe::Write(std::string_view data) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	auto *request = new (std::nothrow) WriteRequest;
	if (request == nullptr)
		return UV_ENOMEM;
	request->bytes.reset(new (std::nothrow) char[data.size() + 1]);
	if (request->bytes == nullptr) {
		delete request;
		return UV_ENOMEM;
	}
	std::memcpy(request->bytes.get(), data.data(), data.size());
	request->req.data = request;
	const uv_buf_t buf = uv_buf_init(request->bytes.get(), static_cast<unsigned>(data.size()));
	const int err = uv_write(&request->req, Stream(handle), &buf, 1, OnWriteCallback);
	if (err < 0)
		delete request;
	return err;
}

void
Pipe::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
Pipe::OnConnectionCallback(uv_stream_t *server, int status) noexcept
{
	if (auto *self = static_cast<Pipe *>(server->data))
		self->listener->OnConnection(*self, status);
}

void
Pipe::OnAllocCallback(uv_handle_t *handle, size_t, uv_buf_t *buf) noexcept
{
	auto *self = static_cast<Pipe *>(handle->data);
	if (self == nullptr || self->read_buffer.empty()) {
		*buf = uv_buf_init(nullptr, 0); // libuv reports UV_ENOBUFS
		return;
	}
	*buf = uv_buf_init(self->read_buffer.data(), static_cast<unsigned>(self->read_buffer.size()));
}

void
Pipe::OnReadCallback(uv_stream_t *stream, ssize_t nread, const uv_buf_t *) noexcept
{
	auto *self = static_cast<Pipe *>(stream->data);
	if (self == nullptr || nread == 0) // 0: EAGAIN, nothing to report
		return;
	self->listener->OnRead(*self, nread, self->read_buffer.data());
}

void
Pipe::OnWriteCallback(uv_write_t *req, int status) noexcept
{
	std::unique_ptr<WriteRequest> request(static_cast<WriteRequest *>(req->data));
	// A closed pipe's data is null: the owner is gone, just free the bytes.
	if (auto *self = static_cast<Pipe *>(req->handle->data))
		self->listener->OnWritten(*self, status);
}

} // namespace osprey::uv
