// The interface between the HTTP server and the daemon: the daemon implements
// HttpHandler and hands it to HttpServer. Both calls are made on the loop's
// thread and must be quick: they delay every other connection. Work that is
// not quick defers its answer (Request::Defer()) and completes it later.
#pragma once

#include "HttpRequest.hxx"
#include "HttpResponse.hxx"
#include "PendingResponse.hxx"

#include <cstddef>
#include <optional>
#include <utility>
#include <variant>

namespace osprey::http {

/// What Route() decided about a request from its head alone.
struct RouteDecision {
	/// Set: answer this now (404, 405, 401...) without reading the body.
	std::optional<Response> rejection;
	/// The largest body this route takes; unset: HttpLimits::max_body_bytes.
	/// Larger bodies get 413, from Content-Length before any body byte is
	/// read, or while reading a chunked body.
	std::optional<std::size_t> max_body_bytes;

	static RouteDecision Accept(std::optional<std::size_t> max_body = std::nullopt) {
		return {std::nullopt, max_body};
	}
	static RouteDecision Reject(Response response) {
		return {std::move(response), std::nullopt};
	}
};

/// Handle() took a PendingResponse from the request and answers through it.
struct Deferred {};

/// What Handle() returns: the response now, or Deferred{}.
using HandleResult = std::variant<Response, Deferred>;

class HttpHandler {
public:
	/// Called once the headers are complete, before any body byte is read
	/// (and before "100 Continue" is sent). An exception answers 500.
	virtual RouteDecision Route(const RequestHead &head) = 0;

	/// Called with the whole request once Route() accepted it and the body
	/// arrived within its limits. An exception answers 500 (unless a
	/// PendingResponse taken before was completed). Responses go out in
	/// request order, also for pipelined requests.
	///
	/// To answer later: `auto token = request.Defer();`, keep the token,
	/// return Deferred{}; then token.Complete(response) on the loop's
	/// thread. Returning Deferred{} without a token answers 500; returning
	/// a Response after Defer() sends that Response and makes the token
	/// inert.
	///
	/// May call HttpServer::StopGracefully() (this response still goes out),
	/// but must not destroy or Close() the server: defer that to the loop.
	virtual HandleResult Handle(const Request &request) = 0;

protected:
	~HttpHandler() = default;
};

} // namespace osprey::http
