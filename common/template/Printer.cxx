// fmt's formatting primitives (format.go): padding, integers, strings,
// quoting, floats with their flags.
#include "Printer.hxx"
#include "Format.hxx"
#include "Quote.hxx"
#include "Unicode.hxx"
#include "json/Utf8.hxx"

namespace osprey::tmpl {

static constexpr char ldigits[] = "0123456789abcdefx";
static constexpr char udigits[] = "0123456789ABCDEFX";

void
Printer::WritePadding(int n)
{
	if (n <= 0)
		return;
	buf.append(static_cast<std::size_t>(n), f.zero ? '0' : ' ');
}

void
Printer::Pad(std::string_view s)
{
	if (!f.wid_present || f.wid == 0) {
		buf += s;
		return;
	}
	const int width = f.wid - static_cast<int>(json::RuneCount(s));
	if (!f.minus) {
		WritePadding(width);
		buf += s;
	} else {
		buf += s;
		WritePadding(width);
	}
}

void
Printer::FmtBoolean(bool v)
{
	Pad(v ? "true" : "false");
}

void
Printer::FmtUnicode(std::uint64_t u)
{
	std::string s = "U+";
	int prec = 4;
	if (f.prec_present && f.prec > 4)
		prec = f.prec;
	std::string hex;
	for (std::uint64_t v = u;; v >>= 4) {
		hex.insert(hex.begin(), udigits[v & 0xF]);
		if (v < 16)
			break;
	}
	if (static_cast<int>(hex.size()) < prec)
		hex.insert(0, static_cast<std::size_t>(prec) - hex.size(), '0');
	s += hex;
	if (f.sharp && u <= 0x10FFFF && IsPrint(static_cast<char32_t>(u))) {
		s += " '";
		json::AppendUtf8(s, static_cast<char32_t>(u));
		s += '\'';
	}
	const bool old_zero = f.zero;
	f.zero = false;
	Pad(s);
	f.zero = old_zero;
}

void
Printer::FmtInteger(std::uint64_t u, int base, bool is_signed, char32_t verb, bool upper)
{
	const char *digits = upper ? udigits : ldigits;
	const bool negative = is_signed && static_cast<std::int64_t>(u) < 0;
	if (negative)
		u = 0 - u;
	int prec = 0;
	if (f.prec_present) {
		prec = f.prec;
		if (prec == 0 && u == 0) {
			const bool old_zero = f.zero;
			f.zero = false;
			WritePadding(f.wid);
			f.zero = old_zero;
			return;
		}
	} else if (f.zero && f.wid_present) {
		prec = f.wid;
		if (negative || f.plus || f.space)
			--prec; // leave room for sign
	}
	std::string s;
	do {
		s += digits[u % static_cast<unsigned>(base)];
		u /= static_cast<unsigned>(base);
	} while (u != 0);
	while (static_cast<int>(s.size()) < prec)
		s += '0';
	if (f.sharp) {
		switch (base) {
		case 2: s += "b0"; break;
		case 8: if (s.back() != '0') s += '0'; break;
		case 16: s += digits[16]; s += '0'; break;
		}
	}
	if (verb == 'O')
		s += "o0";
	if (negative)
		s += '-';
	else if (f.plus)
		s += '+';
	else if (f.space)
		s += ' ';
	std::string forward(s.rbegin(), s.rend());
	const bool old_zero = f.zero;
	f.zero = false;
	Pad(forward);
	f.zero = old_zero;
}

std::string_view
Printer::TruncateString(std::string_view s) const
{
	if (!f.prec_present)
		return s;
	int n = f.prec;
	for (std::size_t i = 0; i < s.size();) {
		if (--n < 0)
			return s.substr(0, i);
		i += json::DecodeRune(s.substr(i)).width;
	}
	return s;
}

void
Printer::FmtS(std::string_view s)
{
	Pad(TruncateString(s));
}

void
Printer::FmtSx(std::string_view s, bool upper)
{
	const char *digits = upper ? udigits : ldigits;
	int length = static_cast<int>(s.size());
	if (f.prec_present && f.prec < length)
		length = f.prec;
	int width = 2 * length;
	if (width > 0) {
		if (f.space) {
			if (f.sharp)
				width *= 2;
			width += length - 1;
		} else if (f.sharp) {
			width += 2;
		}
	} else {
		if (f.wid_present)
			WritePadding(f.wid);
		return;
	}
	if (f.wid_present && f.wid > width && !f.minus)
		WritePadding(f.wid - width);
	if (f.sharp) {
		buf += '0';
		buf += digits[16];
	}
	for (int i = 0; i < length; ++i) {
		if (f.space && i > 0) {
			buf += ' ';
			if (f.sharp) {
				buf += '0';
				buf += digits[16];
			}
		}
		const auto c = static_cast<unsigned char>(s[static_cast<std::size_t>(i)]);
		buf += digits[c >> 4];
		buf += digits[c & 0xF];
	}
	if (f.wid_present && f.wid > width && f.minus)
		WritePadding(f.wid - width);
}

void
Printer::FmtQ(std::string_view s)
{
	s = TruncateString(s);
	if (f.sharp && CanBackquote(s)) {
		Pad("`" + std::string(s) + "`");
		return;
	}
	Pad(GoQuote(s, f.plus));
}

void
Printer::FmtC(std::uint64_t c)
{
	std::string s;
	json::AppendUtf8(s, c > 0x10FFFF ? 0xFFFD : static_cast<char32_t>(c));
	Pad(s);
}

void
Printer::FmtQc(std::uint64_t c)
{
	std::string s;
	AppendGoQuoteRune(s, c > 0x10FFFF ? 0xFFFD : static_cast<char32_t>(c), f.plus);
	Pad(s);
}

} // namespace osprey::tmpl
