// Building request targets for the Engine API.
#pragma once

#include <string>
#include <string_view>

namespace osprey {

/// Percent-encodes @p s for a URL path segment or query value. With
/// @p keep_slash, '/' and ':' stay as they are: image references such as
/// "localhost/agent:latest" are routed by the engine with them intact.
std::string UrlEscape(std::string_view s, bool keep_slash = false);

} // namespace osprey
