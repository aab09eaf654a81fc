// What a webhook body becomes for the templates: JSON, or GitHub's form mode
// (application/x-www-form-urlencoded with the JSON in a "payload" field), or
// {} when empty. A "form" without a payload field whose body is JSON (what
// `curl --data` sends) is taken as JSON.
#pragma once

#include "http/HttpRequest.hxx"
#include "json/Value.hxx"

#include <stdexcept>
#include <string>

namespace osprey::daemon {

/// The 400 sentence: why the body is not usable.
struct BadBody : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// @p content_type: the request's Content-Type header ("" when absent).
/// Throws BadBody.
json::Value ParseBody(std::string_view content_type, std::string_view body);

inline json::Value
ParseBody(const http::Request &request)
{
	return ParseBody(request.Header("Content-Type").value_or(""), request.body);
}

/// Decodes one application/x-www-form-urlencoded component ('+' is a space,
/// %XX a byte). Throws BadBody on a malformed escape.
std::string FormDecode(std::string_view s);

} // namespace osprey::daemon
