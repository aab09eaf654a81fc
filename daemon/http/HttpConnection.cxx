#include "HttpConnection.hxx"
#include "lib/uv/Loop.hxx"

#include <utility>

namespace osprey::http {

using Phase = HttpConnectionProtocol::Phase;

HttpConnection::HttpConnection(uv::Loop &_loop, uv::TcpSocket &&_socket, HttpHandler &handler,
			       const HttpLimits &_limits, HttpStats &stats,
			       std::span<char> _read_buffer, Listener &_listener)
	: loop(_loop), limits(_limits), read_buffer(_read_buffer), listener(_listener),
	  socket(std::move(_socket)), timer(loop, *this), protocol(handler, limits, stats)
{
	socket.SetListener(*this);
	protocol.SetListener(this);
	try {
		protocol.SetRemoteAddress(socket.PeerAddress());
	} catch (...) {
		// Unknown peer: the handler sees an empty address.
	}
}

void
HttpConnection::Start() noexcept
{
	// Responses are written whole; Nagle would only delay them.
	socket.SetNoDelay(true);
	if (socket.ReadStart(read_buffer) < 0) {
		Destroy();
		return;
	}
	UpdatePhaseDeadline();
}

void
HttpConnection::StartOverloaded() noexcept
{
	counted = false;
	protocol.RejectOverloaded();
	if (socket.ReadStart(read_buffer) < 0) {
		Destroy();
		return;
	}
	Advance();
}

void
HttpConnection::StopGracefully() noexcept
{
	protocol.StopGracefully();
	deadline_requests = SIZE_MAX; // a deferred response gets its stop deadline
	if (!feeding && !writing && !lingering)
		Advance();
}

void
HttpConnection::CloseHandles() noexcept
{
	socket.Close();
	timer.Close();
}

void
HttpConnection::Destroy() noexcept
{
	CloseHandles();
	listener.OnHttpConnectionClosed(*this); // deletes this
}

/// Empties the output buffer, keeping its memory unless a large response grew it.
static void
ReleaseOutput(std::string &output) noexcept
{
	if (output.capacity() > HttpConnectionProtocol::kRetainedCapacity)
		std::string().swap(output);
	else
		output.clear();
}

bool
HttpConnection::Flush() noexcept
{
	std::string &output = protocol.Output();
	if (output.empty())
		return true;

	// Most responses fit the socket buffer: one write(2), no request.
	const int n = socket.TryWrite(output);
	if (n >= 0 && std::size_t(n) == output.size()) {
		ReleaseOutput(output);
		return true;
	}
	if (n < 0 && n != UV_EAGAIN)
		return false;

	const std::size_t sent = n > 0 ? std::size_t(n) : 0;
	if (socket.Write(std::string_view(output).substr(sent)) < 0)
		return false;
	ReleaseOutput(output);
	writing = true;
	socket.ReadStop();
	SetDeadline(limits.send_timeout.count());
	return true;
}

void
HttpConnection::Advance() noexcept
{
	if (writing)
		return;
	if (!Flush()) {
		Destroy();
		return;
	}
	if (writing)
		return;

	if (protocol.WantsClose()) {
		if (!protocol.ClosesAfterResponse())
			Destroy();
		else if (!lingering)
			BeginLinger();
		return;
	}
	if (protocol.IsWaiting())
		socket.ReadStop(); // backpressure: pipelined requests wait
	UpdatePhaseDeadline();
}

void
HttpConnection::BeginLinger() noexcept
{
	// The client may still be sending (a body nobody will read); closing
	// now would make the kernel answer those bytes with a reset that can
	// destroy the response in flight. Send FIN and drain instead.
	lingering = true;
	if (socket.Shutdown() < 0) {
		Destroy();
		return;
	}
	// Usually still reading (UV_EALREADY); after a queued write, reading
	// was paused. Anything else (the client's EOF came already): done.
	if (const int err = socket.ReadStart(read_buffer); err < 0 && err != UV_EALREADY) {
		Destroy();
		return;
	}
	SetDeadline(limits.linger_timeout.count());
}

void
HttpConnection::UpdatePhaseDeadline() noexcept
{
	const Phase phase = protocol.GetPhase();
	const std::size_t requests = protocol.RequestCount();
	if (phase == deadline_phase && requests == deadline_requests)
		return;

	const Phase previous = std::exchange(deadline_phase, phase);
	deadline_requests = requests;
	switch (phase) {
	case Phase::IDLE:
		SetDeadline(requests == 0 ? limits.header_timeout.count()
			    : limits.keepalive_timeout.count());
		break;
	case Phase::HEAD:
		// The first request's header time counts from the accept.
		if (!(requests == 0 && previous == Phase::IDLE))
			SetDeadline(limits.header_timeout.count());
		break;
	case Phase::BODY:
		SetDeadline(limits.body_timeout.count());
		break;
	case Phase::WAITING:
		// The handler owns the time it takes; only a graceful stop
		// bounds it.
		if (protocol.IsStopping()) {
			SetDeadline(limits.deferred_stop_timeout.count());
		} else {
			timer.Stop();
			deadline = UINT64_MAX;
		}
		break;
	case Phase::CLOSING:
		break;
	}
}

void
HttpConnection::SetDeadline(std::uint64_t timeout_ms) noexcept
{
	// Lazy timer: moving a deadline later (every keep-alive request does)
	// costs no timer operation; the timer, when it fires early, re-arms
	// itself for the rest.
	const std::uint64_t now = loop.Now();
	deadline = now + timeout_ms;
	if (!timer.IsActive() || deadline < armed_for) {
		timer.Start(timeout_ms);
		armed_for = deadline;
	}
}

void
HttpConnection::OnRead(uv::TcpSocket &, ssize_t nread, const char *data) noexcept
{
	if (nread < 0) {
		if (lingering || nread != UV_EOF) {
			Destroy();
			return;
		}
		protocol.EndOfInput();
		socket.ReadStop();
		Advance();
		return;
	}
	if (lingering || protocol.WantsClose())
		return; // draining

	feeding = true;
	protocol.Feed({data, std::size_t(nread)});
	feeding = false;
	Advance();
}

void
HttpConnection::OnWritten(uv::TcpSocket &, int status) noexcept
{
	writing = false;
	if (status < 0) {
		Destroy();
		return;
	}
	// The send deadline no longer applies; the phase's comes back.
	deadline_requests = SIZE_MAX;
	// Not while an answer waits, nor before the input held back behind it
	// is parsed: requests are answered in order.
	if (!protocol.WantsClose() && !protocol.IsWaiting() && !answered &&
	    socket.ReadStart(read_buffer) < 0) {
		Destroy();
		return;
	}
	Advance();
}

void
HttpConnection::OnTimer(uv::Timer &) noexcept
{
	if (std::exchange(answered, false)) {
		ContinueAfterAnswer();
		return;
	}
	const std::uint64_t now = loop.Now();
	if (now < deadline) {
		timer.Start(deadline - now);
		armed_for = deadline;
		return;
	}
	if (writing || lingering) {
		Destroy();
		return;
	}
	protocol.Timeout();
	Advance();
}

} // namespace osprey::http
