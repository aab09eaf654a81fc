// Where and how SetScalar() may write the value: replacement texts for byte
// ranges, from the nicest (a literal block keeping the line's comment and the
// blank lines after it) to the safest (a double-quoted scalar). Edit.cxx
// keeps the first that reads back right.
#include "EditCandidates.hxx"
#include "Edit.hxx"
#include "ScalarText.hxx"

#include <algorithm>
#include <cassert>

namespace osprey::yaml {

std::string
Dotted(Keys keys)
{
	std::string out;
	for (const auto k : keys) {
		if (!out.empty())
			out += '.';
		out += k;
	}
	return out;
}

namespace {

std::string_view
KindName(const LocatedNode &node) noexcept
{
	switch (node.kind) {
	case LocatedNode::Kind::Scalar: return "a single value";
	case LocatedNode::Kind::Mapping: return "a mapping";
	case LocatedNode::Kind::Sequence: return "a list";
	case LocatedNode::Kind::Alias: return "an alias (*name)";
	}
	return "?";
}

/* only blanks and a comment, as may follow a value on its line */
bool
IsCommentRest(std::string_view rest) noexcept
{
	if (rest.ends_with('\r'))
		rest.remove_suffix(1);
	const auto i = rest.find_first_not_of(" \t");
	return i == std::string_view::npos || rest[i] == '#';
}

class Editor {
	std::string_view text;
	Keys path;
	std::string_view value;
	std::vector<Candidate> candidates;

public:
	Editor(std::string_view _text, Keys _path, std::string_view _value)
		: text(_text), path(_path), value(_value) {}

	std::vector<Candidate> Propose(const LocatedNode &root) {
		const LocatedNode *node = &root;
		const LocatedNode *mapping = nullptr;
		bool flow = false;
		for (std::size_t i = 0; i < path.size(); ++i) {
			if (node->kind == LocatedNode::Kind::Mapping) {
				flow = flow || node->style == LocatedNode::Style::Flow;
				const LocatedEntry *found = nullptr;
				for (const auto &entry : node->mapping)
					if (entry.key.kind == LocatedNode::Kind::Scalar &&
					    entry.key.value == path[i])
						found = &entry;
				if (found == nullptr) {
					AddKeys(*node, i);
					return std::move(candidates);
				}
				mapping = node;
				node = &found->value;
				continue;
			}
			if (node->IsNull() && node->kind == LocatedNode::Kind::Scalar) {
				ReplaceNull(*node, mapping, i, flow);
				return std::move(candidates);
			}
			throw EditError(At(*node) + Name(i) + " is " + std::string(KindName(*node)) +
					", not a mapping");
		}
		if (node->kind != LocatedNode::Kind::Scalar)
			throw EditError(At(*node) + Name(path.size()) + " is " +
					std::string(KindName(*node)) + ", not a single value");
		ReplaceScalar(*node, *mapping, flow);
		return std::move(candidates);
	}

private:
	static std::string At(const LocatedNode &node) {
		return "line " + std::to_string(node.line + 1) + ": ";
	}

	std::string Name(std::size_t steps) const {
		return steps == 0 ? std::string("the document") : Dotted(path.first(steps));
	}

	std::size_t LineEnd(std::size_t pos) const noexcept {
		const auto nl = text.find('\n', pos);
		return nl == std::string_view::npos ? text.size() : nl;
	}

	std::size_t LineAfter(std::size_t pos) const noexcept {
		return std::min(LineEnd(pos) + 1, text.size());
	}

	bool AtLineStart(std::size_t pos) const noexcept {
		return pos == 0 || text[pos - 1] == '\n';
	}

	/* a block scalar ends at the next token, maybe after the next line's
	   indentation: back to the start of that line */
	std::size_t BackToLineStart(std::size_t pos) const noexcept {
		auto p = pos;
		while (p > 0 && text[p - 1] == ' ')
			--p;
		return AtLineStart(p) ? p : pos;
	}

	/* where the blank lines at the end of a block scalar start (@p end if
	   none): the line after its last line with text */
	std::size_t BlankLinesStart(const LocatedNode &node, std::size_t end) const noexcept {
		if (!AtLineStart(end))
			return end;
		const auto header_end = LineAfter(node.begin);
		auto p = end;
		while (p > header_end) {
			const auto line_start = text.rfind('\n', p - 2) + 1;
			if (text.substr(line_start, p - line_start).find_first_not_of(" \t\r\n") !=
			    std::string_view::npos)
				break;
			p = line_start;
		}
		return std::max(p, header_end);
	}

	/* just after the last byte that belongs to @p node's content */
	std::size_t ContentEnd(const LocatedNode &node) const noexcept {
		if (node.IsBlockScalar())
			return BackToLineStart(node.end);
		if (node.style == LocatedNode::Style::Block) {
			if (node.kind == LocatedNode::Kind::Mapping && !node.mapping.empty())
				return ContentEnd(node.mapping.back().value);
			if (node.kind == LocatedNode::Kind::Sequence && !node.sequence.empty())
				return ContentEnd(node.sequence.back());
		}
		return node.end;
	}

	/* where the line after @p pos starts, and "\n" if the text ends before */
	std::pair<std::size_t, std::string> NextLine(std::size_t pos) const {
		if (pos > 0 && AtLineStart(pos))
			return {pos, ""};
		const auto end = LineEnd(pos);
		if (end == text.size())
			return {end, "\n"};
		return {end + 1, ""};
	}

	static std::size_t MappingIndent(const LocatedNode &mapping) noexcept {
		return mapping.mapping.empty() ? mapping.column : mapping.mapping.front().key.column;
	}

	/* the content indentation of an existing block scalar, to keep it */
	std::size_t BlockIndent(const LocatedNode &node, std::size_t parent_indent) const noexcept {
		for (auto p = LineAfter(node.begin); p < node.end; p = LineAfter(p)) {
			const auto spaces = text.find_first_not_of(' ', p);
			if (spaces == std::string_view::npos || spaces >= node.end)
				break;
			if (text[spaces] == '\n' || text[spaces] == '\r')
				continue;
			const auto n = spaces - p;
			if (n > parent_indent && n - parent_indent <= 9)
				return n;
			break;
		}
		return parent_indent + 2;
	}

	std::string NestedBlock(std::size_t from, std::size_t indent, bool quoted) const {
		std::string out;
		for (auto i = from; i < path.size(); ++i, indent += 2) {
			out += std::string(indent, ' ') + KeyText(path[i]) + ":";
			if (i + 1 < path.size())
				out += '\n';
		}
		indent -= 2;
		out += quoted ? " " + DoubleQuoted(value) + "\n"
			: " " + LiteralBlock(value, indent + 2, indent, "");
		return out;
	}

	std::string NestedFlow(std::size_t from) const {
		std::string out, close;
		for (auto i = from; i < path.size(); ++i) {
			out += KeyText(path[i]) + ": ";
			if (i + 1 < path.size()) {
				out += '{';
				close += '}';
			}
		}
		return out + DoubleQuoted(value) + close;
	}

	void Add(std::size_t begin, std::size_t end, std::string replacement) {
		candidates.push_back({begin, end, std::move(replacement)});
	}

	void ReplaceScalar(const LocatedNode &node, const LocatedNode &mapping, bool flow) {
		/* an empty value starts right after "key:", which needs a space */
		const std::string lead = node.begin > 0 && text[node.begin - 1] == ':' ? " " : "";
		if (node.IsBlockScalar()) {
			const auto end = BackToLineStart(node.end);
			const auto kept = BlankLinesStart(node, end);
			const auto parent = MappingIndent(mapping);
			const auto literal = lead + LiteralBlock(value, BlockIndent(node, parent), parent, "");
			const std::string nl = AtLineStart(end) ? "\n" : "";
			/* blank lines after the old text stay, unless they are needed
			   to read the new value back */
			Add(node.begin, kept, literal);
			Add(node.begin, end, literal);
			Add(node.begin, kept, lead + DoubleQuoted(value) + (AtLineStart(kept) ? "\n" : ""));
			Add(node.begin, end, lead + DoubleQuoted(value) + nl);
			return;
		}
		if (!flow) {
			const auto line_end = LineEnd(node.end);
			const auto rest = text.substr(node.end, line_end - node.end);
			if (IsCommentRest(rest)) {
				const auto parent = MappingIndent(mapping);
				Add(node.begin, std::min(line_end + 1, text.size()),
				    lead + LiteralBlock(value, parent + 2, parent, rest));
			}
		}
		Add(node.begin, node.end, lead + DoubleQuoted(value));
	}

	void ReplaceNull(const LocatedNode &node, const LocatedNode *mapping, std::size_t from,
			 bool flow) {
		if (mapping == nullptr) {
			/* an empty document (maybe comments): append */
			if (node.begin != node.end)
				throw EditError(At(node) + "the document is a single value, not a mapping");
			const std::string lead = !text.empty() && !text.ends_with('\n') ? "\n" : "";
			Add(text.size(), text.size(), lead + NestedBlock(from, 0, false));
			Add(text.size(), text.size(), lead + NestedBlock(from, 0, true));
			return;
		}
		const std::string lead = node.begin > 0 && text[node.begin - 1] == ':' ? " " : "";
		if (!flow) {
			const auto line_end = LineEnd(node.end);
			const auto rest = text.substr(node.end, line_end - node.end);
			if (IsCommentRest(rest)) {
				const auto indent = MappingIndent(*mapping) + 2;
				const auto end = std::min(line_end + 1, text.size());
				for (const bool quoted : {false, true})
					Add(node.begin, end, std::string(rest) + "\n" +
					    NestedBlock(from, indent, quoted));
			}
		}
		Add(node.begin, node.end, lead + "{" + NestedFlow(from) + "}");
	}

	void AddKeys(const LocatedNode &mapping, std::size_t from) {
		if (mapping.style == LocatedNode::Style::Flow) {
			if (mapping.mapping.empty()) {
				const auto brace = text.find('{', mapping.begin);
				assert(brace < mapping.end);
				Add(brace + 1, brace + 1, NestedFlow(from));
			} else {
				const auto &last = mapping.mapping.back();
				Add(std::max(last.key.end, last.value.end), std::max(last.key.end, last.value.end),
				    ", " + NestedFlow(from));
			}
			return;
		}
		const auto [pos, lead] = NextLine(ContentEnd(mapping.mapping.back().value));
		const auto indent = MappingIndent(mapping);
		for (const bool quoted : {false, true})
			Add(pos, pos, lead + NestedBlock(from, indent, quoted));
	}
};

} // namespace

std::vector<Candidate>
ProposeEdits(std::string_view text, const LocatedNode &root, Keys path, std::string_view value)
{
	return Editor(text, path, value).Propose(root);
}

} // namespace osprey::yaml
