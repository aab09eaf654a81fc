// One client of the management socket: reads one request line (bounded in
// size and time), answers it through DispatchControlRequest(), writes the
// response line and closes. Runs on the loop's thread.
#pragma once

#include "ControlLimits.hxx"
#include "lib/uv/Pipe.hxx"
#include "lib/uv/Timer.hxx"

#include <array>
#include <string>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class ControlHandler;

class ControlConnection final : uv::Pipe::Listener, uv::Timer::Listener {
public:
	class Listener {
	public:
		/// The connection is done (answered, timed out or failed) and
		/// holds no open handle; the owner may destroy it from here.
		virtual void OnControlConnectionDone(ControlConnection &connection) noexcept = 0;

	protected:
		~Listener() = default;
	};

private:
	ControlHandler &handler;
	Listener &listener;
	const ControlLimits &limits;
	uv::Pipe socket;
	uv::Timer deadline;
	std::string request;
	bool answered = false;
	/** every read lands here before it is appended to request */
	std::array<char, 4096> read_buffer;

public:
	/// Throws std::system_error when a libuv handle cannot be created.
	/// @p limits must outlive the connection.
	ControlConnection(uv::Loop &loop, ControlHandler &handler, Listener &listener,
			  const ControlLimits &limits);
	~ControlConnection() noexcept { Close(); }

	ControlConnection(const ControlConnection &) = delete;
	ControlConnection &operator=(const ControlConnection &) = delete;

	/// The pipe to uv::Pipe::Accept() into before Start().
	uv::Pipe &Socket() noexcept { return socket; }

	/// Starts reading and the deadline. Returns a negative libuv code when
	/// reading cannot start (the caller then destroys the connection).
	int Start() noexcept;

	/// Closes both handles; no callback follows, OnControlConnectionDone()
	/// included.
	void Close() noexcept;

private:
	void Answer(std::string response) noexcept;
	/// Close() and tell the owner; must be the last thing a callback does.
	void Finish() noexcept;

	// uv::Pipe::Listener
	void OnRead(uv::Pipe &, ssize_t nread, const char *data) noexcept override;
	void OnWritten(uv::Pipe &, int status) noexcept override;
	// uv::Timer::Listener
	void OnTimer(uv::Timer &) noexcept override;
};

} // namespace osprey::daemon
