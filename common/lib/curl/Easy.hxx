// Owns one CURL easy handle. Move-only; the only place that calls
// curl_easy_cleanup(). Setters throw std::system_error (curl category);
// Perform() throws with curl's own error buffer as the message.
#pragma once

#include "Error.hxx"

#include <curl/curl.h>

#include <string>
#include <utility>

namespace osprey {

class CurlEasy {
	CURL *handle = nullptr;

	/// Filled by libcurl when a transfer fails (CURLOPT_ERRORBUFFER).
	/// Heap-allocated so its address survives a move of the CurlEasy.
	char *error_buffer = nullptr;

public:
	/// Throws std::bad_alloc when curl_easy_init() fails.
	CurlEasy();
	CurlEasy(CurlEasy &&other) noexcept
		: handle(std::exchange(other.handle, nullptr)),
		  error_buffer(std::exchange(other.error_buffer, nullptr)) {}
	CurlEasy &operator=(CurlEasy &&other) noexcept {
		std::swap(handle, other.handle);
		std::swap(error_buffer, other.error_buffer);
		return *this;
	}
	~CurlEasy() noexcept;

	CURL *Get() const noexcept { return handle; }

	template<typename T>
	void SetOption(CURLoption option, T value) {
		const CURLcode code = curl_easy_setopt(handle, option, value);
		if (code != CURLE_OK)
			throw MakeCurlError(code, "setting a curl option");
	}

	void SetURL(const std::string &url) { SetOption(CURLOPT_URL, url.c_str()); }

	/// Runs the transfer to its end. Throws std::system_error whose code
	/// is the CURLcode and whose message is curl's error buffer.
	void Perform();

	/// curl's own sentence about the last failure (CURLOPT_ERRORBUFFER);
	/// empty when it had none to say.
	const char *GetErrorBuffer() const noexcept { return error_buffer; }
	void ClearErrorBuffer() noexcept { error_buffer[0] = '\0'; }

	/// The last HTTP status code received; 0 before any.
	long GetResponseCode() const noexcept;

	template<typename T>
	T GetInfo(CURLINFO info) const noexcept {
		T value{};
		curl_easy_getinfo(handle, info, &value);
		return value;
	}
};

} // namespace osprey
