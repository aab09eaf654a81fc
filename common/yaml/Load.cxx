#include "Node.hxx"
#include "Explain.hxx"
#include "lib/yaml/Parser.hxx"

#include <map>

namespace osprey::yaml {

const Node *
Node::Find(std::string_view key) const noexcept
{
	for (const auto &[k, v] : mapping)
		if (k.value == key)
			return &v;
	return nullptr;
}

std::string_view
Node::KindName() const noexcept
{
	switch (kind) {
	case Kind::Null: return "nothing (null)";
	case Kind::Scalar: return "a single value";
	case Kind::Mapping: return "a mapping (key: value lines)";
	case Kind::Sequence: return "a list";
	}
	return "?";
}

namespace {

/* Builds the tree from libyaml's event stream. Recursion depth is bounded so a
   hostile file of ten thousand '[' cannot overflow the stack. */
class TreeBuilder {
	Parser parser;
	Event event;
	std::map<std::string, Node, std::less<>> anchors;
	std::size_t alias_nodes = 0;

	static constexpr unsigned max_depth = 64;
	/* a "billion laughs" document expands aliases exponentially */
	static constexpr std::size_t max_alias_nodes = 10000;

public:
	explicit TreeBuilder(std::string_view text) : parser(text) {}

	Node Document() {
		Next();
		Expect(YAML_STREAM_START_EVENT);
		Next();
		if (event.Type() == YAML_STREAM_END_EVENT)
			return {};
		Expect(YAML_DOCUMENT_START_EVENT);
		Next();
		Node root = Value(0);
		Next();
		Expect(YAML_DOCUMENT_END_EVENT);
		Next();
		if (event.Type() != YAML_STREAM_END_EVENT)
			throw SyntaxError(Here(), "only one YAML document is allowed (found a second \"---\")");
		return root;
	}

private:
	Mark Here() const noexcept { return {event.Line(), event.Column()}; }

	void Next() {
		if (!parser.Next(event))
			throw SyntaxError({parser.ProblemLine(), parser.ProblemColumn()},
					  parser.Problem());
	}

	void Expect(yaml_event_type_t type) const {
		if (event.Type() != type)
			throw SyntaxError(Here(), "unexpected YAML structure");
	}

	void Remember(const unsigned char *anchor, const Node &node) {
		if (anchor != nullptr)
			anchors.insert_or_assign(reinterpret_cast<const char *>(anchor), node);
	}

	static std::size_t CountNodes(const Node &node) noexcept {
		std::size_t n = 1;
		for (const auto &[k, v] : node.mapping)
			n += 1 + CountNodes(v);
		for (const auto &item : node.sequence)
			n += CountNodes(item);
		return n;
	}

	/* the current event starts a value; on return, the current event is its last */
	Node Value(unsigned depth) {
		if (depth > max_depth)
			throw SyntaxError(Here(), "nested too deeply");

		const auto &e = event.Get();
		Node node;
		node.mark = Here();
		switch (event.Type()) {
		case YAML_ALIAS_EVENT: {
			const auto *name = reinterpret_cast<const char *>(e.data.alias.anchor);
			const auto i = anchors.find(name);
			if (i == anchors.end())
				throw SyntaxError(Here(), std::string("unknown alias *") + name);
			alias_nodes += CountNodes(i->second);
			if (alias_nodes > max_alias_nodes)
				throw SyntaxError(Here(), "too many alias expansions");
			node = i->second;
			node.mark = Here();
			return node;
		}

		case YAML_SCALAR_EVENT:
			node.value.assign(reinterpret_cast<const char *>(e.data.scalar.value),
					  e.data.scalar.length);
			node.quoted = e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
			node.kind = !node.quoted && IsNullWord(node.value)
				? Node::Kind::Null : Node::Kind::Scalar;
			Remember(e.data.scalar.anchor, node);
			return node;

		case YAML_SEQUENCE_START_EVENT: {
			node.kind = Node::Kind::Sequence;
			const auto *anchor = e.data.sequence_start.anchor;
			std::string anchor_name = anchor ? reinterpret_cast<const char *>(anchor) : "";
			for (Next(); event.Type() != YAML_SEQUENCE_END_EVENT; Next())
				node.sequence.push_back(Value(depth + 1));
			if (!anchor_name.empty())
				anchors.insert_or_assign(anchor_name, node);
			return node;
		}

		case YAML_MAPPING_START_EVENT: {
			node.kind = Node::Kind::Mapping;
			const auto *anchor = e.data.mapping_start.anchor;
			std::string anchor_name = anchor ? reinterpret_cast<const char *>(anchor) : "";
			for (Next(); event.Type() != YAML_MAPPING_END_EVENT; Next()) {
				Node key = Value(depth + 1);
				if (key.kind != Node::Kind::Scalar)
					throw SyntaxError(key.mark, "mapping keys must be plain words");
				if (node.Find(key.value) != nullptr)
					throw SyntaxError(key.mark, "duplicate key \"" + key.value + "\"");
				Next();
				Node value = Value(depth + 1);
				node.mapping.push_back({std::move(key), std::move(value)});
			}
			if (!anchor_name.empty())
				anchors.insert_or_assign(anchor_name, node);
			return node;
		}

		default:
			throw SyntaxError(Here(), "unexpected YAML structure");
		}
	}

	static bool IsNullWord(std::string_view s) noexcept {
		return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
	}
};

} // namespace

Node
Load(std::string_view text)
{
	try {
		return TreeBuilder(text).Document();
	} catch (const SyntaxError &e) {
		throw SyntaxError(e.mark, ExplainProblem(text, e.mark, e.what()));
	}
}

} // namespace osprey::yaml
