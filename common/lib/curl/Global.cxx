#include "Global.hxx"
#include "Error.hxx"

#include <curl/curl.h>

namespace osprey {

CurlGlobal::CurlGlobal()
{
	const CURLcode code = curl_global_init(CURL_GLOBAL_DEFAULT);
	if (code != CURLE_OK)
		throw MakeCurlError(code, "initialising libcurl");
}

CurlGlobal::~CurlGlobal() noexcept
{
	curl_global_cleanup();
}

} // namespace osprey
