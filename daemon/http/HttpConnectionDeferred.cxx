// A connection whose handler deferred its answer: Advance() stopped reading
// and UpdatePhaseDeadline() the deadline while the answer waits; here the
// connection goes on once it arrives.
#include "HttpConnection.hxx"
#include "lib/uv/Loop.hxx"

namespace osprey::http {

void
HttpConnection::OnDeferredAnswered() noexcept
{
	// Inside the handler's Complete(): going on here could call the
	// handler again, or destroy this connection under its caller.
	answered = true;
	timer.Start(0);
	armed_for = loop.Now();
}

void
HttpConnection::ContinueAfterAnswer() noexcept
{
	feeding = true;
	protocol.Continue();
	feeding = false;
	// The timer fired for us, not for the deadline set meanwhile (sending,
	// lingering after a graceful stop): that one stands.
	if (deadline != UINT64_MAX) {
		const std::uint64_t now = loop.Now();
		timer.Start(deadline > now ? deadline - now : 0);
		armed_for = deadline;
	}
	if (writing)
		return; // OnWritten() goes on
	if (!protocol.IsWaiting() && !protocol.WantsClose())
		if (const int err = socket.ReadStart(read_buffer); err < 0 && err != UV_EALREADY) {
			Destroy();
			return;
		}
	deadline_requests = SIZE_MAX; // the phase's deadline comes back
	Advance();
}

} // namespace osprey::http
