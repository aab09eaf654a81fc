// Owns one llhttp_t parsing HTTP/1.x requests and forwards its callbacks to a
// C++ Handler. The llhttp_settings_t is built once, field by field after
// llhttp_settings_init() (so new llhttp fields stay null), and its trampolines
// are noexcept: a Handler reports failure by return code, never by throwing.
#pragma once

#include <llhttp.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace osprey::llhttp {

class RequestParser {
public:
	/// Every callback returns 0 to go on, HPE_PAUSED to make Execute() return
	/// right there (resume with Resume()), or HPE_USER to fail the parse.
	/// Data callbacks may come in several pieces for one element.
	class Handler {
	public:
		virtual int OnMessageBegin() noexcept = 0;
		virtual int OnUrl(std::string_view piece) noexcept = 0;
		virtual int OnHeaderField(std::string_view piece) noexcept = 0;
		virtual int OnHeaderFieldComplete() noexcept = 0;
		virtual int OnHeaderValue(std::string_view piece) noexcept = 0;
		virtual int OnHeaderValueComplete() noexcept = 0;
		virtual int OnHeadersComplete() noexcept = 0;
		virtual int OnBody(std::string_view piece) noexcept = 0;
		virtual int OnMessageComplete() noexcept = 0;

	protected:
		~Handler() = default;
	};

	struct Result {
		llhttp_errno_t error;
		/// Bytes consumed: everything on HPE_OK, else up to where the
		/// parser stopped (pause, upgrade or error).
		std::size_t consumed;
	};

private:
	llhttp_t parser;

public:
	/// @p handler must outlive the parser (llhttp keeps a pointer to it).
	explicit RequestParser(Handler &handler) noexcept;

	// Move-only; llhttp_t is plain data and points at the Handler, not at
	// itself, so a byte copy is a valid move.
	RequestParser(RequestParser &&) noexcept = default;
	RequestParser &operator=(RequestParser &&) noexcept = default;
	RequestParser(const RequestParser &) = delete;
	RequestParser &operator=(const RequestParser &) = delete;

	Result Execute(std::string_view data) noexcept;
	/// After a callback returned HPE_PAUSED.
	void Resume() noexcept { llhttp_resume(&parser); }
	/// Back to the start state (after an error, for instance).
	void Reset() noexcept { llhttp_reset(&parser); }

	llhttp_errno_t Error() const noexcept { return llhttp_get_errno(&parser); }
	const char *ErrorReason() const noexcept { return llhttp_get_error_reason(&parser); }

	/// Valid from OnHeadersComplete() on.
	std::string_view MethodName() const noexcept;
	llhttp_method_t Method() const noexcept { return llhttp_method_t(parser.method); }
	unsigned HttpMajor() const noexcept { return parser.http_major; }
	unsigned HttpMinor() const noexcept { return parser.http_minor; }
	bool HasContentLength() const noexcept { return (parser.flags & F_CONTENT_LENGTH) != 0; }
	/// The declared Content-Length, while HasContentLength().
	std::uint64_t ContentLength() const noexcept { return parser.content_length; }
	bool IsChunked() const noexcept { return (parser.flags & F_CHUNKED) != 0; }
	bool IsUpgrade() const noexcept { return parser.upgrade != 0; }
	/// Valid from OnHeadersComplete() on: HTTP/1.1 without "Connection:
	/// close", or HTTP/1.0 with "Connection: keep-alive".
	bool ShouldKeepAlive() const noexcept { return llhttp_should_keep_alive(&parser) != 0; }
};

} // namespace osprey::llhttp
