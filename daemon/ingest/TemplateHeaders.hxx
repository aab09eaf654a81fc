// A webhook request's headers as templates see them (.headers): names in
// lower case, values as sent (repeated headers joined with ", "), without
// the credentials a sender may carry (authorization, cookie,
// proxy-authorization) and without the pipeline's signature header.
//
// Two halves, so that the loop only copies bytes: Capture() runs on the
// loop and packs what is kept into one string; Expand() runs on the thread
// pool and makes the JSON of it.
#pragma once

#include "http/HttpHeaders.hxx"
#include "json/Value.hxx"

#include <string>
#include <string_view>

namespace osprey::daemon {

/// "name\0value\0" per header kept, names lowercased. @p signature_header:
/// the pipeline's (any case; "" when none).
std::string CaptureHeaders(const http::HeaderTable &headers, std::string_view signature_header);

/// The object of what CaptureHeaders() packed, in the order sent; invalid
/// UTF-8 in a value becomes U+FFFD.
json::Value ExpandHeaders(std::string_view packed);

/// Whether a header of that name never reaches templates, whatever the
/// pipeline (credentials).
bool IsHiddenHeader(std::string_view name) noexcept;

} // namespace osprey::daemon
