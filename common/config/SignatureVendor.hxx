// What Osprey knows about senders' signature headers, so that a pipeline set up
// for GitHub verifies GitHub's deliveries instead of answering 401 to each one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace osprey {

/// Advice about a signature header and prefix, or nothing when the pair
/// fits the sender (or the header is not one Osprey knows).
/// Header names compare case-insensitively, as HTTP does.
std::optional<std::string> SignatureVendorAdvice(std::string_view header,
						 std::string_view prefix);

/// The prefix a known sender puts before its bare hex digest
/// ("sha256=" for GitHub's X-Hub-Signature-256), or "" when none or unknown.
std::string_view SignatureVendorPrefix(std::string_view header) noexcept;

} // namespace osprey
