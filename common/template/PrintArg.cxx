// print.go's dispatch of one operand by type and verb, with Osprey's rules
// for JSON numbers (text under %v/%s, value under numeric verbs) and for
// arrays and objects (compact JSON).
#include "Printer.hxx"
#include "Format.hxx"
#include "json/Serialize.hxx"
#include "json/Utf8.hxx"

#include <cmath>

namespace osprey::tmpl {

void
AppendJson(std::string &out, const Datum &d)
{
	if (d.kind == Datum::Kind::Object) {
		json::SerializeTo(out, *d.json);
		return;
	}
	out += '[';
	for (const json::Value *e = d.begin(); e != d.end(); ++e) {
		if (e != d.begin())
			out += ',';
		json::SerializeTo(out, *e);
	}
	out += ']';
}

void
Printer::FmtFloat(double v, char32_t verb, int prec)
{
	if (f.prec_present)
		prec = f.prec;
	std::string num = "+";
	AppendGoFloat(num, v, static_cast<char>(verb), prec);
	if (num[1] == '-' || num[1] == '+')
		num.erase(0, 1);
	if (f.space && num[0] == '+' && !f.plus)
		num[0] = ' ';
	if (num[1] == 'I' || num[1] == 'N') {
		const bool old_zero = f.zero;
		f.zero = false;
		if (num[1] == 'N' && !f.space && !f.plus)
			num.erase(0, 1);
		Pad(num);
		f.zero = old_zero;
		return;
	}
	if (f.sharp && verb != 'b') {
		int digits = 0;
		if (verb == 'v' || verb == 'g' || verb == 'G' || verb == 'x') {
			digits = prec;
			if (digits == -1)
				digits = 6;
		}
		std::string tail;
		bool has_point = false, saw_nonzero = false;
		for (std::size_t i = 1; i < num.size(); ++i) {
			const char c = num[i];
			if (c == '.') {
				has_point = true;
			} else if (c == 'p' || c == 'P' ||
				   ((c == 'e' || c == 'E') && verb != 'x' && verb != 'X')) {
				tail = num.substr(i);
				num.resize(i);
				break;
			} else {
				if (c != '0')
					saw_nonzero = true;
				if (saw_nonzero)
					--digits;
			}
		}
		if (!has_point) {
			if (num.size() == 2 && num[1] == '0')
				--digits; // leading digit 0 should contribute once
			num += '.';
		}
		for (; digits > 0; --digits)
			num += '0';
		num += tail;
	}
	if (f.plus || num[0] != '+') {
		if (f.zero && f.wid_present && f.wid > static_cast<int>(num.size())) {
			buf += num[0];
			WritePadding(f.wid - static_cast<int>(num.size()));
			buf.append(num, 1);
			return;
		}
		Pad(num);
		return;
	}
	Pad(std::string_view(num).substr(1));
}

void
Printer::BadVerb(const Datum &arg, char32_t verb)
{
	erroring = true;
	buf += "%!";
	json::AppendUtf8(buf, verb);
	buf += '(';
	if (arg.IsMissing()) {
		buf += "<nil>";
	} else {
		buf += arg.TypeName();
		buf += '=';
		PrintArg(arg, 'v');
	}
	buf += ')';
	erroring = false;
}

void
Printer::PrintBool(bool v, const Datum &arg, char32_t verb)
{
	if (verb == 't' || verb == 'v')
		FmtBoolean(v);
	else
		BadVerb(arg, verb);
}

void
Printer::PrintInteger(std::uint64_t v, bool is_signed, const Datum &arg, char32_t verb)
{
	switch (verb) {
	case 'v':
		if (f.sharp_v && !is_signed) {
			const bool sharp = f.sharp;
			f.sharp = true;
			FmtInteger(v, 16, false, 'v', false);
			f.sharp = sharp;
		} else {
			FmtInteger(v, 10, is_signed, verb, false);
		}
		break;
	case 'd': FmtInteger(v, 10, is_signed, verb, false); break;
	case 'b': FmtInteger(v, 2, is_signed, verb, false); break;
	case 'o': case 'O': FmtInteger(v, 8, is_signed, verb, false); break;
	case 'x': FmtInteger(v, 16, is_signed, verb, false); break;
	case 'X': FmtInteger(v, 16, is_signed, verb, true); break;
	case 'c': FmtC(v); break;
	case 'q': FmtQc(v); break;
	case 'U': FmtUnicode(v); break;
	default: BadVerb(arg, verb);
	}
}

void
Printer::PrintFloat(double v, const Datum &arg, char32_t verb)
{
	switch (verb) {
	case 'v': FmtFloat(v, 'g', -1); break;
	case 'b': case 'g': case 'G': case 'x': case 'X': FmtFloat(v, verb, -1); break;
	case 'f': case 'e': case 'E': FmtFloat(v, verb, 6); break;
	case 'F': FmtFloat(v, 'f', 6); break;
	default: BadVerb(arg, verb);
	}
}

void
Printer::PrintString(std::string_view v, const Datum &arg, char32_t verb)
{
	switch (verb) {
	case 'v':
		if (f.sharp_v)
			FmtQ(v);
		else
			FmtS(v);
		break;
	case 's': FmtS(v); break;
	case 'x': FmtSx(v, false); break;
	case 'X': FmtSx(v, true); break;
	case 'q': FmtQ(v); break;
	default: BadVerb(arg, verb);
	}
}

// Osprey difference 2: the text as written for %v and %s (and quoted for
// %q); the numeric value for every numeric verb.
void
Printer::PrintNumber(const Datum &arg, char32_t verb)
{
	const std::string &text = arg.json->GetText();
	switch (verb) {
	case 'v': case 's':
		FmtS(text);
		return;
	case 'q':
		FmtQ(text);
		return;
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		PrintFloat(arg.json->ToDouble(), arg, verb);
		return;
	default:
		break;
	}
	const Datum n = NumberValue(*arg.json);
	if (n.kind == Datum::Kind::Int) {
		PrintInteger(static_cast<std::uint64_t>(n.i), true, arg, verb);
		return;
	}
	// A number written as a float: integer verbs take it when integral.
	if (std::trunc(n.f) == n.f && std::fabs(n.f) < 9.2e18 &&
	    verb != 'x' && verb != 'X' && verb != 'b') {
		PrintInteger(static_cast<std::uint64_t>(static_cast<std::int64_t>(n.f)), true,
			     arg, verb);
		return;
	}
	PrintFloat(n.f, arg, verb);
}

// Osprey difference 3: arrays and objects as compact JSON; the JSON text
// then formats like a string.
void
Printer::PrintJson(const Datum &arg, char32_t verb)
{
	std::string text;
	AppendJson(text, arg);
	switch (verb) {
	case 'v': case 's': FmtS(text); break;
	case 'q': FmtQ(text); break;
	case 'x': FmtSx(text, false); break;
	case 'X': FmtSx(text, true); break;
	default: BadVerb(arg, verb);
	}
}

void
Printer::PrintArg(const Datum &arg, char32_t verb)
{
	if (arg.IsMissing()) {
		if (verb == 'T' || verb == 'v')
			Pad("<nil>");
		else
			BadVerb(arg, verb);
		return;
	}
	if (verb == 'T') {
		FmtS(arg.TypeName());
		return;
	}
	if (verb == 'p') {
		BadVerb(arg, verb);
		return;
	}
	switch (arg.kind) {
	case Datum::Kind::Bool: PrintBool(arg.boolean, arg, verb); break;
	case Datum::Kind::Int: PrintInteger(static_cast<std::uint64_t>(arg.i), true, arg, verb); break;
	case Datum::Kind::Uint: PrintInteger(arg.u, false, arg, verb); break;
	case Datum::Kind::Float: PrintFloat(arg.f, arg, verb); break;
	case Datum::Kind::String: PrintString(arg.str, arg, verb); break;
	case Datum::Kind::Number: PrintNumber(arg, verb); break;
	case Datum::Kind::Array:
	case Datum::Kind::Object: PrintJson(arg, verb); break;
	case Datum::Kind::Missing: break;
	}
}

} // namespace osprey::tmpl
