#include "HttpServer.hxx"
#include "lib/uv/Loop.hxx"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace osprey::http {

HttpServer::HttpServer(uv::Loop &_loop, HttpHandler &_handler, const HttpLimits &_limits)
	: loop(_loop), handler(_handler), limits(_limits),
	  read_buffer(new char[kReadBufferSize])
{
}

void
HttpServer::Listen(std::string_view host, unsigned port)
{
	const std::string where = std::string(host) + ":" + std::to_string(port);
	if (port > 65535)
		throw std::invalid_argument("listening on " + where + ": port out of range");

	std::string literal(host);
	if (literal.size() >= 2 && literal.front() == '[' && literal.back() == ']')
		literal = literal.substr(1, literal.size() - 2);

	sockaddr_storage address{};
	if (auto &in = reinterpret_cast<sockaddr_in &>(address);
	    inet_pton(AF_INET, literal.c_str(), &in.sin_addr) == 1) {
		in.sin_family = AF_INET;
		in.sin_port = htons(static_cast<std::uint16_t>(port));
	} else if (auto &in6 = reinterpret_cast<sockaddr_in6 &>(address);
		   inet_pton(AF_INET6, literal.c_str(), &in6.sin6_addr) == 1) {
		in6.sin6_family = AF_INET6;
		in6.sin6_port = htons(static_cast<std::uint16_t>(port));
	} else
		throw std::invalid_argument("listening on " + where +
					    ": not an IPv4 or IPv6 address");

	const std::string context = "listening on " + where;
	uv::TcpSocket socket(loop, *this);
	socket.Bind(reinterpret_cast<const sockaddr &>(address), context.c_str());
	socket.Listen(limits.listen_backlog, context.c_str());
	listener = std::move(socket);
	stopping = false;
}

unsigned
HttpServer::Port() const noexcept
{
	return listener.IsDefined() ? listener.LocalPort() : 0;
}

void
HttpServer::OnConnection(uv::TcpSocket &, int status) noexcept
{
	if (status < 0)
		return; // e.g. EMFILE: libuv keeps listening; nothing to do per event

	try {
		uv::TcpSocket client(loop, *this);
		if (listener.Accept(client) < 0)
			return;
		auto *connection = new HttpConnection(loop, std::move(client), handler, limits, stats,
						      {read_buffer.get(), kReadBufferSize}, *this);
		const bool overloaded = counted_connections >= limits.max_connections;
		++stats.connections_accepted;
		if (overloaded)
			++stats.connections_overloaded;
		Link(*connection);
		if (overloaded) {
			--counted_connections; // Link() counted it
			connection->StartOverloaded();
		} else
			connection->Start();
	} catch (...) {
		// Out of memory or handles: the accepted socket (if any) was
		// closed by its destructor; the client sees a reset.
	}
}

void
HttpServer::Link(HttpConnection &connection) noexcept
{
	connection.prev = nullptr;
	connection.next = connections;
	if (connections != nullptr)
		connections->prev = &connection;
	connections = &connection;
	++counted_connections;
	++all_connections;
}

void
HttpServer::Unlink(HttpConnection &connection) noexcept
{
	if (connection.prev != nullptr)
		connection.prev->next = connection.next;
	else
		connections = connection.next;
	if (connection.next != nullptr)
		connection.next->prev = connection.prev;
	if (connection.IsCounted())
		--counted_connections;
	--all_connections;
}

void
HttpServer::OnHttpConnectionClosed(HttpConnection &connection) noexcept
{
	Unlink(connection);
	delete &connection;
	CheckStopped();
}

void
HttpServer::StopGracefully(std::function<void()> stopped)
{
	on_stopped = std::move(stopped);
	stopping = true;
	listener.Close();
	for (HttpConnection *c = connections, *next; c != nullptr; c = next) {
		next = c->next; // StopGracefully() may delete c, nothing else
		c->StopGracefully();
	}
	CheckStopped();
}

void
HttpServer::CheckStopped() noexcept
{
	if (!stopping || connections != nullptr || !on_stopped)
		return;
	stopping = false;
	auto callback = std::exchange(on_stopped, nullptr);
	try {
		callback();
	} catch (...) {
		// The callback's exception has nowhere to go from a libuv callback.
	}
}

void
HttpServer::Close() noexcept
{
	listener.Close();
	while (connections != nullptr) {
		HttpConnection &c = *connections;
		Unlink(c);
		c.CloseHandles();
		delete &c;
	}
	stopping = false;
	on_stopped = nullptr;
}

} // namespace osprey::http
