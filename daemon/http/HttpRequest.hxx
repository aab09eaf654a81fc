// What a handler sees of a request. Every view points into storage owned by
// the connection and is valid only during the HttpHandler call that received
// it: copy what must outlive the call (also when the answer is deferred).
#pragma once

#include "HttpHeaders.hxx"

#include <cstdint>
#include <optional>
#include <string_view>

namespace osprey::http {

class HttpConnectionProtocol;
class PendingResponse;

/// The request line and headers, available before any of the body is read.
class RequestHead {
public:
	/// Upper case, as sent ("POST").
	std::string_view method;
	/// The request target as sent, e.g. "/hooks/deploy?x=1".
	std::string_view target;
	/// The target's path, without query, not percent-decoded ("/hooks/deploy").
	std::string_view path;
	/// What follows '?', without it; empty when there is none.
	std::string_view query;
	unsigned version_major = 1, version_minor = 1;
	/// The declared body size; absent for chunked bodies and bodiless requests.
	std::optional<std::uint64_t> content_length;
	bool chunked = false;
	/// The client as "192.0.2.1:5678" or "[2001:db8::1]:5678" (the TCP
	/// peer, not X-Forwarded-For); empty when unknown.
	std::string_view remote_address;

	const HeaderTable *headers = nullptr;

	/// Value of the first header called @p name, compared case-insensitively.
	std::optional<std::string_view> Header(std::string_view name) const noexcept {
		return headers->Find(name);
	}
	/// A body follows the head (declared length above zero, or chunked).
	bool HasBody() const noexcept {
		return chunked || (content_length && *content_length > 0);
	}
};

/// A complete request: the head and all of the body's bytes (chunked bodies
/// arrive de-chunked).
class Request : public RequestHead {
public:
	std::string_view body;

	/// Takes the duty to answer out of HttpHandler::Handle(), which then
	/// returns Deferred{}; the answer goes out when the token is completed
	/// (see PendingResponse). Only inside Handle(), at most once per
	/// request; otherwise throws std::logic_error.
	PendingResponse Defer() const;

	/// The connection Defer() links to; set by the connection.
	HttpConnectionProtocol *responder = nullptr;
};

} // namespace osprey::http
