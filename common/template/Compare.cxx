// eq, ne, lt, le, gt, ge: Go's comparison rules on basic kinds, plus Osprey's
// rule that a JSON number compares numerically with any number.
#include "Funcs.hxx"

#include <cmath>

namespace osprey::tmpl {

namespace {

enum class BasicKind { Invalid, Bool, Int, Uint, Float, String };

// A datum as the basic kind it compares as; JSON numbers are resolved to
// Int or Float first (Osprey difference 2).
struct Basic {
	BasicKind kind;
	Datum value;
	bool from_json_number = false;
};

Basic
ToBasic(const Datum &d) noexcept
{
	switch (d.kind) {
	case Datum::Kind::Bool:
		return {BasicKind::Bool, d};
	case Datum::Kind::Int:
		return {BasicKind::Int, d};
	case Datum::Kind::Uint:
		return {BasicKind::Uint, d};
	case Datum::Kind::Float:
		return {BasicKind::Float, d};
	case Datum::Kind::String:
		return {BasicKind::String, d};
	case Datum::Kind::Number: {
		const Datum n = NumberValue(*d.json);
		return {n.kind == Datum::Kind::Int ? BasicKind::Int : BasicKind::Float, n, true};
	}
	default:
		return {BasicKind::Invalid, d};
	}
}

bool
IsNumeric(BasicKind k) noexcept
{
	return k == BasicKind::Int || k == BasicKind::Uint || k == BasicKind::Float;
}

double
AsDouble(const Datum &d) noexcept
{
	switch (d.kind) {
	case Datum::Kind::Int:
		return static_cast<double>(d.i);
	case Datum::Kind::Uint:
		return static_cast<double>(d.u);
	default:
		return d.f;
	}
}

// Ordering of two numbers of different kinds: int/uint exactly (as Go does),
// anything with a float (only reached for JSON numbers) through double.
int
CompareMixed(const Basic &a, const Basic &b) noexcept
{
	if (a.kind == BasicKind::Int && b.kind == BasicKind::Uint) {
		if (a.value.i < 0)
			return -1;
		const auto ua = static_cast<std::uint64_t>(a.value.i);
		return ua < b.value.u ? -1 : ua > b.value.u ? 1 : 0;
	}
	if (a.kind == BasicKind::Uint && b.kind == BasicKind::Int)
		return -CompareMixed(b, a);
	const double x = AsDouble(a.value), y = AsDouble(b.value);
	return x < y ? -1 : x > y ? 1 : 0;
}

bool
MixedComparable(const Basic &a, const Basic &b) noexcept
{
	if (!IsNumeric(a.kind) || !IsNumeric(b.kind))
		return false;
	const bool int_uint = (a.kind == BasicKind::Int || a.kind == BasicKind::Uint) &&
		(b.kind == BasicKind::Int || b.kind == BasicKind::Uint);
	return int_uint || a.from_json_number || b.from_json_number;
}

// Go's reflect kind, for the "comparable" checks on non-basic values.
int
GoKind(const Datum &d) noexcept
{
	return static_cast<int>(d.kind);
}

} // namespace

bool
Eq(const Datum &arg1, std::span<const Datum> others)
{
	if (others.empty())
		throw FuncError("missing argument for comparison");
	const Basic a = ToBasic(arg1);
	for (const Datum &arg : others) {
		const Basic b = ToBasic(arg);
		bool truth = false;
		if (a.kind != b.kind) {
			if (MixedComparable(a, b))
				truth = CompareMixed(a, b) == 0;
			else if (!arg1.IsMissing() && !arg.IsMissing())
				throw FuncError("incompatible types for comparison");
		} else {
			switch (a.kind) {
			case BasicKind::Bool:
				truth = a.value.boolean == b.value.boolean;
				break;
			case BasicKind::Int:
				truth = a.value.i == b.value.i;
				break;
			case BasicKind::Uint:
				truth = a.value.u == b.value.u;
				break;
			case BasicKind::Float:
				truth = a.value.f == b.value.f;
				break;
			case BasicKind::String:
				truth = a.value.str == b.value.str;
				break;
			case BasicKind::Invalid:
				// missing, arrays and objects
				if (GoKind(arg1) != GoKind(arg) && !arg1.IsMissing() && !arg.IsMissing())
					throw FuncError("non-comparable types");
				if (arg1.IsMissing() || arg.IsMissing())
					truth = arg1.IsMissing() == arg.IsMissing();
				else
					throw FuncError("non-comparable type " +
							std::string(arg.TypeName()));
				break;
			}
		}
		if (truth)
			return true;
	}
	return false;
}

bool
Lt(const Datum &arg1, const Datum &arg2)
{
	const Basic a = ToBasic(arg1);
	if (a.kind == BasicKind::Invalid)
		throw FuncError("invalid type for comparison");
	const Basic b = ToBasic(arg2);
	if (b.kind == BasicKind::Invalid)
		throw FuncError("invalid type for comparison");
	if (a.kind != b.kind) {
		if (MixedComparable(a, b))
			return CompareMixed(a, b) < 0;
		throw FuncError("incompatible types for comparison");
	}
	switch (a.kind) {
	case BasicKind::Bool:
		throw FuncError("invalid type for comparison");
	case BasicKind::Float:
		return a.value.f < b.value.f;
	case BasicKind::Int:
		return a.value.i < b.value.i;
	case BasicKind::String:
		return a.value.str < b.value.str;
	case BasicKind::Uint:
		return a.value.u < b.value.u;
	default:
		return false;
	}
}

} // namespace osprey::tmpl
