// The llhttp callbacks of HttpConnectionProtocol: they only collect the request
// into the connection's reused buffers and enforce the size limits; every
// decision is taken after llhttp returns (see Feed()).
#include "HttpConnectionProtocol.hxx"

namespace osprey::http {

bool
HttpConnectionProtocol::CountHeadBytes(std::size_t n) noexcept
{
	head_bytes += n;
	if (head_bytes <= limits.max_header_bytes)
		return true;
	failure = Failure::HEADER_TOO_LARGE;
	return false;
}

int
HttpConnectionProtocol::OnMessageBegin() noexcept
{
	phase = Phase::HEAD;
	url.clear();
	headers.Clear();
	body.clear();
	head_bytes = 0;
	in_header_name = false;
	rejected = false;
	head_request = false;
	return 0;
}

int
HttpConnectionProtocol::OnUrl(std::string_view piece) noexcept
{
	if (!CountHeadBytes(piece.size()))
		return HPE_USER;
	try {
		url.append(piece);
	} catch (...) {
		failure = Failure::OUT_OF_MEMORY;
		return HPE_USER;
	}
	return 0;
}

int
HttpConnectionProtocol::OnHeaderField(std::string_view piece) noexcept
{
	if (!CountHeadBytes(piece.size()))
		return HPE_USER;
	try {
		if (!in_header_name) {
			headers.BeginName();
			in_header_name = true;
		}
		headers.AppendName(piece);
	} catch (...) {
		failure = Failure::OUT_OF_MEMORY;
		return HPE_USER;
	}
	return 0;
}

int
HttpConnectionProtocol::OnHeaderFieldComplete() noexcept
{
	in_header_name = false;
	headers.BeginValue();
	return CountHeadBytes(2) ? 0 : HPE_USER; // ": "
}

int
HttpConnectionProtocol::OnHeaderValue(std::string_view piece) noexcept
{
	if (!CountHeadBytes(piece.size()))
		return HPE_USER;
	try {
		headers.AppendValue(piece);
	} catch (...) {
		failure = Failure::OUT_OF_MEMORY;
		return HPE_USER;
	}
	return 0;
}

int
HttpConnectionProtocol::OnHeaderValueComplete() noexcept
{
	headers.EndValue();
	return CountHeadBytes(2) ? 0 : HPE_USER; // CRLF
}

int
HttpConnectionProtocol::OnHeadersComplete() noexcept
{
	pause = Pause::HEAD;
	return HPE_PAUSED;
}

int
HttpConnectionProtocol::OnBody(std::string_view piece) noexcept
{
	// Content-Length was checked before the body; this catches chunked
	// bodies (and anything else) growing past the route's limit.
	if (piece.size() > max_body - body.size()) {
		failure = Failure::BODY_TOO_LARGE;
		return HPE_USER;
	}
	if (rejected)
		return 0;
	try {
		body.append(piece);
	} catch (...) {
		failure = Failure::OUT_OF_MEMORY;
		return HPE_USER;
	}
	return 0;
}

int
HttpConnectionProtocol::OnMessageComplete() noexcept
{
	pause = Pause::MESSAGE;
	return HPE_PAUSED;
}

void
HttpConnectionProtocol::FillHead() noexcept
{
	std::string_view target = url;
	request.target = target;
	// absolute-form ("http://host/path", RFC 9112 3.2.2): keep the path.
	if (!target.empty() && target.front() != '/') {
		if (const auto scheme = target.find("://"); scheme != target.npos) {
			const auto slash = target.find('/', scheme + 3);
			target = slash == target.npos ? std::string_view{"/"} : target.substr(slash);
		}
	}
	if (const auto hash = target.find('#'); hash != target.npos)
		target = target.substr(0, hash);
	if (const auto question = target.find('?'); question != target.npos) {
		request.path = target.substr(0, question);
		request.query = target.substr(question + 1);
	} else {
		request.path = target;
		request.query = {};
	}

	request.method = parser.MethodName();
	head_request = parser.Method() == HTTP_HEAD;
	request.version_major = parser.HttpMajor();
	request.version_minor = parser.HttpMinor();
	request.chunked = parser.IsChunked();
	request.content_length.reset();
	if (parser.HasContentLength() && !request.chunked)
		request.content_length = parser.ContentLength();
	request.body = {};
	max_body = limits.max_body_bytes;
}

} // namespace osprey::http
