// SetScalar(): find the node through libyaml's marks, propose replacement
// texts from the nicest (a literal block that keeps the line's comment) to
// the safest (a double-quoted scalar), and keep the first that reads back as
// exactly the intended document.
#include "Edit.hxx"
#include "EditCandidates.hxx"
#include "Located.hxx"
#include "Node.hxx"
#include "json/Utf8.hxx"

#include <cassert>
#include <vector>

namespace osprey::yaml {

namespace {

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

	for (auto &c : ProposeEdits(text, Locate(text), path, value)) {
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
