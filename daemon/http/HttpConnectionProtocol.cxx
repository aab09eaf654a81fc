// The request/response state machine: what happens at the end of the headers,
// at the end of a message, and when something goes wrong. The llhttp
// callbacks that collect a request are in HttpConnectionParse.cxx.
#include "HttpConnectionProtocol.hxx"

#include <string>
#include <utility>

namespace osprey::http {

HttpConnectionProtocol::HttpConnectionProtocol(HttpHandler &_handler, const HttpLimits &_limits,
					       HttpStats &_stats) noexcept
	: handler(_handler), limits(_limits), stats(_stats), parser(*this)
{
	request.headers = &headers;
	request.responder = this;
}

HttpConnectionProtocol::~HttpConnectionProtocol() noexcept
{
	Unlink();
}

void
HttpConnectionProtocol::Feed(std::string_view input) noexcept
{
	// An empty Execute() after a pause is needed too: it runs the parser
	// through the steps that consume no byte (the end of a bodiless
	// message right after its headers).
	while (phase != Phase::CLOSING) {
		if (phase == Phase::WAITING) {
			// Pipelined requests wait for the answer before theirs.
			try {
				held_input.append(input);
			} catch (...) {
				// No answer could go out in order: close.
				Unlink();
				phase = Phase::CLOSING;
			}
			return;
		}
		const auto [error, consumed] = parser.Execute(input);
		input.remove_prefix(consumed);
		switch (error) {
		case HPE_OK:
			return;
		case HPE_PAUSED:
			parser.Resume();
			if (std::exchange(pause, Pause::NONE) == Pause::HEAD)
				OnHead();
			else
				OnMessage();
			break;
		case HPE_PAUSED_UPGRADE:
			// The request was answered with "Connection: close";
			// Osprey speaks no protocol to upgrade to.
			phase = Phase::CLOSING;
			return;
		default:
			OnParseError(error);
			return;
		}
	}
}

void
HttpConnectionProtocol::EndOfInput() noexcept
{
	if (phase == Phase::WAITING) {
		stopping = true; // answer, then close
		return;
	}
	phase = Phase::CLOSING;
}

void
HttpConnectionProtocol::Timeout() noexcept
{
	if (phase == Phase::WAITING) {
		Unlink();
		stopping = true;
		WriteError(503, "The server stopped before the request was answered.");
		FinishMessage();
	} else if (phase == Phase::HEAD || phase == Phase::BODY)
		Fail(408, "The request did not arrive in time.");
	else
		phase = Phase::CLOSING;
}

void
HttpConnectionProtocol::StopGracefully() noexcept
{
	stopping = true;
	if (phase == Phase::IDLE)
		phase = Phase::CLOSING;
}

void
HttpConnectionProtocol::RejectOverloaded() noexcept
{
	Fail(503, "The server has too many open connections; try again later.");
}

ConnectionMode
HttpConnectionProtocol::ModeAfter(bool keep_alive) noexcept
{
	keep_alive = keep_alive && !stopping && parser.ShouldKeepAlive() && !parser.IsUpgrade();
	if (!keep_alive) {
		close_after_response = true;
		return ConnectionMode::CLOSE;
	}
	return parser.HttpMinor() == 0 ? ConnectionMode::KEEP_ALIVE_EXPLICIT
		: ConnectionMode::KEEP_ALIVE_DEFAULT;
}

void
HttpConnectionProtocol::OnHead() noexcept
{
	FillHead();
	if (request.version_major != 1) {
		Fail(505, "Only HTTP/1.0 and HTTP/1.1 are supported.");
		return;
	}

	RouteDecision decision;
	try {
		decision = handler.Route(request);
	} catch (...) {
		Fail(500, "The server failed to route the request.");
		return;
	}

	if (decision.rejection) {
		// Answered now; a body would stay unread, so the connection
		// can only go on when there is none.
		rejected = true;
		try {
			SerializeResponse(output, *decision.rejection, ModeAfter(!request.HasBody()),
					  head_request);
			stats.CountResponse(decision.rejection->status);
		} catch (...) {
			Fail(500, "The server failed to answer the request.");
			return;
		}
		phase = close_after_response ? Phase::CLOSING : Phase::BODY;
		return;
	}

	max_body = decision.max_body_bytes.value_or(limits.max_body_bytes);
	if (request.content_length && *request.content_length > max_body) {
		Fail(413, "The request body is larger than this endpoint accepts ("
		     + std::to_string(max_body) + " bytes).");
		return;
	}

	// RFC 9110 10.1.1: the client waits for this before sending the body.
	// Sent only now that the route accepted; a rejection is final instead.
	if (request.HasBody() && request.version_minor >= 1)
		if (const auto expect = request.Header("expect");
		    expect && EqualsIgnoreCase(*expect, "100-continue"))
			output += "HTTP/1.1 100 Continue\r\n\r\n";

	phase = Phase::BODY;
}

void
HttpConnectionProtocol::OnParseError(llhttp_errno_t error) noexcept
{
	switch (std::exchange(failure, Failure::NONE)) {
	case Failure::HEADER_TOO_LARGE:
		Fail(431, "The request line and headers are larger than the server accepts ("
		     + std::to_string(limits.max_header_bytes) + " bytes).");
		return;
	case Failure::BODY_TOO_LARGE:
		Fail(413, "The request body is larger than this endpoint accepts ("
		     + std::to_string(max_body) + " bytes).");
		return;
	case Failure::OUT_OF_MEMORY:
		Fail(503, "The server is out of memory.");
		return;
	case Failure::NONE:
		break;
	}

	if (error == HPE_INVALID_VERSION) {
		Fail(505, "Only HTTP/1.0 and HTTP/1.1 are supported.");
		return;
	}
	std::string sentence = "The request is not valid HTTP/1.1: ";
	sentence += parser.ErrorReason();
	sentence += '.';
	Fail(400, sentence);
}

void
HttpConnectionProtocol::Fail(unsigned status, std::string_view sentence) noexcept
{
	try {
		SerializeError(output, status, sentence, ConnectionMode::CLOSE, head_request);
		close_after_response = true;
		stats.CountResponse(status);
	} catch (...) {
		// Out of memory: close without an answer.
	}
	phase = Phase::CLOSING;
}

} // namespace osprey::http
