// The builtin functions of text/template, resolved by name at parse time.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace osprey::tmpl {

enum class Builtin : std::uint8_t {
	And, Or, Not, Len, Index, Slice, Call,
	Print, Printf, Println, Html, Js, Urlquery,
	Eq, Ne, Lt, Le, Gt, Ge,
};

/// The builtin called @p name, if any.
std::optional<Builtin> FindBuiltin(std::string_view name) noexcept;

} // namespace osprey::tmpl
