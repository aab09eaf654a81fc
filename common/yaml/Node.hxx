// A YAML document as a tree that remembers where every node came from, so the
// config loader can point at file:line:column for any field.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey::yaml {

struct Mark {
	std::size_t line = 0, column = 0; // 1-based; 0 means "unknown"
};

struct MappingEntry;

class Node {
public:
	enum class Kind { Null, Scalar, Mapping, Sequence };

	Kind kind = Kind::Null;
	Mark mark;
	/** the scalar's text (for Scalar) */
	std::string value;
	/** true if the scalar was quoted or a block scalar: it is a string, never a number/bool/null */
	bool quoted = false;
	/* not std::pair<Node, Node>: a pair needs a complete Node, which it is
	   not yet here (libstdc++ with clang refuses it) */
	std::vector<MappingEntry> mapping; // key, value in document order
	std::vector<Node> sequence;

	bool IsNull() const noexcept { return kind == Kind::Null; }
	bool IsScalar() const noexcept { return kind == Kind::Scalar; }
	bool IsMapping() const noexcept { return kind == Kind::Mapping; }
	bool IsSequence() const noexcept { return kind == Kind::Sequence; }

	/// The value under @p key in a mapping, or nullptr.
	const Node *Find(std::string_view key) const noexcept;

	/// "a string", "a mapping", ... for error messages.
	std::string_view KindName() const noexcept;
};

struct MappingEntry {
	Node key, value;
};

/// A syntax error in a YAML document, with the position libyaml reported.
struct SyntaxError : std::runtime_error {
	Mark mark;
	SyntaxError(Mark _mark, const std::string &message)
		: std::runtime_error(message), mark(_mark) {}
};

/// Parses one YAML document. An empty document is a Null node. Aliases are
/// expanded; duplicate keys, multiple documents and non-scalar keys are errors.
/// Throws SyntaxError.
Node Load(std::string_view text);

} // namespace osprey::yaml
