#include "TcpSocket.hxx"
#include "Loop.hxx"

#include <netinet/in.h>

namespace osprey::uv {

TcpSocket::TcpSocket(Loop &loop, Listener &_listener)
	: Stream(_listener)
{
	Initialised(uv_tcp_init(loop.Get(), handle), "creating a TCP socket");
}

void
TcpSocket::Bind(const sockaddr &address, const char *what)
{
	if (handle == nullptr)
		throw MakeError(UV_EBADF, what);
	if (const int err = uv_tcp_bind(handle, &address, 0); err < 0)
		throw MakeError(err, what);
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
TcpSocket::Shutdown() noexcept
{
	if (handle == nullptr)
		return UV_EBADF;
	auto *req = new (std::nothrow) uv_shutdown_t;
	if (req == nullptr)
		return UV_ENOMEM;
	// Nobody needs to hear about the end of a shutdown: the owner waits for
	// the peer's EOF instead. The callback only frees the request.
	const int err = uv_shutdown(req, AsStream(),
				    [](uv_shutdown_t *r, int) noexcept { delete r; });
	if (err < 0)
		delete req;
	return err;
}

} // namespace osprey::uv
