// The YAML editor (common/yaml/Edit) on any document and any value: when it
// returns an edit, the result loads, holds the value at the path, and keeps
// every byte outside the edited range; otherwise it throws EditError. It never
// crashes, hangs or leaks. Input: the document, then optionally a NUL and the
// value (else a two-line message); an odd length edits a deeper path.
#include "yaml/Edit.hxx"
#include "yaml/Node.hxx"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace osprey::yaml;

static const Node *
At(const Node &root, std::span<const std::string_view> path)
{
	const Node *node = &root;
	for (const auto key : path)
		if (node == nullptr || (node = node->Find(key)) == nullptr)
			return nullptr;
	return node;
}

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view input(reinterpret_cast<const char *>(data), size);
	const auto nul = input.find('\0');
	const auto text = input.substr(0, nul);
	const std::string_view value = nul == std::string_view::npos
		? "Title: {{ .body.issue.title }}\nNumber: {{ .body.number }}\n"
		: input.substr(nul + 1);
	static constexpr std::array<std::string_view, 2> message{"channel", "message"};
	static constexpr std::array<std::string_view, 3> deeper{"a", "b-c", "d e"};
	const std::span<const std::string_view> path = size % 2 == 0
		? std::span<const std::string_view>(message) : std::span<const std::string_view>(deeper);

	ScalarEdit edit;
	try {
		edit = SetScalar(text, path, value);
	} catch (const EditError &) {
		return 0;
	}
	if (edit.begin > edit.old_end || edit.old_end > text.size() || edit.begin > edit.new_end ||
	    edit.new_end > edit.text.size() ||
	    edit.text.size() - edit.new_end != text.size() - edit.old_end)
		std::abort(); // the range is not a range
	const std::string_view after(edit.text);
	if (after.substr(0, edit.begin) != text.substr(0, edit.begin) ||
	    after.substr(edit.new_end) != text.substr(edit.old_end))
		std::abort(); // a byte outside the edited node changed
	Node root;
	try {
		root = Load(edit.text);
	} catch (const SyntaxError &) {
		std::abort(); // the edited document no longer loads
	}
	const Node *node = At(root, path);
	if (node == nullptr || !node->IsScalar() || node->value != value)
		std::abort(); // the value is not there
	return 0;
}
