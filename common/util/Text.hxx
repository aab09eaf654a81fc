// Small string helpers shared by every module.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {

std::string_view Trim(std::string_view s) noexcept;

std::vector<std::string_view> Split(std::string_view s, char sep);

/// Levenshtein distance, for "did you mean" suggestions.
std::size_t EditDistance(std::string_view a, std::string_view b) noexcept;

/// The candidate closest to @p word, or "" when none is close enough to be a
/// plausible typo (edit distance above max(2, a third of the word)).
std::string_view ClosestMatch(std::string_view word,
			      std::span<const std::string_view> candidates) noexcept;

/// Quotes @p s the way a human reads it in an error message: "value".
std::string Quote(std::string_view s);

} // namespace osprey
