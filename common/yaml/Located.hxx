// A YAML document as byte ranges: where each node starts and ends in the
// text, for editing it in place (Edit.hxx). Built from libyaml's event marks,
// which count characters; converted here to byte offsets.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::yaml {

struct LocatedEntry;

struct LocatedNode {
	enum class Kind { Scalar, Mapping, Sequence, Alias };
	enum class Style { Plain, SingleQuoted, DoubleQuoted, Literal, Folded, Block, Flow };

	Kind kind = Kind::Scalar;
	Style style = Style::Plain;
	/** bytes [begin, end) of the node, its anchor and tag included; an
	    empty node has begin == end. A block scalar's end is libyaml's: at
	    the first token after it, which may be inside the next line's
	    indentation */
	std::size_t begin = 0, end = 0;
	/** 0-based line and column (in characters) of begin */
	std::size_t line = 0, column = 0;
	/** the scalar's value */
	std::string value;
	std::vector<LocatedEntry> mapping;
	std::vector<LocatedNode> sequence;

	bool IsNull() const noexcept;
	bool IsBlockScalar() const noexcept {
		return kind == Kind::Scalar && (style == Style::Literal || style == Style::Folded);
	}
};

struct LocatedEntry {
	LocatedNode key, value;
};

/// Locates the nodes of the single document in @p text (which yaml::Load()
/// accepts). Throws EditError when libyaml does not.
LocatedNode Locate(std::string_view text);

} // namespace osprey::yaml
