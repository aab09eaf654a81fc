#include "HttpResponse.hxx"
#include "HttpDate.hxx"
#include "HttpHeaders.hxx"
#include "json/Quote.hxx"

#include <charconv>

namespace osprey::http {

Response
Response::Error(unsigned status, std::string_view sentence)
{
	Response r;
	r.status = status;
	r.body.reserve(sentence.size() + 16);
	r.body = "{\"error\":";
	json::AppendQuoted(r.body, sentence, json::ControlEscape::Unicode);
	r.body += '}';
	return r;
}

std::string_view
ReasonPhrase(unsigned status) noexcept
{
	switch (status) {
	case 100: return "Continue";
	case 200: return "OK";
	case 201: return "Created";
	case 202: return "Accepted";
	case 204: return "No Content";
	case 301: return "Moved Permanently";
	case 302: return "Found";
	case 304: return "Not Modified";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 408: return "Request Timeout";
	case 409: return "Conflict";
	case 411: return "Length Required";
	case 413: return "Content Too Large";
	case 415: return "Unsupported Media Type";
	case 417: return "Expectation Failed";
	case 422: return "Unprocessable Content";
	case 429: return "Too Many Requests";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 501: return "Not Implemented";
	case 502: return "Bad Gateway";
	case 503: return "Service Unavailable";
	case 504: return "Gateway Timeout";
	case 505: return "HTTP Version Not Supported";
	default: return "Unknown";
	}
}

static void
AppendNumber(std::string &out, std::size_t n)
{
	char buffer[24];
	const auto result = std::to_chars(buffer, buffer + sizeof(buffer), n);
	out.append(buffer, result.ptr);
}

static bool
IsSafeHeaderText(std::string_view s) noexcept
{
	return s.find_first_of("\r\n") == std::string_view::npos;
}

/// Status codes that never carry a body (RFC 9110 6.4.1).
static bool
HasNoBody(unsigned status) noexcept
{
	return status < 200 || status == 204 || status == 304;
}

static void
AppendHead(std::string &out, unsigned status, ConnectionMode mode)
{
	out += "HTTP/1.1 ";
	AppendNumber(out, status);
	out += ' ';
	out += ReasonPhrase(status);
	out += "\r\nDate: ";
	out += HttpDate::Now();
	if (mode == ConnectionMode::CLOSE)
		out += "\r\nConnection: close";
	else if (mode == ConnectionMode::KEEP_ALIVE_EXPLICIT)
		out += "\r\nConnection: keep-alive";
	out += "\r\n";
}

void
SerializeResponse(std::string &out, const Response &response, ConnectionMode mode,
		  bool head_request)
{
	AppendHead(out, response.status, mode);
	bool has_content_type = false;
	for (const auto &[name, value] : response.headers) {
		if (!IsSafeHeaderText(name) || !IsSafeHeaderText(value) || name.empty())
			continue;
		// The server owns framing and connection management.
		if (EqualsIgnoreCase(name, "content-length") || EqualsIgnoreCase(name, "connection") ||
		    EqualsIgnoreCase(name, "transfer-encoding"))
			continue;
		has_content_type = has_content_type || EqualsIgnoreCase(name, "content-type");
		out += name;
		out += ": ";
		out += value;
		out += "\r\n";
	}
	const bool no_body = HasNoBody(response.status);
	if (!no_body) {
		if (!has_content_type && !response.content_type.empty() &&
		    IsSafeHeaderText(response.content_type)) {
			out += "Content-Type: ";
			out += response.content_type;
			out += "\r\n";
		}
		out += "Content-Length: ";
		AppendNumber(out, response.body.size());
		out += "\r\n";
	}
	out += "\r\n";
	if (!no_body && !head_request)
		out += response.body;
}

void
SerializeError(std::string &out, unsigned status, std::string_view sentence, ConnectionMode mode,
	       bool head_request)
{
	AppendHead(out, status, mode);
	out += "Content-Type: application/json\r\nContent-Length: ";
	static constexpr std::string_view prefix = "{\"error\":";
	AppendNumber(out, prefix.size() + json::QuotedSize(sentence, json::ControlEscape::Unicode) + 1);
	out += "\r\n\r\n";
	if (head_request)
		return;
	out += prefix;
	json::AppendQuoted(out, sentence, json::ControlEscape::Unicode);
	out += '}';
}

} // namespace osprey::http
