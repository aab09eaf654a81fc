#include "HttpTransfer.hxx"
#include "Redact.hxx"

#include <cctype>

namespace osprey {

HttpTransfer::HttpTransfer(HttpClient::TransferId _id, HttpRequest &&request,
			   HttpCallback &&_callback, const HttpClientOptions &options,
			   DoneFunction _done, void *_done_context)
	: url(std::move(request.url)),
	  max_body(request.max_response_size), max_headers(options.max_header_size),
	  id(_id), callback(std::move(_callback)),
	  done(_done), done_context(_done_context)
{
	SetUpConnection(easy, url, options.connection, request.connect_timeout);
	easy.SetOption(CURLOPT_TIMEOUT_MS, long(request.timeout.count()));
	easy.SetOption(CURLOPT_USERAGENT, options.user_agent.c_str());
	// a redirect would need a new decision about secrets and methods:
	// the caller sees the 3xx instead
	easy.SetOption(CURLOPT_FOLLOWLOCATION, 0L);
	// stops early when Content-Length says the body is too large; OnBody
	// enforces it for every other response
	easy.SetOption(CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max_body));
	easy.SetOption(CURLOPT_WRITEFUNCTION, OnBody);
	easy.SetOption(CURLOPT_WRITEDATA, static_cast<void *>(this));
	easy.SetOption(CURLOPT_HEADERFUNCTION, OnHeader);
	easy.SetOption(CURLOPT_HEADERDATA, static_cast<void *>(this));

	SetMethodAndBody(request);
	// no "Expect: 100-continue" round trip before larger bodies
	header_lines.Append("Expect:");
	for (const std::string &line : request.headers)
		header_lines.Append(line.c_str());
	easy.SetOption(CURLOPT_HTTPHEADER, header_lines.Get());
}

void
HttpTransfer::SetMethodAndBody(HttpRequest &request)
{
	if (request.method == "HEAD") {
		easy.SetOption(CURLOPT_NOBODY, 1L);
		return;
	}
	if (request.method == "GET" && request.body.empty()) {
		easy.SetOption(CURLOPT_HTTPGET, 1L);
		return;
	}
	if (!request.body.empty() || request.method == "POST") {
		easy.SetOption(CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.size()));
		easy.SetOption(CURLOPT_COPYPOSTFIELDS, request.body.c_str());
	}
	if (request.method != "POST")
		easy.SetOption(CURLOPT_CUSTOMREQUEST, request.method.c_str());
}

std::size_t
HttpTransfer::OnBody(char *data, std::size_t, std::size_t size, void *_self) noexcept
{
	auto &self = *static_cast<HttpTransfer *>(_self);
	if (size > self.max_body - self.response.body.size()) {
		self.body_too_large = true;
		return CURL_WRITEFUNC_ERROR;
	}
	try {
		self.response.body.append(data, size);
	} catch (...) {
		return CURL_WRITEFUNC_ERROR;
	}
	return size;
}

namespace {

std::string_view
Trim(std::string_view s) noexcept
{
	while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
		s.remove_prefix(1);
	while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
		s.remove_suffix(1);
	return s;
}

} // namespace

std::size_t
HttpTransfer::OnHeader(char *data, std::size_t, std::size_t size, void *_self) noexcept
{
	auto &self = *static_cast<HttpTransfer *>(_self);
	const std::string_view line(data, size);
	self.header_bytes += size;
	if (self.header_bytes > self.max_headers) {
		self.headers_too_large = true;
		return 0;
	}
	// A status line starts a new response (after "100 Continue", an
	// authentication round): only the last one's headers count.
	if (line.starts_with("HTTP/")) {
		self.response.headers.clear();
		return size;
	}
	const std::size_t colon = line.find(':');
	if (colon == line.npos)
		return size; // the empty line ending the header, or junk
	try {
		std::string name(Trim(line.substr(0, colon)));
		for (char &c : name)
			c = char(std::tolower(static_cast<unsigned char>(c)));
		self.response.headers.emplace_back(std::move(name),
						   Trim(line.substr(colon + 1)));
	} catch (...) {
		return 0;
	}
	return size;
}

std::string
HttpTransfer::ErrorMessage(CURLcode result) const
{
	if (body_too_large || result == CURLE_FILESIZE_EXCEEDED)
		return "response body larger than " + std::to_string(max_body) + " bytes";
	if (headers_too_large)
		return "response headers larger than " + std::to_string(max_headers) + " bytes";
	const char *buffer = easy.GetErrorBuffer();
	std::string message = *buffer != '\0' ? buffer : curl_easy_strerror(result);
	while (!message.empty() && message.back() == '\n')
		message.pop_back();
	return RedactUrl(std::move(message), url);
}

HttpResult
HttpTransfer::TakeResult(CURLcode code) noexcept
{
	HttpResult result;
	try {
		if (code != CURLE_OK)
			result.error = ErrorMessage(code);
		else {
			response.status = easy.GetResponseCode();
			result.response = std::move(response);
		}
	} catch (...) {
		result.error = "out of memory";
	}
	return result;
}

} // namespace osprey
