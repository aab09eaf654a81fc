// Errors in Osprey are exceptions that gather context on their way up
// (std::throw_with_nested) and are printed once, whole, at the process boundary.
#pragma once

#include <exception>
#include <stdexcept>
#include <string>

namespace osprey {

/// Joins the message of an exception and of everything nested in it with ": ",
/// outermost first: "loading pipelines/deploy: reading pipeline.yaml: No such file".
std::string FullMessage(const std::exception &e) noexcept;
std::string FullMessage(std::exception_ptr ep) noexcept;

/// Rethrows the current exception nested inside a std::runtime_error carrying
/// @p context. Call only from a catch block.
[[noreturn]] void ThrowWithContext(const std::string &context);

} // namespace osprey
