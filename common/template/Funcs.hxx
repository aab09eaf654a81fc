// Private: the builtins that are plain functions of their evaluated
// arguments (everything but and/or, which Exec short-circuits). Each throws
// FuncError with Go's message; Exec adds the position and the name.
#pragma once

#include "Datum.hxx"

#include <span>
#include <stdexcept>
#include <string>

namespace osprey::tmpl {

class Exec;

struct FuncError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

bool Eq(const Datum &a, std::span<const Datum> others);
bool Lt(const Datum &a, const Datum &b);
inline bool Le(const Datum &a, const Datum &b) { return Lt(a, b) || Eq(a, {&b, 1}); }

Datum Len(const Datum &item);
Datum Index(const Datum &item, std::span<const Datum> indexes);
Datum Slice(const Datum &item, std::span<const Datum> indexes);

} // namespace osprey::tmpl
