#include "Located.hxx"
#include "Edit.hxx"
#include "lib/yaml/Parser.hxx"

namespace osprey::yaml {

bool
LocatedNode::IsNull() const noexcept
{
	return kind == Kind::Scalar && style == Style::Plain &&
		(value.empty() || value == "~" || value == "null" || value == "Null" ||
		 value == "NULL");
}

namespace {

/* libyaml counts characters (a CRLF as two) after a skipped UTF-8 BOM; the
   text is valid UTF-8, as libyaml accepted it */
class Offsets {
	std::vector<std::size_t> bytes; // byte offset of each character index

public:
	explicit Offsets(std::string_view text) {
		std::size_t i = text.starts_with("\xef\xbb\xbf") ? 3 : 0;
		bytes.reserve(text.size() + 1);
		for (; i < text.size(); ++i)
			if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80)
				bytes.push_back(i);
		bytes.push_back(text.size());
	}

	std::size_t operator()(std::size_t index) const noexcept {
		return index < bytes.size() ? bytes[index] : bytes.back();
	}
};

class LocatingWalk {
	Parser parser;
	Event event;
	Offsets offsets;

public:
	explicit LocatingWalk(std::string_view text) : parser(text), offsets(text) {}

	LocatedNode Document() {
		Next();
		Next();
		if (event.Type() == YAML_STREAM_END_EVENT)
			return {}; // an empty stream: an empty plain scalar at 0
		Next(); // the document start
		return Node();
	}

private:
	void Next() {
		if (!parser.Next(event))
			throw EditError("line " + std::to_string(parser.ProblemLine()) + ", column " +
					std::to_string(parser.ProblemColumn()) + ": " + parser.Problem());
	}

	static LocatedNode::Style ScalarStyle(yaml_scalar_style_t s) noexcept {
		switch (s) {
		case YAML_SINGLE_QUOTED_SCALAR_STYLE: return LocatedNode::Style::SingleQuoted;
		case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return LocatedNode::Style::DoubleQuoted;
		case YAML_LITERAL_SCALAR_STYLE: return LocatedNode::Style::Literal;
		case YAML_FOLDED_SCALAR_STYLE: return LocatedNode::Style::Folded;
		default: return LocatedNode::Style::Plain;
		}
	}

	/* the current event starts a node; on return the current event is its
	   last. Depth is bounded by yaml::Load(), which accepted the text first. */
	LocatedNode Node() {
		const auto &e = event.Get();
		LocatedNode node;
		node.begin = offsets(e.start_mark.index);
		node.line = e.start_mark.line;
		node.column = e.start_mark.column;
		switch (e.type) {
		case YAML_ALIAS_EVENT:
			node.kind = LocatedNode::Kind::Alias;
			break;
		case YAML_SCALAR_EVENT:
			node.style = ScalarStyle(e.data.scalar.style);
			node.value.assign(reinterpret_cast<const char *>(e.data.scalar.value),
					  e.data.scalar.length);
			break;
		case YAML_SEQUENCE_START_EVENT:
			node.kind = LocatedNode::Kind::Sequence;
			node.style = e.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
				? LocatedNode::Style::Flow : LocatedNode::Style::Block;
			for (Next(); event.Type() != YAML_SEQUENCE_END_EVENT; Next())
				node.sequence.push_back(Node());
			break;
		case YAML_MAPPING_START_EVENT:
			node.kind = LocatedNode::Kind::Mapping;
			node.style = e.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
				? LocatedNode::Style::Flow : LocatedNode::Style::Block;
			for (Next(); event.Type() != YAML_MAPPING_END_EVENT; Next()) {
				LocatedEntry entry;
				entry.key = Node();
				Next();
				entry.value = Node();
				node.mapping.push_back(std::move(entry));
			}
			break;
		default:
			throw EditError("unexpected YAML structure");
		}
		node.end = offsets(event.Get().end_mark.index);
		return node;
	}
};

} // namespace

LocatedNode
Locate(std::string_view text)
{
	return LocatingWalk(text).Document();
}

} // namespace osprey::yaml
