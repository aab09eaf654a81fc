#include "Duration.hxx"
#include "util/Text.hxx"

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace osprey {

namespace {

using Nanos = int64_t;
__extension__ typedef unsigned __int128 Uint128;
constexpr Nanos kMaxNanos = std::numeric_limits<int64_t>::max();

[[noreturn]] void
Fail(std::string_view input, std::string_view why)
{
	throw std::invalid_argument("invalid duration " + Quote(input) + ": " +
				    std::string(why));
}

[[noreturn]] void
FailSyntax(std::string_view input)
{
	Fail(input, "expected a number followed by a unit (ms, s, m, h), like \"10m\" or \"1h30m\"");
}

constexpr bool
IsDigit(char c) noexcept
{
	return c >= '0' && c <= '9';
}

/// Nanoseconds per unit, or 0 for an unknown unit.
Nanos
UnitNanos(std::string_view unit) noexcept
{
	if (unit == "ns")
		return 1;
	if (unit == "us" || unit == "\xc2\xb5s" /* U+00B5 */ || unit == "\xce\xbcs" /* U+03BC */)
		return 1'000;
	if (unit == "ms")
		return 1'000'000;
	if (unit == "s")
		return 1'000'000'000;
	if (unit == "m")
		return 60'000'000'000;
	if (unit == "h")
		return 3'600'000'000'000;
	return 0;
}

/// acc += b * c; false on overflow (all operands >= 0).
bool
AddMul(Nanos &acc, Nanos b, Nanos c) noexcept
{
	Nanos product;
	if (__builtin_mul_overflow(b, c, &product))
		return false;
	return !__builtin_add_overflow(acc, product, &acc);
}

} // namespace

std::chrono::milliseconds
ParseDuration(std::string_view input)
{
	std::string_view s = input;
	if (!s.empty() && s.front() == '-')
		Fail(input, "must not be negative");
	if (!s.empty() && s.front() == '+')
		s.remove_prefix(1);
	if (s == "0")
		return std::chrono::milliseconds{0};
	if (s.empty())
		FailSyntax(input);

	Nanos total = 0;
	while (!s.empty()) {
		// Integer part, then optional fraction; at least one digit overall.
		Nanos whole = 0;
		bool whole_overflow = false, any_digit = false;
		while (!s.empty() && IsDigit(s.front())) {
			whole_overflow |= __builtin_mul_overflow(whole, 10, &whole) ||
				__builtin_add_overflow(whole, s.front() - '0', &whole);
			any_digit = true;
			s.remove_prefix(1);
		}
		// The fraction keeps at most 18 digits, as Go keeps what fits.
		Nanos frac = 0, scale = 1;
		if (!s.empty() && s.front() == '.') {
			s.remove_prefix(1);
			while (!s.empty() && IsDigit(s.front())) {
				if (scale < 1'000'000'000'000'000'000) {
					frac = frac * 10 + (s.front() - '0');
					scale *= 10;
				}
				any_digit = true;
				s.remove_prefix(1);
			}
		}
		if (!any_digit)
			FailSyntax(input);

		std::size_t unit_length = 0;
		while (unit_length < s.size() && !IsDigit(s[unit_length]) &&
		       s[unit_length] != '.')
			++unit_length;
		const std::string_view unit = s.substr(0, unit_length);
		s.remove_prefix(unit_length);
		if (unit.empty())
			FailSyntax(input);
		const Nanos per_unit = UnitNanos(unit);
		if (per_unit == 0) {
			if (unit == "d" || unit == "w")
				Fail(input, "unknown unit " + Quote(unit) +
				     " (expected ns, us, ms, s, m or h; write days as hours, like \"24h\")");
			if (unit.find_first_of(" \t") != unit.npos)
				FailSyntax(input);
			Fail(input, "unknown unit " + Quote(unit) + " (expected ns, us, ms, s, m or h)");
		}

		// frac < 1e18 and per_unit <= 3.6e12: the product fits 128 bits,
		// so the sub-unit part is exact (truncated below 1ns, like Go).
		const auto frac_nanos = static_cast<Nanos>(static_cast<Uint128>(frac) *
							  static_cast<Uint128>(per_unit) /
							  static_cast<Uint128>(scale));
		if (whole_overflow || !AddMul(total, whole, per_unit) ||
		    __builtin_add_overflow(total, frac_nanos, &total))
			Fail(input, "too large (at most 2562047h47m16s)");
	}
	static_assert(kMaxNanos / 3'600'000'000'000 == 2562047);

	if (total % 1'000'000 != 0)
		Fail(input, "finer than a millisecond, which is the smallest step Osprey counts in");
	return std::chrono::milliseconds{total / 1'000'000};
}

std::string
FormatDuration(std::chrono::milliseconds d)
{
	int64_t ms = d.count();
	if (ms == 0)
		return "0s";
	std::string out;
	// Work on the magnitude as unsigned so INT64_MIN is representable.
	uint64_t rest = static_cast<uint64_t>(ms);
	if (ms < 0) {
		out += '-';
		rest = 0 - rest;
	}
	struct Part { uint64_t ms; const char *unit; };
	static constexpr Part parts[] = {
		{3'600'000, "h"}, {60'000, "m"}, {1'000, "s"}, {1, "ms"},
	};
	for (const auto &part : parts) {
		const uint64_t n = rest / part.ms;
		rest %= part.ms;
		if (n != 0) {
			out += std::to_string(n);
			out += part.unit;
		}
	}
	return out;
}

} // namespace osprey
