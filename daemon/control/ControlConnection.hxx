// One client of the management socket: reads one request line (bounded in
// size and time), carries it out through the ControlHandler, writes the
// answer line and closes. Runs on the loop's thread.
//
// A decision goes: the client's user name is looked up on the thread pool
// (getpwuid_r may block), the handler is called, and the answer is written
// when the handler calls back, which may be later. Whatever ends the
// connection first (the deadline, the server closing) answers an error
// instead; a handler's callback after that does nothing.
#pragma once

#include "ControlLimits.hxx"
#include "Decider.hxx"
#include "control/ControlProtocol.hxx"
#include "lib/uv/Pipe.hxx"
#include "lib/uv/Timer.hxx"
#include "lib/uv/Work.hxx"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class ControlHandler;
struct DecisionOutcome;

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
	enum class Phase {
		Reading,
		/** the client's user name is being looked up on the pool */
		LookingUp,
		/** the handler has the decision; its DecisionDone is awaited */
		Deciding,
		/** answered (or abandoned): nothing more to do but write */
		Answered,
		/** subscribed (watch): Push() writes, the client's EOF ends it */
		Watching,
	};

	uv::Loop &loop;
	ControlHandler &handler;
	Listener &listener;
	const ControlLimits &limits;
	uv::Pipe socket;
	uv::Timer deadline;
	uv::Work lookup;
	std::string request;
	Phase phase = Phase::Reading;
	control::Request command;
	/** the client's uid (SO_PEERCRED), read once accepted */
	std::optional<uid_t> peer_uid;
	/** what the handler's DecisionDone reaches the connection through;
	    Close() nulls it, so a late callback finds nobody */
	std::shared_ptr<ControlConnection *> self;
	/** every read lands here before it is appended to request */
	std::array<char, 4096> read_buffer;

public:
	/// Throws std::system_error when a libuv handle cannot be created.
	/// @p loop, @p handler and @p limits must outlive the connection.
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

	/// Sends @p line (one protocol line, without its newline) if the
	/// client watches; drops a watcher whose backlog is too large. May end
	/// the connection (OnControlConnectionDone()).
	void Push(std::string_view line) noexcept;

	/// Closes both handles; no callback follows, OnControlConnectionDone()
	/// included. A client whose decision is under way gets an error answer
	/// first ("the daemon is stopping: ..."), written without waiting.
	void Close() noexcept;

private:
	/* ControlConnection.cxx: the socket, the deadline, the answer */
	void Answer(std::string line) noexcept;
	/// Answers {"ok":false,"error":@p error}.
	void Refuse(std::string_view error) noexcept;
	/// If a decision is under way, answers that it was not (or may not
	/// have been) taken, because @p why, without waiting for the write.
	void Abandon(std::string_view why) noexcept;
	/// Close() and tell the owner; must be the last thing a callback does.
	void Finish() noexcept;

	/* ControlCommands.cxx: what a request does. Each may end in Answer(),
	   which may destroy the connection: nothing may follow it. */
	void Execute(std::string_view line) noexcept;
	void StartWatching() noexcept;
	void LookUpDecider() noexcept;
	void Reload() noexcept;
	void Decide(const Decider &who) noexcept;
	void OnDecided(const DecisionOutcome &result, const std::string &by) noexcept;

	// uv::Pipe::Listener
	void OnRead(uv::Pipe &, ssize_t nread, const char *data) noexcept override;
	void OnWritten(uv::Pipe &, int status) noexcept override;
	// uv::Timer::Listener
	void OnTimer(uv::Timer &) noexcept override;
};

} // namespace osprey::daemon
