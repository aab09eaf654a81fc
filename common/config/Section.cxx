#include "Section.hxx"
#include "Size.hxx"
#include "time/Duration.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace osprey {

std::string
ChoiceList(const std::vector<std::string_view> &choices, std::size_t shown)
{
	std::string s;
	const auto n = std::min(shown, choices.size());
	for (std::size_t i = 0; i < n; ++i) {
		if (i > 0)
			s += i + 1 == n ? " or " : ", ";
		s += '"';
		s += choices[i];
		s += '"';
	}
	return s;
}

Section::Section(FileContext &_context, const yaml::Node &root)
	: context(&_context), node(nullptr), mark{1, 1}
{
	if (root.IsMapping()) {
		node = &root;
		mark = root.mark;
	} else if (!root.IsNull()) {
		Error(root.mark, "", "expected a mapping of settings (key: value lines), found " +
		      std::string(root.KindName()));
	}
}

Section::Section(FileContext &_context, const yaml::Node *_node, yaml::Mark _mark, std::string _path)
	: context(&_context), node(_node), mark(_mark), path(std::move(_path))
{
}

std::string
Section::FieldPath(std::string_view key) const
{
	if (path.empty())
		return std::string(key);
	return path + "." + std::string(key);
}

void
Section::Error(yaml::Mark at, const std::string &field, std::string message) const
{
	context->diagnostics.Error(context->file, at, field, std::move(message));
}

void
Section::Warning(yaml::Mark at, const std::string &field, std::string message) const
{
	context->diagnostics.Warning(context->file, at, field, std::move(message));
}

const yaml::Node *
Section::Find(KeyNames names, std::string *written_as)
{
	known.insert(known.end(), names.begin(), names.end());
	if (node == nullptr)
		return nullptr;

	const yaml::Node *found = nullptr;
	std::string_view found_name;
	for (const auto name : names) {
		const auto *value = node->Find(name);
		if (value == nullptr)
			continue;
		if (found != nullptr) {
			Error(value->mark, FieldPath(name), "is the same setting as " +
			      FieldPath(found_name) + "; write only one of them");
			continue;
		}
		found = value;
		found_name = name;
	}
	if (written_as != nullptr && found != nullptr)
		*written_as = found_name;
	/* "key:" with nothing after it means "not set" */
	return found != nullptr && found->IsNull() ? nullptr : found;
}

Section
Section::Child(KeyNames names)
{
	std::string name;
	const auto *value = Find(names, &name);
	if (name.empty())
		name = *names.begin();
	if (value != nullptr && !value->IsMapping()) {
		Error(value->mark, FieldPath(name), "expected a mapping of settings, found " +
		      std::string(value->KindName()));
		value = nullptr;
	}
	return Section(*context, value, value != nullptr ? value->mark : mark, FieldPath(name));
}

std::optional<ConfigValue>
Section::Scalar(const yaml::Node &value, std::string field, Mode mode)
{
	if (!value.IsScalar()) {
		Error(value.mark, field, "expected a single value, found " + std::string(value.KindName()));
		return std::nullopt;
	}
	ConfigValue out{value.value, value.mark, std::move(field), false};
	const auto &env = mode == Mode::Parsed ? context->environment.Revealed()
		: context->environment;
	try {
		auto s = Substitute(value.value, env, out.field);
		out.value = std::move(s.value);
		out.from_variable = s.from_variable;
	} catch (const std::exception &e) {
		/* the message already names the field */
		context->diagnostics.Error(context->file, value.mark, "", e.what());
		return std::nullopt;
	}
	return out;
}

std::optional<ConfigValue>
Section::ScalarAt(KeyNames names, Mode mode)
{
	std::string name;
	const auto *value = Find(names, &name);
	if (value == nullptr)
		return std::nullopt;
	return Scalar(*value, FieldPath(name), mode);
}

std::optional<ConfigValue>
Section::String(KeyNames names)
{
	return ScalarAt(names, Mode::Shown);
}

std::optional<ConfigValue>
Section::ResolvedString(KeyNames names)
{
	return ScalarAt(names, Mode::Parsed);
}

/* "${A}", or "${A} and ${B}": the references in @p text, for a message */
static std::string
References(std::string_view text)
{
	std::vector<std::string_view> names;
	for (auto i = text.find("${"); i != text.npos; i = text.find("${", i + 2)) {
		if (i > 0 && text[i - 1] == '$')
			continue;
		const auto close = text.find('}', i);
		if (close == text.npos)
			break;
		names.push_back(text.substr(i, close + 1 - i));
	}
	std::string s;
	for (std::size_t i = 0; i < names.size(); ++i)
		s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + std::string(names[i]);
	return s;
}

/* @p node substituted, an error if it is empty then: checked on the real
   value, which a redacted environment hides, and reported without it. */
std::optional<ConfigValue>
Section::NonEmpty(const yaml::Node &node, std::string field, std::string_view why)
{
	auto v = Scalar(node, std::move(field), Mode::Shown);
	if (!v)
		return std::nullopt;
	const auto real = context->environment.IsRedacted()
		? Scalar(node, v->field, Mode::Parsed) : v;
	if (!real || !Trim(real->value).empty())
		return v;
	if (!v->from_variable) {
		Error(v->mark, v->field, "is empty: " + std::string(why));
		return std::nullopt;
	}
	const auto refs = References(node.value);
	Error(v->mark, v->field, refs + (refs.find(' ') != refs.npos ? " are" : " is") +
	      " set but empty: " + std::string(why));
	return std::nullopt;
}

std::optional<ConfigValue>
Section::RequiredString(KeyNames names, std::string_view why)
{
	std::string name;
	const auto *value = Find(names, &name);
	if (value == nullptr) {
		Error(mark, FieldPath(*names.begin()), "missing: " + std::string(why));
		return std::nullopt;
	}
	return NonEmpty(*value, FieldPath(name), why);
}

std::optional<ConfigValue>
Section::Secret(KeyNames names, std::string_view why)
{
	std::string name;
	const auto *value = Find(names, &name);
	if (value == nullptr)
		return std::nullopt;
	return NonEmpty(*value, FieldPath(name), why);
}

/* What a value looked like, for an error message, unless it may be a secret. */
static std::string
Shown(const ConfigValue &v)
{
	return v.from_variable ? std::string() : ", got " + Quote(v.value);
}

static std::optional<std::int64_t>
ParseInteger(std::string_view s)
{
	std::int64_t n;
	const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
	if (ec != std::errc() || end != s.data() + s.size())
		return std::nullopt;
	return n;
}

std::optional<std::int64_t>
Section::Integer(KeyNames names, std::int64_t min, std::int64_t max)
{
	const auto v = ScalarAt(names, Mode::Parsed);
	if (!v)
		return std::nullopt;
	const auto n = ParseInteger(Trim(v->value));
	if (!n) {
		Error(v->mark, v->field, "expected a whole number" + Shown(*v));
		return std::nullopt;
	}
	if (*n < min || *n > max) {
		Error(v->mark, v->field, "must be between " + std::to_string(min) + " and " +
		      std::to_string(max) + Shown(*v));
		return std::nullopt;
	}
	return n;
}

std::optional<double>
Section::Number(KeyNames names, double min, double max)
{
	const auto v = ScalarAt(names, Mode::Parsed);
	if (!v)
		return std::nullopt;
	const auto text = Trim(v->value);
	double d;
	const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
	if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(d)) {
		Error(v->mark, v->field, "expected a number" + Shown(*v));
		return std::nullopt;
	}
	if (d < min || d > max) {
		char range[64];
		std::snprintf(range, sizeof(range), "must be between %g and %g", min, max);
		Error(v->mark, v->field, range + Shown(*v));
		return std::nullopt;
	}
	return d;
}

std::optional<bool>
Section::Boolean(KeyNames names)
{
	const auto v = ScalarAt(names, Mode::Parsed);
	if (!v)
		return std::nullopt;
	const auto &s = v->value;
	if (s == "true" || s == "True" || s == "TRUE")
		return true;
	if (s == "false" || s == "False" || s == "FALSE")
		return false;
	Error(v->mark, v->field, "expected true or false" + Shown(*v));
	return std::nullopt;
}

std::optional<std::chrono::milliseconds>
Section::Duration(KeyNames names)
{
	const auto v = ScalarAt(names, Mode::Parsed);
	if (!v)
		return std::nullopt;
	try {
		const auto d = ParseDuration(Trim(v->value));
		if (d.count() <= 0) {
			Error(v->mark, v->field, "must be longer than zero");
			return std::nullopt;
		}
		return d;
	} catch (const std::invalid_argument &e) {
		Error(v->mark, v->field, v->from_variable
		      ? "expected a duration such as \"10m\" or \"1h30m\"" : e.what());
		return std::nullopt;
	}
}

std::optional<std::uint64_t>
Section::Size(KeyNames names)
{
	const auto v = ScalarAt(names, Mode::Parsed);
	if (!v)
		return std::nullopt;
	const auto size = ParseSize(Trim(v->value));
	if (!size) {
		Error(v->mark, v->field, "expected a size such as 1048576, \"512k\", \"1MiB\" or \"2g\"" +
		      Shown(*v));
		return std::nullopt;
	}
	return size;
}

std::vector<ConfigValue>
Section::StringList(KeyNames names)
{
	return ListAt(names, Mode::Shown);
}

std::vector<ConfigValue>
Section::ListAt(KeyNames names, Mode mode)
{
	std::string name;
	const auto *value = Find(names, &name);
	std::vector<ConfigValue> out;
	if (value == nullptr)
		return out;
	const auto field = FieldPath(name);
	if (!value->IsSequence()) {
		Error(value->mark, field, "expected a list (lines starting with \"- \" or [a, b]), found " +
		      std::string(value->KindName()));
		return out;
	}
	for (std::size_t i = 0; i < value->sequence.size(); ++i)
		if (auto v = Scalar(value->sequence[i], field + "[" + std::to_string(i) + "]", mode))
			out.push_back(std::move(*v));
	return out;
}

std::vector<std::int64_t>
Section::IntegerList(KeyNames names)
{
	std::vector<std::int64_t> out;
	for (const auto &v : ListAt(names, Mode::Parsed)) {
		if (const auto n = ParseInteger(Trim(v.value)))
			out.push_back(*n);
		else
			Error(v.mark, v.field, "expected a whole number" + Shown(v));
	}
	return out;
}

std::vector<std::pair<std::string, ConfigValue>>
Section::StringMap(KeyNames names)
{
	std::string name;
	const auto *value = Find(names, &name);
	std::vector<std::pair<std::string, ConfigValue>> out;
	if (value == nullptr)
		return out;
	const auto field = FieldPath(name);
	if (!value->IsMapping()) {
		Error(value->mark, field, "expected a mapping (KEY: value lines), found " +
		      std::string(value->KindName()));
		return out;
	}
	for (const auto &[k, v] : value->mapping)
		if (auto s = Scalar(v, field + "." + k.value, Mode::Shown))
			out.emplace_back(k.value, std::move(*s));
	return out;
}

void
Section::Finish()
{
	if (node == nullptr)
		return;
	for (const auto &[key, value] : node->mapping) {
		if (std::find(known.begin(), known.end(), key.value) != known.end())
			continue;
		std::string message = "unknown setting";
		const auto suggestion = ClosestMatch(key.value, known);
		if (!suggestion.empty())
			message += "; did you mean \"" + std::string(suggestion) + "\"?";
		else if (!known.empty())
			message += "; expected one of " + ChoiceList(known, known.size());
		Error(key.mark, FieldPath(key.value), message);
	}
}

} // namespace osprey
