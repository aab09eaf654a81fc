#include "ControlServer.hxx"
#include "SocketPath.hxx"
#include "lib/uv/Loop.hxx"

#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>

namespace osprey::daemon {

ControlServer::ControlServer(uv::Loop &_loop, ControlHandler &_handler,
			     const ControlLimits &_limits)
	: loop(_loop), handler(_handler), limits(_limits)
{
}

void
ControlServer::Listen(const std::string &socket_path)
{
	ClaimSocketPath(socket_path);
	uv::Pipe pipe(loop, *this);
	pipe.Bind(socket_path, 0600);
	try {
		pipe.Listen(16, ("listening on the control socket " + socket_path).c_str());
	} catch (...) {
		pipe.Close();
		::unlink(socket_path.c_str());
		throw;
	}
	struct stat st;
	if (::stat(socket_path.c_str(), &st) == 0) {
		device = st.st_dev;
		inode = st.st_ino;
	}
	listener = std::move(pipe);
	path = socket_path;
}

void
ControlServer::Close() noexcept
{
	listener.Close();
	for (auto &c : connections)
		c->Close();
	connections.clear();

	if (path.empty())
		return;
	// Only our own file: after a restart race the path may hold a newer
	// daemon's socket, which must stay.
	struct stat st;
	if (::lstat(path.c_str(), &st) == 0 && st.st_dev == device && st.st_ino == inode)
		::unlink(path.c_str());
	path.clear();
}

void
ControlServer::OnConnection(uv::Pipe &, int status) noexcept
{
	if (status < 0)
		return;

	std::unique_ptr<ControlConnection> connection;
	ControlConnection::Listener &self = *this; // a private base
	try {
		connection = std::make_unique<ControlConnection>(loop, handler, self, limits);
	} catch (...) {
		// Out of handles or memory: the client stays in the backlog and
		// is retried at the next connection; nothing better to do here.
		return;
	}
	if (listener.Accept(connection->Socket()) < 0)
		return;
	// Beyond the limit the client is accepted only to be closed: it sees
	// EOF instead of waiting in the backlog.
	if (connections.size() >= limits.max_connections)
		return;
	if (connection->Start() < 0)
		return;
	try {
		connections.push_back(std::move(connection));
	} catch (...) {
		return;
	}
}

void
ControlServer::Broadcast(std::string_view line) noexcept
{
	/* a push may end its own connection (and only its own): walk a copy */
	std::vector<ControlConnection *> targets;
	try {
		targets.reserve(connections.size());
	} catch (...) {
		return;
	}
	for (auto &c : connections)
		targets.push_back(c.get());
	for (auto *c : targets)
		c->Push(line);
}

void
ControlServer::OnControlConnectionDone(ControlConnection &connection) noexcept
{
	const auto i = std::find_if(connections.begin(), connections.end(),
				    [&](const auto &c) { return c.get() == &connection; });
	if (i != connections.end())
		connections.erase(i);
}

} // namespace osprey::daemon
