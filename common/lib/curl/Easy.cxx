#include "Easy.hxx"

#include <new>

namespace osprey {

CurlEasy::CurlEasy()
	: handle(curl_easy_init()),
	  error_buffer(new char[CURL_ERROR_SIZE]())
{
	if (handle == nullptr) {
		delete[] error_buffer;
		throw std::bad_alloc();
	}
	curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, error_buffer);
	/* never raise signals: we are used from threads, and timeouts with
	   the synchronous resolver would otherwise use SIGALRM */
	curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
}

CurlEasy::~CurlEasy() noexcept
{
	if (handle != nullptr)
		curl_easy_cleanup(handle);
	delete[] error_buffer;
}

void
CurlEasy::Perform()
{
	error_buffer[0] = '\0';
	const CURLcode code = curl_easy_perform(handle);
	if (code != CURLE_OK)
		throw MakeCurlError(code, error_buffer);
}

long
CurlEasy::GetResponseCode() const noexcept
{
	return GetInfo<long>(CURLINFO_RESPONSE_CODE);
}

} // namespace osprey
