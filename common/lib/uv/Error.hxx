// libuv reports failures as negative error codes; this turns them into
// std::system_error (with the context of what was being done) on the C++ side.
#pragma once

#include <string>
#include <system_error>

namespace osprey::uv {

/// The category of libuv error codes (negative errno values on POSIX); its
/// message() is uv_strerror().
const std::error_category &ErrorCategory() noexcept;

/// "context: uv message", e.g. "binding 127.0.0.1:8080: address already in use".
std::system_error MakeError(int code, const std::string &context);

} // namespace osprey::uv
