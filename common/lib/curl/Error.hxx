// curl's result codes as std::error_code, so curl failures travel as
// std::system_error like every other system failure in Osprey.
#pragma once

#include <curl/curl.h>

#include <string>
#include <system_error>

namespace osprey {

const std::error_category &CurlCategory() noexcept;

inline std::error_code
MakeCurlErrorCode(CURLcode code) noexcept
{
	return {static_cast<int>(code), CurlCategory()};
}

/// A std::system_error for @p code. @p detail is curl's error buffer
/// (CURLOPT_ERRORBUFFER), which says more than curl_easy_strerror(); it is
/// used as the "what" prefix when not empty.
std::system_error MakeCurlError(CURLcode code, const std::string &detail);

/// curl's multi interface has codes of its own (CURLMcode).
const std::error_category &CurlMultiCategory() noexcept;

/// A std::system_error "@p what: curl_multi_strerror()".
std::system_error MakeCurlMultiError(CURLMcode code, const char *what);

} // namespace osprey
