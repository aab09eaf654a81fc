// Calling HttpHandler::Handle() and writing its answer: now, or later through
// a PendingResponse. Exactly one answer per request goes out, in request
// order: while one is pending, nothing further is parsed.
#include "HttpConnectionProtocol.hxx"

#include <stdexcept>
#include <string>
#include <utility>

namespace osprey::http {

PendingResponse
Request::Defer() const
{
	if (responder == nullptr)
		throw std::logic_error("Request::Defer(): the request has no connection");
	return responder->Defer();
}

PendingResponse
HttpConnectionProtocol::Defer()
{
	if (!in_handle || answered_in_handle || pending != nullptr)
		throw std::logic_error("Request::Defer() outside Handle() or a second time");
	return PendingResponse(*this);
}

void
HttpConnectionProtocol::Unlink() noexcept
{
	if (pending != nullptr)
		std::exchange(pending, nullptr)->protocol = nullptr;
}

void
HttpConnectionProtocol::OnMessage() noexcept
{
	++request_count;
	++stats.requests;
	answering_head = std::exchange(head_request, false);
	if (std::exchange(rejected, false)) {
		phase = close_after_response ? Phase::CLOSING : Phase::IDLE;
		return;
	}

	request.body = body;
	in_handle = true;
	answered_in_handle = false;
	try {
		const HandleResult result = handler.Handle(request);
		in_handle = false;
		if (answered_in_handle) {
			// Completed (or dropped) inside Handle(): written already.
		} else if (const auto *response = std::get_if<Response>(&result)) {
			Unlink();
			WriteResponse(*response);
		} else if (pending != nullptr) {
			phase = Phase::WAITING;
			return;
		} else {
			WriteError(500, "The server deferred the request without a way to answer it.");
		}
	} catch (...) {
		in_handle = false;
		// A token the handler still holds is inert from now on.
		Unlink();
		if (!answered_in_handle)
			WriteError(500, "The server failed to handle the request.");
	}
	FinishMessage();
}

void
HttpConnectionProtocol::Answer(const Response &response) noexcept
{
	pending = nullptr; // the token unlinked itself
	WriteResponse(response);
	AfterAnswer();
}

void
HttpConnectionProtocol::AnswerDropped() noexcept
{
	pending = nullptr;
	WriteError(500, "The server dropped the request without answering it.");
	AfterAnswer();
}

void
HttpConnectionProtocol::AfterAnswer() noexcept
{
	if (in_handle) {
		answered_in_handle = true; // OnMessage() finishes the message
		return;
	}
	FinishMessage();
	if (listener != nullptr)
		listener->OnDeferredAnswered();
}

void
HttpConnectionProtocol::Continue() noexcept
{
	if (phase == Phase::WAITING || phase == Phase::CLOSING)
		return;
	// Feed() may hold input again: it must not append to what it reads.
	std::string input = std::move(held_input);
	held_input.clear();
	Feed(input);
	if (held_input.empty() && input.capacity() <= kRetainedCapacity) {
		input.clear();
		held_input.swap(input); // keep the buffer for the next time
	}
}

void
HttpConnectionProtocol::WriteResponse(const Response &response) noexcept
{
	try {
		SerializeResponse(output, response, ModeAfter(true), answering_head);
		stats.CountResponse(response.status);
	} catch (...) {
		WriteError(500, "The server failed to answer the request.");
	}
}

void
HttpConnectionProtocol::WriteError(unsigned status, std::string_view sentence) noexcept
{
	// The connection goes on after a handler's failure: the body was read
	// whole.
	try {
		SerializeError(output, status, sentence, ModeAfter(true), answering_head);
		stats.CountResponse(status);
	} catch (...) {
		close_after_response = true; // out of memory: close without an answer
	}
}

void
HttpConnectionProtocol::FinishMessage() noexcept
{
	phase = close_after_response ? Phase::CLOSING : Phase::IDLE;

	// Buffers are kept for the next request, but one large body must not
	// pin a megabyte to every idle kept-alive connection.
	if (body.capacity() > kRetainedCapacity)
		std::string().swap(body);
}

} // namespace osprey::http
