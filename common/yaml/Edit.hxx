// Changing one value in a YAML file while keeping every other byte: the
// comments, the order, the quoting and the layout an admin wrote. Positions
// come from libyaml's marks, so only the edited node's bytes change.
#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace osprey::yaml {

/// The edit cannot be made: the document is not YAML, or something on the
/// path is not a mapping (an alias, a list, a single value). what() names
/// the line and the key, e.g. "line 4: channel is a list, not a mapping".
struct EditError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// The result of SetScalar(): the new text and where it differs from the
/// old. text[0, begin) == old[0, begin) and text[new_end, size) ==
/// old[old_end, size): nothing outside the edited node changed.
struct ScalarEdit {
	std::string text;
	std::size_t begin = 0, old_end = 0, new_end = 0;
};

/// Sets the string at @p path (mapping keys from the root, e.g.
/// {"channel", "message"}) to @p value in the YAML document @p text.
///
/// In block context the value is written as a literal block scalar (`|`,
/// with the chomping and indentation indicators it needs); inside a flow
/// collection (`channel: {type: stdout}`), where YAML allows no block
/// scalar, and for text a block scalar cannot hold (control characters,
/// trailing blank lines followed by more-indented comments...), as a
/// double-quoted scalar. An existing value of any style is replaced; missing
/// mappings and keys are added after the last entry of their parent.
///
/// The result is checked before it is returned: it loads (yaml::Load), the
/// value at @p path is @p value, and every other node is as it was. Throws
/// EditError otherwise, and for invalid UTF-8 in @p value.
ScalarEdit SetScalar(std::string_view text, std::span<const std::string_view> path,
		     std::string_view value);

/// Reads @p file, applies SetScalar(), calls @p check with the new text
/// (which throws to refuse it), and writes it atomically (temporary file
/// and rename) with the file's mode kept. Throws EditError, std::system_error
/// naming @p file, or whatever @p check throws; the file is unchanged then.
template<typename Check>
void SetScalarInFile(const std::string &file, std::span<const std::string_view> path,
		     std::string_view value, Check &&check);

/// The non-template part of SetScalarInFile(): reads @p file.
std::string ReadForEdit(const std::string &file);
/// Writes @p text over @p file atomically, keeping its mode.
void WriteEdited(const std::string &file, std::string_view text);

template<typename Check>
void
SetScalarInFile(const std::string &file, std::span<const std::string_view> path,
		std::string_view value, Check &&check)
{
	const auto edit = SetScalar(ReadForEdit(file), path, value);
	check(std::string_view(edit.text));
	WriteEdited(file, edit.text);
}

} // namespace osprey::yaml
