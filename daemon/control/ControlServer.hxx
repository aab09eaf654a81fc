// The supervisor's management socket (~/.osprey/osprey.sock): a unix socket,
// mode 0600, one JSON request line per connection answered by a
// ControlHandler (wire protocol in common/control/ControlProtocol.hxx).
// Everything runs on the loop's thread; no method is thread-safe.
//
//   uv::Loop loop;
//   MySupervisor supervisor;                     // implements ControlHandler
//   daemon::ControlServer control(loop, supervisor);
//   control.Listen(home.ControlSocket());        // throws if a daemon runs
//   loop.Run();
//   ...
//   control.Close();                             // removes the socket file
#pragma once

#include "ControlConnection.hxx"
#include "ControlLimits.hxx"
#include "lib/uv/Pipe.hxx"

#include <memory>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class ControlHandler;

class ControlServer final : uv::Pipe::Listener, ControlConnection::Listener {
	uv::Loop &loop;
	ControlHandler &handler;
	const ControlLimits limits;
	uv::Pipe listener;
	std::vector<std::unique_ptr<ControlConnection>> connections;

	/** the socket file we created, and its identity, so Close() removes
	    ours and not a successor's */
	std::string path;
	dev_t device = 0;
	ino_t inode = 0;

public:
	/// @p loop and @p handler must outlive the server.
	ControlServer(uv::Loop &loop, ControlHandler &handler, const ControlLimits &limits = {});
	~ControlServer() noexcept { Close(); }

	ControlServer(const ControlServer &) = delete;
	ControlServer &operator=(const ControlServer &) = delete;

	/// Creates the socket at @p path with mode 0600 and listens. A socket
	/// file nobody answers on (a crashed daemon's) is replaced. Throws
	/// std::runtime_error "another osprey daemon is running (socket PATH)"
	/// when one answers, and std::runtime_error / std::system_error naming
	/// @p path for anything else (not a socket, path too long, bind failed).
	/// Briefly narrows the process umask (see uv::Pipe::Bind()): call it at
	/// startup, before other threads create files.
	void Listen(const std::string &path);

	/// Stops listening, drops every connection (unanswered clients see EOF)
	/// and removes the socket file. Afterwards the server holds no libuv
	/// handle; the loop frees the closed ones on its next run. Idempotent.
	void Close() noexcept;

	/// Sends @p line (one protocol line, no newline) to every client that
	/// watches ({"command":"watch"}); one that cannot keep up is dropped.
	void Broadcast(std::string_view line) noexcept;

	/// The socket's path while listening, else empty.
	const std::string &Path() const noexcept { return path; }
	std::size_t ConnectionCount() const noexcept { return connections.size(); }

private:
	// uv::Pipe::Listener
	void OnConnection(uv::Pipe &, int status) noexcept override;
	void OnRead(uv::Pipe &, ssize_t, const char *) noexcept override {}
	// ControlConnection::Listener
	void OnControlConnectionDone(ControlConnection &connection) noexcept override;
};

} // namespace osprey::daemon
