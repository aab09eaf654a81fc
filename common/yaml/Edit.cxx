// SetScalar(): find the node through libyaml's marks, propose replacement
// texts from the nicest (a literal block that keeps the line's comment) to
// the safest (a double-quoted scalar), and keep the first that reads back as
// exactly the intended document.
#include "Edit.hxx"
#include "Located.hxx"
#include "Node.hxx"
#include "ScalarText.hxx"
#include "json/Utf8.hxx"

#include <cassert>
#include <vector>

namespace osprey::yaml {

namespace {

struct Candidate {
	std::size_t begin, end;
	std::string text;
};

using Keys = std::span<const std::string_view>;

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
		const LocatedNode *mapping = nullptr, *key = nullptr;
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
					AddKeys(*node, i, flow);
					return std::move(candidates);
				}
				mapping = node;
				key = &found->key;
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
		ReplaceScalar(*node, *mapping, *key, flow);
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

	void ReplaceScalar(const LocatedNode &node, const LocatedNode &mapping,
			   const LocatedNode &key, bool flow) {
		(void)key;
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

	void AddKeys(const LocatedNode &mapping, std::size_t from, bool flow) {
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
		(void)flow;
		const auto [pos, lead] = NextLine(ContentEnd(mapping.mapping.back().value));
		const auto indent = MappingIndent(mapping);
		for (const bool quoted : {false, true})
			Add(pos, pos, lead + NestedBlock(from, indent, quoted));
	}
};

/* the document as it must read after the edit */
void
SetIn(Node &root, Keys path, std::string_view value)
{
	Node *node = &root;
	for (const auto key : path) {
		if (node->kind != Node::Kind::Mapping) {
			*node = Node{};
			node->kind = Node::Kind::Mapping;
		}
		Node *next = nullptr;
		for (auto &entry : node->mapping)
			if (entry.key.value == key)
				next = &entry.value;
		if (next == nullptr) {
			Node k;
			k.kind = Node::Kind::Scalar;
			k.value = key;
			node->mapping.push_back({std::move(k), Node{}});
			next = &node->mapping.back().value;
		}
		node = next;
	}
	*node = Node{};
	node->kind = Node::Kind::Scalar;
	node->value = value;
	node->quoted = true;
}

bool
Same(const Node &a, const Node &b) noexcept
{
	if (a.kind != b.kind || a.value != b.value || a.quoted != b.quoted ||
	    a.mapping.size() != b.mapping.size() || a.sequence.size() != b.sequence.size())
		return false;
	for (std::size_t i = 0; i < a.mapping.size(); ++i)
		if (!Same(a.mapping[i].key, b.mapping[i].key) ||
		    !Same(a.mapping[i].value, b.mapping[i].value))
			return false;
	for (std::size_t i = 0; i < a.sequence.size(); ++i)
		if (!Same(a.sequence[i], b.sequence[i]))
			return false;
	return true;
}

Node
LoadForEdit(std::string_view text)
{
	try {
		return Load(text);
	} catch (const SyntaxError &e) {
		throw EditError("line " + std::to_string(e.mark.line) + ", column " +
				std::to_string(e.mark.column) + ": " + e.what());
	}
}

} // namespace

ScalarEdit
SetScalar(std::string_view text, std::span<const std::string_view> path, std::string_view value)
{
	assert(!path.empty());
	if (!json::IsValidUtf8(value))
		throw EditError("the new value of " + Dotted(path) + " is not valid UTF-8");

	auto expected = LoadForEdit(text);
	SetIn(expected, path, value);

	for (auto &c : Editor(text, path, value).Propose(Locate(text))) {
		ScalarEdit edit;
		edit.text.reserve(text.size() + c.text.size());
		edit.text.append(text.substr(0, c.begin));
		edit.text.append(c.text);
		edit.text.append(text.substr(c.end));
		try {
			if (!Same(Load(edit.text), expected))
				continue;
		} catch (const SyntaxError &) {
			continue;
		}
		edit.begin = c.begin;
		edit.old_end = c.end;
		edit.new_end = c.begin + c.text.size();
		return edit;
	}
	throw EditError("cannot write " + Dotted(path) + " into this document without changing "
			"something else; please edit it by hand");
}

} // namespace osprey::yaml
