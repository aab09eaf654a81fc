// Private: the value the renderer passes around, the counterpart of Go's
// reflect.Value. It is trivially copyable and never owns anything: JSON
// values are pointed to in the caller's tree, literal strings in the parse
// tree, and computed strings in the render's string arena (Exec::Intern).
#pragma once

#include "json/Value.hxx"

#include <cstdint>
#include <string_view>

namespace osprey::tmpl {

struct Datum {
	enum class Kind : std::uint8_t {
		Missing, // Go's invalid value: missing field, JSON null, nil
		Bool,
		Int,     // Go int: literals, len
		Uint,    // Go uint8: a byte from indexing a string
		Float,   // Go float64 literal
		String,  // Go string
		Number,  // JSON number (Osprey: prints as written, acts as a number)
		Array,   // JSON array, or a slice [lo, hi) of one
		Object,  // JSON object
	};

	Kind kind = Kind::Missing;
	bool boolean = false;
	std::uint32_t lo = 0, hi = 0; // Array: element range
	union {
		std::int64_t i;
		std::uint64_t u;
		double f;
	};
	const json::Value *json = nullptr; // Number, Array, Object
	std::string_view str;              // String

	Datum() noexcept :i(0) {}

	static Datum Bool(bool b) noexcept {
		Datum d;
		d.kind = Kind::Bool;
		d.boolean = b;
		return d;
	}
	static Datum Int(std::int64_t v) noexcept {
		Datum d;
		d.kind = Kind::Int;
		d.i = v;
		return d;
	}
	static Datum Uint(std::uint64_t v) noexcept {
		Datum d;
		d.kind = Kind::Uint;
		d.u = v;
		return d;
	}
	static Datum Float(double v) noexcept {
		Datum d;
		d.kind = Kind::Float;
		d.f = v;
		return d;
	}
	static Datum String(std::string_view s) noexcept {
		Datum d;
		d.kind = Kind::String;
		d.str = s;
		return d;
	}

	/// The datum for a JSON value: null becomes Missing, strings are viewed
	/// in place.
	static Datum FromJson(const json::Value &v) noexcept;

	bool IsMissing() const noexcept { return kind == Kind::Missing; }

	/// Elements of an Array datum.
	const json::Value *begin() const noexcept { return json->GetArray().data() + lo; }
	const json::Value *end() const noexcept { return json->GetArray().data() + hi; }
	std::size_t ArraySize() const noexcept { return hi - lo; }

	/// Go's truth: non-zero, non-empty.
	bool Truth() const noexcept;

	/// The Go type name used in error messages and %T.
	std::string_view TypeName() const noexcept;
};

/// A JSON number as the numeric kind it acts as: Int when written as an
/// integer that fits int64, Float otherwise.
Datum NumberValue(const json::Value &number) noexcept;

} // namespace osprey::tmpl
