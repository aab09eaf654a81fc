#include "ControlConnection.hxx"
#include "ControlDispatch.hxx"

#include <span>

namespace osprey::daemon {

ControlConnection::ControlConnection(uv::Loop &loop, ControlHandler &_handler,
				     Listener &_listener, const ControlLimits &_limits)
	: handler(_handler), listener(_listener), limits(_limits),
	  socket(loop, *this), deadline(loop, *this)
{
}

int
ControlConnection::Start() noexcept
{
	// One deadline for the whole exchange: a client that sends slowly, or
	// never reads its answer, costs at most limits.timeout_ms.
	deadline.Start(limits.timeout_ms);
	return socket.ReadStart(std::span<char>(read_buffer));
}

void
ControlConnection::Close() noexcept
{
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
ControlConnection::Answer(std::string response) noexcept
{
	socket.ReadStop();
	answered = true;
	try {
		response.push_back('\n');
	} catch (...) {
		Finish();
		return;
	}
	if (socket.Write(response) < 0)
		Finish();
}

void
ControlConnection::OnRead(uv::Pipe &, ssize_t nread, const char *data) noexcept
{
	if (answered)
		return;
	if (nread < 0) {
		// A client that shut its side down after a request without the
		// newline still gets an answer; an empty or broken one does not.
		if (nread == UV_EOF && !request.empty() && request.size() <= limits.max_request)
			Answer(DispatchControlRequest(handler, request));
		else
			Finish();
		return;
	}

	try {
		request.append(data, static_cast<std::size_t>(nread));
		const auto newline = request.find('\n');
		if (newline != std::string::npos && newline <= limits.max_request) {
			request.resize(newline);
			Answer(DispatchControlRequest(handler, request));
		} else if (request.size() > limits.max_request) {
			Answer(ControlError("request too large (more than " +
					    std::to_string(limits.max_request) + " bytes)"));
		}
	} catch (...) {
		// Out of memory: the request cannot be held, drop the client.
		Finish();
	}
}

void
ControlConnection::OnWritten(uv::Pipe &, int) noexcept
{
	// Written or failed, the exchange is over either way.
	Finish();
}

void
ControlConnection::OnTimer(uv::Timer &) noexcept
{
	Finish();
}

} // namespace osprey::daemon
