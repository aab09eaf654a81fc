#include "TcpSocket.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <cstring>
#include <memory>
#include <netinet/in.h>
#include <utility>

namespace osprey::uv {

namespace {

/// A queued write owns its bytes: the socket may be closed (and its owner
/// gone) before libuv calls back with UV_ECANCELED.
struct WriteRequest {
	uv_write_t req;
	std::unique_ptr<char[]> bytes;
};

inline uv_stream_t *
Stream(uv_tcp_t *handle) noexcept
{
	return reinterpret_cast<uv_stream_t *>(handle);
}

} // namespace

void
TcpSocket::Listener::OnConnection(TcpSocket &, int) noexcept
{
}

void
TcpSocket::Listener::OnWritten(TcpSocket &, int) noexcept
{
}

TcpSocket::TcpSocket(Loop &loop, Listener &_listener)
	: handle(new uv_tcp_t), listener(&_listener)
{
	if (const int err = uv_tcp_init(loop.Get(), handle); err < 0) {
		delete handle;
		handle = nullptr;
		throw MakeError(err, "creating a TCP socket");
	}
	handle->data = this;
}

TcpSocket::TcpSocket(TcpSocket &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)),
	  listener(std::exchange(other.listener, nullptr)),
	  read_buffer(std::exchange(other.read_buffer, {}))
{
	if (handle != nullptr)
		handle->data = this;
}

TcpSocket &
TcpSocket::operator=(TcpSocket &&other) noexcept
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
TcpSocket::Bind(const sockaddr &address, const char *what)
{
	if (handle == nullptr)
		throw MakeError(UV_EBADF, what);
	if (const int err = uv_tcp_bind(handle, &address, 0); err < 0)
		throw MakeError(err, what);
}

void
TcpSocket::Listen(int backlog, const char *what)
{
	if (handle == nullptr)
		throw MakeError(UV_EBADF, what);
	if (const int err = uv_listen(Stream(handle), backlog, OnConnectionCallback); err < 0)
		throw MakeError(err, what);
}

int
TcpSocket::Accept(TcpSocket &client) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	return uv_accept(Stream(handle), Stream(client.handle));
}

int
TcpSocket::SetNoDelay(bool enable) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	return uv_tcp_nodelay(handle, enable ? 1 : 0);
}

unsigned
TcpSocket::LocalPort() const noexcept
{
	if (handle == nullptr)
		return 0;
	sockaddr_storage address{};
	int length = sizeof(address);
	if (uv_tcp_getsockname(handle, reinterpret_cast<sockaddr *>(&address), &length) < 0)
		return 0;
	if (address.ss_family == AF_INET)
		return ntohs(reinterpret_cast<const sockaddr_in &>(address).sin_port);
	if (address.ss_family == AF_INET6)
		return ntohs(reinterpret_cast<const sockaddr_in6 &>(address).sin6_port);
	return 0;
}

std::string
TcpSocket::PeerAddress() const
{
	if (handle == nullptr)
		return {};
	sockaddr_storage address{};
	int length = sizeof(address);
	if (uv_tcp_getpeername(handle, reinterpret_cast<sockaddr *>(&address), &length) < 0)
		return {};
	char ip[64];
	if (address.ss_family == AF_INET) {
		const auto &in = reinterpret_cast<const sockaddr_in &>(address);
		if (uv_ip4_name(&in, ip, sizeof(ip)) < 0)
			return {};
		return std::string(ip) + ":" + std::to_string(ntohs(in.sin_port));
	}
	if (address.ss_family == AF_INET6) {
		const auto &in6 = reinterpret_cast<const sockaddr_in6 &>(address);
		if (uv_ip6_name(&in6, ip, sizeof(ip)) < 0)
			return {};
		return "[" + std::string(ip) + "]:" + std::to_string(ntohs(in6.sin6_port));
	}
	return {};
}

int
TcpSocket::ReadStart(std::span<char> buffer) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	read_buffer = buffer;
	return uv_read_start(Stream(handle), OnAllocCallback, OnReadCallback);
}

void
TcpSocket::ReadStop() noexcept
{
	if (handle != nullptr)
		uv_read_stop(Stream(handle));
}

int
TcpSocket::TryWrite(std::string_view data) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	const uv_buf_t buf = uv_buf_init(const_cast<char *>(data.data()),
					 static_cast<unsigned>(data.size()));
	return uv_try_write(Stream(handle), &buf, 1);
}

int
TcpSocket::Write(std::string_view data) noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	auto *request = new (std::nothrow) WriteRequest;
	if (request == nullptr)
		return UV_ENOMEM;
	request->bytes.reset(new (std::nothrow) char[data.size()]);
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

int
TcpSocket::Shutdown() noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	auto *req = new (std::nothrow) uv_shutdown_t;
	if (req == nullptr)
		return UV_ENOMEM;
	// Nobody needs to hear about the end of a shutdown: the owner waits for
	// the peer's EOF instead. The callback only frees the request.
	const int err = uv_shutdown(req, Stream(handle),
				    [](uv_shutdown_t *r, int) noexcept { delete r; });
	if (err < 0)
		delete req;
	return err;
}

void
TcpSocket::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
TcpSocket::OnConnectionCallback(uv_stream_t *server, int status) noexcept
{
	if (auto *self = static_cast<TcpSocket *>(server->data))
		self->listener->OnConnection(*self, status);
}

void
TcpSocket::OnAllocCallback(uv_handle_t *handle, size_t, uv_buf_t *buf) noexcept
{
	auto *self = static_cast<TcpSocket *>(handle->data);
	if (self == nullptr || self->read_buffer.empty()) {
		*buf = uv_buf_init(nullptr, 0); // libuv reports UV_ENOBUFS
		return;
	}
	*buf = uv_buf_init(self->read_buffer.data(), static_cast<unsigned>(self->read_buffer.size()));
}

void
TcpSocket::OnReadCallback(uv_stream_t *stream, ssize_t nread, const uv_buf_t *) noexcept
{
	auto *self = static_cast<TcpSocket *>(stream->data);
	if (self == nullptr || nread == 0) // 0: EAGAIN, nothing to report
		return;
	self->listener->OnRead(*self, nread, self->read_buffer.data());
}

void
TcpSocket::OnWriteCallback(uv_write_t *req, int status) noexcept
{
	std::unique_ptr<WriteRequest> request(static_cast<WriteRequest *>(req->data));
	// A closed socket's data is null: the owner is gone, just free the bytes.
	if (auto *self = static_cast<TcpSocket *>(req->handle->data))
		self->listener->OnWritten(*self, status);
}

} // namespace osprey::uv
