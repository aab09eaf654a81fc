// The JSON value model shared by the template engine, the job store and the
// webhook ingest.
//
// A Value is a small handle: scalars are stored inline or behind a shared,
// immutable node, so copying a Value (even the root of a 1 MiB payload) is a
// reference-count bump. Nothing is ever mutated after construction, which makes
// a tree safe to read from several threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey::json {

class Value;

using Array = std::vector<Value>;
using Member = std::pair<std::string, Value>;
using Members = std::vector<Member>;

class Value {
public:
	enum class Kind : std::uint8_t { Null, Bool, Number, String, Array, Object };

	/// Storage of the non-inline kinds; defined in Value.cxx.
	struct Node;

private:
	Kind kind_ = Kind::Null;
	bool boolean_ = false;
	std::shared_ptr<const Node> node_;

	Value(Kind kind, std::shared_ptr<const Node> node) noexcept
		:kind_(kind), node_(std::move(node)) {}

public:
	/// null
	Value() noexcept = default;

	explicit Value(bool b) noexcept :kind_(Kind::Bool), boolean_(b) {}

	/// A string value; @p s must be valid UTF-8 (not checked here).
	static Value String(std::string s);

	/// A number spelled exactly as @p text (which must be a valid JSON
	/// number; throws std::invalid_argument otherwise).
	static Value Number(std::string text);
	static Value Number(std::int64_t i);

	static Value MakeArray(Array elements);

	/// An object; members keep their order, a repeated key shadows the
	/// earlier ones for lookups (like Go's encoding/json).
	static Value MakeObject(Members members);

	Kind GetKind() const noexcept { return kind_; }
	bool IsNull() const noexcept { return kind_ == Kind::Null; }
	bool IsBool() const noexcept { return kind_ == Kind::Bool; }
	bool IsNumber() const noexcept { return kind_ == Kind::Number; }
	bool IsString() const noexcept { return kind_ == Kind::String; }
	bool IsArray() const noexcept { return kind_ == Kind::Array; }
	bool IsObject() const noexcept { return kind_ == Kind::Object; }

	/// The boolean; false unless IsBool().
	bool GetBool() const noexcept { return boolean_; }

	/// The string of a String, the source text of a Number, "" otherwise.
	const std::string &GetText() const noexcept;

	/// Number helpers. IsInteger(): the number was written without fraction
	/// or exponent. ToInt64(): its value when IsInteger() and it fits.
	/// ToDouble(): the nearest double (0 for non-numbers).
	bool IsInteger() const noexcept;
	std::optional<std::int64_t> ToInt64() const noexcept;
	double ToDouble() const noexcept;

	/// Elements of an Array; empty for other kinds.
	const Array &GetArray() const noexcept;

	/// Members of an Object in source order (duplicates included); empty
	/// for other kinds.
	const Members &GetMembers() const noexcept;

	/// Indices into GetMembers() of the effective members (last duplicate
	/// wins), sorted by key bytewise: Go's map iteration order.
	const std::vector<std::uint32_t> &SortedIndex() const noexcept;

	/// Number of elements, or of distinct keys; 0 for scalars.
	std::size_t Size() const noexcept;

	/// The member named @p key, or nullptr (also for non-objects).
	const Value *Find(std::string_view key) const noexcept;

	/// Deep equality (numbers by text).
	friend bool operator==(const Value &a, const Value &b) noexcept;
};

} // namespace osprey::json
