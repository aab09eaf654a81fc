#include "ControlConnection.hxx"

#include <span>

namespace osprey::daemon {

ControlConnection::ControlConnection(uv::Loop &_loop, ControlHandler &_handler,
				     Listener &_listener, const ControlLimits &_limits)
	: loop(_loop), handler(_handler), listener(_listener), limits(_limits),
	  socket(_loop, *this), deadline(_loop, *this),
	  self(std::make_shared<ControlConnection *>(this))
{
}

int
ControlConnection::Start() noexcept
{
	peer_uid = socket.PeerUid();
	// One deadline for the whole exchange: a client that sends slowly, or
	// never reads its answer, costs at most limits.timeout_ms.
	deadline.Start(limits.timeout_ms);
	return socket.ReadStart(std::span<char>(read_buffer));
}

void
ControlConnection::Close() noexcept
{
	Abandon("the daemon is stopping");
	if (self)
		*self = nullptr;
	lookup.Cancel();
	socket.Close();
	deadline.Close();
}

void
ControlConnection::Finish() noexcept
{
	Close();
	listener.OnControlConnectionDone(*this);
}

void
ControlConnection::Answer(std::string line) noexcept
{
	socket.ReadStop();
	phase = Phase::Answered;
	try {
		line.push_back('\n');
	} catch (...) {
		Finish();
		return;
	}
	if (socket.Write(line) < 0)
		Finish();
}

void
ControlConnection::Refuse(std::string_view error) noexcept
{
	std::string line;
	try {
		line = control::ToJsonLine(control::Refusal{std::string(error)});
	} catch (...) {
		// Out of memory: the client sees EOF without an answer.
		Finish();
		return;
	}
	Answer(std::move(line));
}

void
ControlConnection::Abandon(std::string_view why) noexcept
{
	const char *outcome = phase == Phase::LookingUp ? ": the job was not decided"
		: phase == Phase::Deciding ? ": the decision is not confirmed; osprey jobs shows the job's state"
		: nullptr;
	if (outcome == nullptr)
		return;
	phase = Phase::Answered;
	try {
		// The socket is about to close, which would cancel a queued
		// write: only what the kernel takes now gets through (all of
		// this short line, as nothing else was written).
		socket.TryWrite(control::ToJsonLine(control::Refusal{std::string(why) + outcome}) + "\n");
	} catch (...) {
		// Out of memory: the client sees EOF without an answer.
	}
}

void
ControlConnection::OnRead(uv::Pipe &, ssize_t nread, const char *data) noexcept
{
	if (phase == Phase::Watching) {
		if (nread < 0)
			Finish(); // the watcher went away
		return;
	}
	if (phase != Phase::Reading)
		return;
	if (nread < 0) {
		// A client that shut its side down after a request without the
		// newline still gets an answer; an empty or broken one does not.
		if (nread == UV_EOF && !request.empty() && request.size() <= limits.max_request)
			Execute(request);
		else
			Finish();
		return;
	}

	try {
		request.append(data, static_cast<std::size_t>(nread));
		const auto newline = request.find('\n');
		if (newline != std::string::npos && newline <= limits.max_request) {
			request.resize(newline);
			Execute(request);
		} else if (request.size() > limits.max_request) {
			Refuse("request too large (more than " +
			       std::to_string(limits.max_request) + " bytes)");
		}
	} catch (...) {
		// Out of memory: the request cannot be held, drop the client.
		Finish();
	}
}

void
ControlConnection::OnWritten(uv::Pipe &, int status) noexcept
{
	// A watcher's stream goes on until it fails; any other exchange is
	// over once its answer is written (or failed).
	if (phase == Phase::Watching && status == 0)
		return;
	Finish();
}

void
ControlConnection::OnTimer(uv::Timer &) noexcept
{
	Abandon("no answer in time");
	Finish();
}

} // namespace osprey::daemon
