#include "Value.hxx"
#include "Number.hxx"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace osprey::json {

// One node type per kind; shared_ptr's deleter remembers the concrete type, so
// the base needs no virtual destructor.
struct Value::Node {};

namespace {

struct TextNode : Value::Node {
	std::string text;
	explicit TextNode(std::string &&t) noexcept :text(std::move(t)) {}
};

struct ArrayNode : Value::Node {
	Array elements;
	explicit ArrayNode(Array &&e) noexcept :elements(std::move(e)) {}
};

struct ObjectNode : Value::Node {
	Members members;
	std::vector<std::uint32_t> sorted;

	explicit ObjectNode(Members &&m) :members(std::move(m)) {
		sorted.resize(members.size());
		for (std::uint32_t i = 0; i < sorted.size(); ++i)
			sorted[i] = i;
		// Stable sort keeps duplicates in source order; then keep the last
		// of each run so a later duplicate shadows the earlier ones.
		std::stable_sort(sorted.begin(), sorted.end(),
				 [this](std::uint32_t a, std::uint32_t b) {
					 return members[a].first < members[b].first;
				 });
		std::vector<std::uint32_t> unique;
		unique.reserve(sorted.size());
		for (std::size_t i = 0; i < sorted.size(); ++i) {
			if (i + 1 < sorted.size() &&
			    members[sorted[i]].first == members[sorted[i + 1]].first)
				continue;
			unique.push_back(sorted[i]);
		}
		sorted = std::move(unique);
	}
};

const std::string empty_text;
const Array empty_array;
const Members empty_members;
const std::vector<std::uint32_t> empty_index;

} // namespace

Value
Value::String(std::string s)
{
	return Value(Kind::String, std::make_shared<const TextNode>(std::move(s)));
}

Value
Value::Number(std::string text)
{
	if (!IsValidNumber(text))
		throw std::invalid_argument("not a JSON number: " + text);
	return Value(Kind::Number, std::make_shared<const TextNode>(std::move(text)));
}

Value
Value::Number(std::int64_t i)
{
	return Value(Kind::Number, std::make_shared<const TextNode>(std::to_string(i)));
}

Value
Value::MakeArray(Array elements)
{
	return Value(Kind::Array, std::make_shared<const ArrayNode>(std::move(elements)));
}

Value
Value::MakeObject(Members members)
{
	return Value(Kind::Object, std::make_shared<const ObjectNode>(std::move(members)));
}

const std::string &
Value::GetText() const noexcept
{
	if (kind_ == Kind::String || kind_ == Kind::Number)
		return static_cast<const TextNode &>(*node_).text;
	return empty_text;
}

bool
Value::IsInteger() const noexcept
{
	return kind_ == Kind::Number &&
		GetText().find_first_of(".eE") == std::string::npos;
}

std::optional<std::int64_t>
Value::ToInt64() const noexcept
{
	if (!IsInteger())
		return std::nullopt;
	return ParseInt64(GetText());
}

double
Value::ToDouble() const noexcept
{
	if (kind_ != Kind::Number)
		return 0;
	return ParseDouble(GetText());
}

const Array &
Value::GetArray() const noexcept
{
	if (kind_ == Kind::Array)
		return static_cast<const ArrayNode &>(*node_).elements;
	return empty_array;
}

const Members &
Value::GetMembers() const noexcept
{
	if (kind_ == Kind::Object)
		return static_cast<const ObjectNode &>(*node_).members;
	return empty_members;
}

const std::vector<std::uint32_t> &
Value::SortedIndex() const noexcept
{
	if (kind_ == Kind::Object)
		return static_cast<const ObjectNode &>(*node_).sorted;
	return empty_index;
}

std::size_t
Value::Size() const noexcept
{
	switch (kind_) {
	case Kind::Array:
		return GetArray().size();
	case Kind::Object:
		return SortedIndex().size();
	default:
		return 0;
	}
}

const Value *
Value::Find(std::string_view key) const noexcept
{
	if (kind_ != Kind::Object)
		return nullptr;
	const auto &node = static_cast<const ObjectNode &>(*node_);
	auto it = std::lower_bound(node.sorted.begin(), node.sorted.end(), key,
				   [&node](std::uint32_t i, std::string_view k) {
					   return std::string_view(node.members[i].first) < k;
				   });
	if (it == node.sorted.end() || node.members[*it].first != key)
		return nullptr;
	return &node.members[*it].second;
}

bool
operator==(const Value &a, const Value &b) noexcept
{
	if (a.kind_ != b.kind_)
		return false;
	switch (a.kind_) {
	case Value::Kind::Null:
		return true;
	case Value::Kind::Bool:
		return a.boolean_ == b.boolean_;
	case Value::Kind::Number:
	case Value::Kind::String:
		return a.GetText() == b.GetText();
	case Value::Kind::Array:
		return a.GetArray() == b.GetArray();
	case Value::Kind::Object:
		return a.GetMembers() == b.GetMembers();
	}
	return false;
}

} // namespace osprey::json
