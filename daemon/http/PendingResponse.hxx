// The answer to a request that HttpHandler::Handle() gives later (the daemon
// records a job durably on a thread pool before it answers 202).
#pragma once

#include "HttpResponse.hxx"

namespace osprey::http {

class HttpConnectionProtocol;

/// The duty to answer one request, taken from it with Request::Defer().
/// Move-only; used on the loop's thread only (work done elsewhere posts
/// its result to the loop first).
///
/// While it is pending, its connection parses no further request (pipelined
/// ones wait, the socket is not read) and no header, body or idle deadline
/// runs. The link to the connection is weak: once the connection is gone
/// (the client hung up and the server closed it, or the server closed), the
/// token is inert and Complete() does nothing.
class PendingResponse {
	friend class HttpConnectionProtocol;

	/// Cleared by the protocol when it dies or stops waiting for us.
	HttpConnectionProtocol *protocol = nullptr;

	/// Links itself to @p protocol; see HttpConnectionProtocol::Defer().
	explicit PendingResponse(HttpConnectionProtocol &protocol) noexcept;

public:
	/// An inert token (nothing to answer).
	PendingResponse() noexcept = default;
	PendingResponse(PendingResponse &&other) noexcept;
	PendingResponse &operator=(PendingResponse &&other) noexcept;
	PendingResponse(const PendingResponse &) = delete;
	PendingResponse &operator=(const PendingResponse &) = delete;

	/// Not completed: the client gets 500 with a JSON error.
	~PendingResponse() noexcept;

	/// The connection still waits for this answer.
	bool IsConnected() const noexcept { return protocol != nullptr; }

	/// Sends @p response (after every earlier response of the connection);
	/// the token is inert afterwards. A no-op when the connection is gone.
	/// May be called inside Handle() itself. The connection goes on with
	/// the next request on a later loop iteration, never inside this call.
	void Complete(const Response &response) noexcept;
};

} // namespace osprey::http
