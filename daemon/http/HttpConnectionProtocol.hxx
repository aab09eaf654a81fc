// HTTP/1.1 on one connection, apart from any socket: bytes go in (Feed), bytes
// come out (Output) with a verdict on whether to close. HttpConnection moves
// the bytes over libuv; the fuzzer and the unit tests drive this class alone.
//
// Parsing pauses at the end of the headers and at the end of each message, so
// the HttpHandler is called from plain C++ here, never from inside an llhttp
// callback: nothing can throw through llhttp. While a deferred response is
// pending (Phase::WAITING) parsing stays paused and input is held back.
#pragma once

#include "HttpHandler.hxx"
#include "HttpLimits.hxx"
#include "HttpRequest.hxx"
#include "HttpStats.hxx"
#include "PendingResponse.hxx"
#include "lib/llhttp/RequestParser.hxx"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace osprey::http {

class HttpConnectionProtocol final : llhttp::RequestParser::Handler {
public:
	/// Hears when a deferred response arrives outside Feed().
	class Listener {
	public:
		/// A PendingResponse was completed (or dropped) and its answer
		/// appended to Output(). Called inside PendingResponse's call:
		/// do not call Continue() or destroy the protocol from here;
		/// schedule it.
		virtual void OnDeferredAnswered() noexcept = 0;

	protected:
		~Listener() = default;
	};

	/// Buffers larger than this are freed after use rather than kept for the
	/// connection's next request.
	static constexpr std::size_t kRetainedCapacity = 64 * 1024;

	enum class Phase {
		/// Between requests (or before the first one): no request byte pending.
		IDLE,
		/// Reading a request line and headers.
		HEAD,
		/// Reading a body (or the end of a bodiless message).
		BODY,
		/// The handler deferred its answer: no parsing, no deadline; input
		/// that arrives is held until Continue().
		WAITING,
		/// Done: send Output(), then close. Input is ignored from now on.
		CLOSING,
	};

private:
	enum class Pause { NONE, HEAD, MESSAGE };
	enum class Failure { NONE, HEADER_TOO_LARGE, BODY_TOO_LARGE, OUT_OF_MEMORY };

	HttpHandler &handler;
	const HttpLimits &limits;
	HttpStats &stats;
	llhttp::RequestParser parser;

	Phase phase = Phase::IDLE;
	Pause pause = Pause::NONE;
	Failure failure = Failure::NONE;
	bool stopping = false;
	bool close_after_response = false;
	bool in_header_name = false;
	/// Route() answered this request already; its body is not for Handle().
	bool rejected = false;
	/// The request is a HEAD: no response body, not even an error's.
	bool head_request = false;
	/// The same, for the request being handled or waited for.
	bool answering_head = false;
	/// Inside handler.Handle(): an answer arriving now is written, and
	/// OnMessage() finishes the message.
	bool in_handle = false;
	bool answered_in_handle = false;

	/// The token of the request waited for; it points back at us.
	PendingResponse *pending = nullptr;
	Listener *listener = nullptr;
	/// Bytes after the request waited for (pipelined requests).
	std::string held_input;

	// The request being read. The storage lives as long as the connection
	// and is reused, so a warm connection reads requests without allocating.
	std::string url;
	HeaderTable headers;
	std::string body;
	std::size_t head_bytes = 0;
	std::size_t max_body = 0;
	Request request;

	std::size_t request_count = 0;
	std::string output;
	std::string remote_address;

public:
	/// @p handler, @p limits and @p stats must outlive the protocol.
	HttpConnectionProtocol(HttpHandler &handler, const HttpLimits &limits,
			       HttpStats &stats) noexcept;

	/// Makes a pending token inert.
	~HttpConnectionProtocol() noexcept;

	/// Not movable: the parser (and a pending token) points at this object.
	HttpConnectionProtocol(const HttpConnectionProtocol &) = delete;
	HttpConnectionProtocol &operator=(const HttpConnectionProtocol &) = delete;

	/// Consumes @p input completely, calling the handler for each request
	/// and appending every response to Output() in request order.
	void Feed(std::string_view input) noexcept;
	/// The client will send nothing more: close once Output() is sent.
	void EndOfInput() noexcept;
	/// The deadline of the current phase passed: 408 for a request under
	/// way, a silent close for an idle connection, 503 and close for a
	/// deferred response still pending at a graceful stop's end.
	void Timeout() noexcept;
	/// After a deferred answer: parses the input held back meanwhile
	/// (which may defer again). Call outside PendingResponse's calls.
	void Continue() noexcept;
	void SetListener(Listener *l) noexcept { listener = l; }
	/// Finish the request under way (its response says "Connection:
	/// close"); close at once if idle.
	void StopGracefully() noexcept;
	/// Answer 503 without reading anything: the server is full.
	void RejectOverloaded() noexcept;
	/// Shown to the handler as RequestHead::remote_address.
	void SetRemoteAddress(std::string address) noexcept {
		remote_address = std::move(address);
		request.remote_address = remote_address;
	}

	Phase GetPhase() const noexcept { return phase; }
	bool WantsClose() const noexcept { return phase == Phase::CLOSING; }
	bool IsWaiting() const noexcept { return phase == Phase::WAITING; }
	bool IsStopping() const noexcept { return stopping; }
	/// Closing after a response the client should read: the connection
	/// shuts its side down and drains input before closing ("lingering").
	bool ClosesAfterResponse() const noexcept { return close_after_response; }
	/// Requests completed (answered or rejected) so far.
	std::size_t RequestCount() const noexcept { return request_count; }

	/// Bytes to send; the owner sends them and erases what was sent.
	std::string &Output() noexcept { return output; }

	/// Request::Defer(): links a new token to the request being handled.
	/// Throws std::logic_error outside Handle() or a second time.
	PendingResponse Defer();

private:
	friend class PendingResponse;

	void OnHead() noexcept;

	// HttpConnectionAnswer.cxx: calling Handle() and writing its answer
	void OnMessage() noexcept;
	void Answer(const Response &response) noexcept;
	void AnswerDropped() noexcept;
	void AfterAnswer() noexcept;
	void WriteResponse(const Response &response) noexcept;
	void WriteError(unsigned status, std::string_view sentence) noexcept;
	void FinishMessage() noexcept;
	void Unlink() noexcept;

	void OnParseError(llhttp_errno_t error) noexcept;
	void Fail(unsigned status, std::string_view sentence) noexcept;
	void FillHead() noexcept;
	ConnectionMode ModeAfter(bool keep_alive) noexcept;
	bool CountHeadBytes(std::size_t n) noexcept;

	// llhttp::RequestParser::Handler
	int OnMessageBegin() noexcept override;
	int OnUrl(std::string_view piece) noexcept override;
	int OnHeaderField(std::string_view piece) noexcept override;
	int OnHeaderFieldComplete() noexcept override;
	int OnHeaderValue(std::string_view piece) noexcept override;
	int OnHeaderValueComplete() noexcept override;
	int OnHeadersComplete() noexcept override;
	int OnBody(std::string_view piece) noexcept override;
	int OnMessageComplete() noexcept override;
};

} // namespace osprey::http
