// strconv.FormatFloat for float64: the decimal digits come from
// std::to_chars (shortest round-trip, or correctly rounded to a precision),
// the layout (%e, %f, %g thresholds) follows Go's ftoa.go.
#include "Format.hxx"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace osprey::tmpl {

namespace {

// Decimal digits d[0..nd) with the decimal point at dp: 0.d * 10^dp.
struct Digits {
	std::string d;
	int nd = 0, dp = 0;
};

// Digits of |v| (v finite, non-zero), shortest when prec < 0, else with
// prec significant digits; trailing zeros trimmed (like Go's decimal).
void
ToDigits(Digits &digs, double v, int prec)
{
	std::string buf(static_cast<std::size_t>(std::max(prec, 0)) + 64, '\0');
	char *const first = buf.data(), *const last = first + buf.size();
	std::to_chars_result r = prec < 0
		? std::to_chars(first, last, v, std::chars_format::scientific)
		: std::to_chars(first, last, v, std::chars_format::scientific,
				prec > 0 ? prec - 1 : 0);
	const char *p = first, *end = r.ptr;
	digs.d.clear();
	for (; p < end && *p != 'e'; ++p)
		if (*p >= '0' && *p <= '9')
			digs.d += *p;
	int nd = static_cast<int>(digs.d.size());
	int exp = 0;
	std::from_chars(p + 1 + (p[1] == '+' ? 1 : 0), end, exp);
	while (nd > 1 && digs.d[nd - 1] == '0')
		--nd;
	digs.nd = nd;
	digs.dp = exp + 1;
	if (nd == 1 && digs.d[0] == '0') {
		digs.nd = 0;
		digs.dp = 0;
	}
}

void
FmtE(std::string &out, bool neg, const Digits &d, int prec, char fmt)
{
	if (neg)
		out += '-';
	out += d.nd == 0 ? '0' : d.d[0];
	if (prec > 0) {
		out += '.';
		int i = 1;
		const int m = std::min(d.nd, prec + 1);
		if (i < m) {
			out.append(d.d, i, m - i);
			i = m;
		}
		for (; i <= prec; ++i)
			out += '0';
	}
	out += fmt;
	int exp = d.dp - 1;
	if (d.nd == 0)
		exp = 0;
	out += exp < 0 ? '-' : '+';
	if (exp < 0)
		exp = -exp;
	if (exp < 10) {
		out += '0';
		out += static_cast<char>('0' + exp);
	} else {
		out += std::to_string(exp);
	}
}

void
FmtF(std::string &out, bool neg, const Digits &d, int prec)
{
	if (neg)
		out += '-';
	if (d.dp > 0) {
		const int m = std::min(d.nd, d.dp);
		out.append(d.d, 0, m);
		for (int i = m; i < d.dp; ++i)
			out += '0';
	} else {
		out += '0';
	}
	if (prec > 0) {
		out += '.';
		for (int i = 1; i <= prec; ++i) {
			const int j = d.dp + i - 1;
			out += (j >= 0 && j < d.nd) ? d.d[j] : '0';
		}
	}
}

// %b: mantissa "p" binary exponent, e.g. 4503599627370496p-52.
void
FmtB(std::string &out, double v)
{
	std::uint64_t bits;
	std::memcpy(&bits, &v, sizeof(bits));
	const bool neg = bits >> 63;
	int exp = static_cast<int>((bits >> 52) & 0x7FF);
	std::uint64_t mant = bits & ((std::uint64_t(1) << 52) - 1);
	if (exp == 0)
		++exp;
	else
		mant |= std::uint64_t(1) << 52;
	exp += -1023 - 52;
	if (neg)
		out += '-';
	out += std::to_string(mant);
	out += 'p';
	if (exp >= 0)
		out += '+';
	out += std::to_string(exp);
}

// %x: hex mantissa and a binary exponent of at least two digits.
void
FmtX(std::string &out, double v, int prec, char fmt)
{
	char buf[64];
	if (prec < 0)
		std::snprintf(buf, sizeof(buf), fmt == 'X' ? "%A" : "%a", v);
	else
		std::snprintf(buf, sizeof(buf), fmt == 'X' ? "%.*A" : "%.*a", prec, v);
	std::string s = buf;
	const auto p = s.find_first_of("pP");
	if (p != std::string::npos && s.size() - p == 3) // p+N -> p+0N
		s.insert(p + 2, 1, '0');
	out += s;
}

} // namespace

void
AppendGoFloat(std::string &out, double v, char fmt, int prec)
{
	if (std::isnan(v)) {
		out += "NaN";
		return;
	}
	if (std::isinf(v)) {
		out += v < 0 ? "-Inf" : "+Inf";
		return;
	}
	if (fmt == 'b') {
		FmtB(out, v);
		return;
	}
	if (fmt == 'x' || fmt == 'X') {
		FmtX(out, v, prec, fmt);
		return;
	}
	const bool neg = std::signbit(v);
	const double a = std::fabs(v);
	Digits digs;
	const bool shortest = prec < 0;
	if (!shortest && (fmt == 'g' || fmt == 'G') && prec == 0)
		prec = 1; // %.0g means one significant digit
	if (a != 0) {
		if (shortest) {
			ToDigits(digs, a, -1);
		} else if (fmt == 'f') {
			// correctly rounded at prec decimals: let to_chars do it
			std::string buf(static_cast<std::size_t>(prec) + 400, '\0');
			auto r = std::to_chars(buf.data(), buf.data() + buf.size(), a,
					       std::chars_format::fixed, prec);
			if (neg)
				out += '-';
			out.append(buf.data(), r.ptr);
			return;
		} else {
			const int digits = (fmt == 'e' || fmt == 'E') ? prec + 1 : prec;
			ToDigits(digs, a, digits);
		}
	}
	if (shortest) {
		switch (fmt) {
		case 'e': case 'E': prec = std::max(digs.nd - 1, 0); break;
		case 'f': prec = std::max(digs.nd - digs.dp, 0); break;
		case 'g': case 'G': prec = digs.nd; break;
		}
	}
	switch (fmt) {
	case 'e': case 'E':
		FmtE(out, neg, digs, prec, fmt);
		return;
	case 'f':
		FmtF(out, neg, digs, prec);
		return;
	default: { // 'g', 'G'
		int eprec = prec;
		if (eprec > digs.nd && digs.nd >= digs.dp)
			eprec = digs.nd;
		if (shortest)
			eprec = 6; // %e is used if the exponent from the conversion is < -4 or >= 6
		const int exp = digs.dp - 1;
		if (exp < -4 || exp >= eprec) {
			if (prec > digs.nd)
				prec = digs.nd;
			FmtE(out, neg, digs, prec - 1, fmt == 'g' ? 'e' : 'E');
			return;
		}
		if (prec > digs.dp)
			prec = digs.nd;
		FmtF(out, neg, digs, std::max(prec - digs.dp, 0));
	}
	}
}

} // namespace osprey::tmpl
