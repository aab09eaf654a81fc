// Typed, checked access to one YAML mapping of a configuration file.
//
// Every getter takes the names a key may be spelled with (Osprey's own first,
// then the contract's aliases), substitutes ${VAR} references in the value,
// and on a problem records a Diagnostic at the value's line and column
// instead of throwing, so one pass finds every mistake. Finish() reports the
// keys nobody asked for, with a "did you mean" suggestion.
#pragma once

#include "Diagnostic.hxx"
#include "Names.hxx"
#include "secrets/Substitute.hxx"

#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey {

/// What a whole file's sections share.
struct FileContext {
	std::string file;
	Diagnostics &diagnostics;
	Environment environment;
};

/// A scalar after ${VAR} substitution, with where it was written.
struct ConfigValue {
	std::string value;
	yaml::Mark mark;
	std::string field;
	bool from_variable = false;
};

using KeyNames = std::initializer_list<std::string_view>;

class Section {
	FileContext *context;
	const yaml::Node *node; // a mapping, or nullptr when the section is absent
	yaml::Mark mark;        // where the section is (or its parent, when absent)
	std::string path;
	std::vector<std::string_view> known;

public:
	/// The root mapping of a file. Records an error if @p root is neither a
	/// mapping nor empty.
	Section(FileContext &context, const yaml::Node &root);

	bool Present() const noexcept { return node != nullptr; }
	yaml::Mark Mark() const noexcept { return mark; }
	const std::string &Path() const noexcept { return path; }
	FileContext &Context() const noexcept { return *context; }

	/// "trigger" + "path" -> "trigger.path"
	std::string FieldPath(std::string_view key) const;

	/// The node under the first of @p names present, or nullptr. Marks all the
	/// names as known; two spellings of one key at once is an error.
	const yaml::Node *Find(KeyNames names, std::string *written_as = nullptr);

	/// A nested mapping (absent is fine; a non-mapping is an error).
	Section Child(KeyNames names);

	std::optional<ConfigValue> String(KeyNames names);
	/// Empty after substitution is an error ending in @p why.
	std::optional<ConfigValue> RequiredString(KeyNames names, std::string_view why);
	/// A string used as it is, never a secret (trigger.path): substituted
	/// with the real values even where the environment is redacted, so it
	/// can be checked and compared.
	std::optional<ConfigValue> ResolvedString(KeyNames names);
	/// A secret (trigger.secret, agent.api_key): redacted like any string,
	/// but empty after substitution is an error ending in @p why, since an
	/// empty secret would quietly turn a check off.
	std::optional<ConfigValue> Secret(KeyNames names, std::string_view why);
	std::optional<std::int64_t> Integer(KeyNames names, std::int64_t min, std::int64_t max);
	std::optional<bool> Boolean(KeyNames names);
	std::optional<std::chrono::milliseconds> Duration(KeyNames names);
	/// Sizes such as 1048576, "512k", "1MiB", "2g" (binary units).
	std::optional<std::uint64_t> Size(KeyNames names);
	std::optional<double> Number(KeyNames names, double min, double max);

	template<typename E, std::size_t N>
	std::optional<E> Enum(KeyNames names, const std::array<EnumName<E>, N> &table);

	std::vector<ConfigValue> StringList(KeyNames names);
	std::vector<std::int64_t> IntegerList(KeyNames names);
	/// A mapping of strings to strings (e.g. agent.env), in file order.
	std::vector<std::pair<std::string, ConfigValue>> StringMap(KeyNames names);

	/// Reports every key of this mapping that no getter asked for.
	void Finish();

	void Error(yaml::Mark at, const std::string &field, std::string message) const;
	void Warning(yaml::Mark at, const std::string &field, std::string message) const;

private:
	Section(FileContext &context, const yaml::Node *node, yaml::Mark mark, std::string path);

	enum class Mode {
		Shown,    // substituted, redacted if the environment is
		Parsed,   // substituted with real values: the text is parsed, not shown
	};
	std::optional<ConfigValue> Scalar(const yaml::Node &value, std::string field, Mode mode);
	std::optional<ConfigValue> ScalarAt(KeyNames names, Mode mode);
	std::optional<ConfigValue> NonEmpty(const yaml::Node &node, std::string field,
					    std::string_view why);
	std::vector<ConfigValue> ListAt(KeyNames names, Mode mode);
};

/// "a" or "a or b" or "a, b or c", each quoted.
std::string ChoiceList(const std::vector<std::string_view> &choices, std::size_t shown);

template<typename E, std::size_t N>
std::optional<E>
Section::Enum(KeyNames names, const std::array<EnumName<E>, N> &table)
{
	const auto v = ScalarAt(names, Mode::Parsed);
	if (!v)
		return std::nullopt;
	for (const auto &e : table)
		if (e.name == v->value)
			return e.value;

	/* aliases are accepted but not advertised: list Osprey's own names */
	std::vector<std::string_view> own;
	for (const auto &e : table)
		if (NameOf(table, e.value) == e.name)
			own.push_back(e.name);
	std::string message = "expected " + ChoiceList(own, own.size());
	if (!v->from_variable)
		message += ", got \"" + v->value + "\"";
	Error(v->mark, v->field, message);
	return std::nullopt;
}

} // namespace osprey
