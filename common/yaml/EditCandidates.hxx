// Private to the YAML editor (Edit.cxx): the replacements it may make.
#pragma once

#include "Located.hxx"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::yaml {

using Keys = std::span<const std::string_view>;

/// Replace bytes [begin, end) of the document with @p text.
struct Candidate {
	std::size_t begin, end;
	std::string text;
};

/// "channel.message"
std::string Dotted(Keys keys);

/// The ways to set @p path to @p value in @p text (whose nodes are
/// @p root), best first; none is checked yet. Throws EditError when the
/// path crosses something that is not a mapping.
std::vector<Candidate> ProposeEdits(std::string_view text, const LocatedNode &root, Keys path,
				    std::string_view value);

} // namespace osprey::yaml
