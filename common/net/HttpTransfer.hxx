// One HTTP request of HttpClient's: the curl easy handle set up for it and
// the response collected, within its limits, from curl's callbacks.
// Internal to HttpClient.
#pragma once

#include "HttpClient.hxx"
#include "lib/curl/Easy.hxx"
#include "lib/curl/Multi.hxx"
#include "lib/curl/Slist.hxx"

namespace osprey {

class HttpTransfer final : public CurlTransferListener {
	CurlEasy easy;
	CurlSlist header_lines;
	std::string url; // for redacting errors; never shown
	HttpResponse response;
	std::size_t max_body, max_headers, header_bytes = 0;
	bool body_too_large = false, headers_too_large = false;

public:
	using DoneFunction = void (*)(void *context, HttpTransfer &transfer,
				      CURLcode result) noexcept;

	const HttpClient::TransferId id;
	HttpCallback callback;

	/// Throws std::system_error when curl refuses an option.
	HttpTransfer(HttpClient::TransferId id, HttpRequest &&request,
		     HttpCallback &&callback, const HttpClientOptions &options,
		     DoneFunction done, void *done_context);

	CURL *Get() const noexcept { return easy.Get(); }

	/// What the transfer ended with; call once, after it ended.
	HttpResult TakeResult(CURLcode result) noexcept;

private:
	DoneFunction done;
	void *done_context;

	void OnTransferDone(CURLcode result) noexcept override {
		done(done_context, *this, result);
	}

	void SetMethodAndBody(HttpRequest &request);
	std::string ErrorMessage(CURLcode result) const;

	static std::size_t OnBody(char *data, std::size_t, std::size_t size,
				  void *self) noexcept;
	static std::size_t OnHeader(char *data, std::size_t, std::size_t size,
				    void *self) noexcept;
};

} // namespace osprey
