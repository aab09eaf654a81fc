// fmt.Sprint, Sprintln and Sprintf (print.go's doPrint, doPrintln and
// doPrintf) and the printing of action values.
#include "Format.hxx"
#include "Printer.hxx"
#include "json/Utf8.hxx"

namespace osprey::tmpl {

namespace {

constexpr int max_width = 1000000; // fmt's tooLarge

bool
IsStringOperand(const Datum &d, bool missing_as_no_value) noexcept
{
	return d.kind == Datum::Kind::String || (missing_as_no_value && d.IsMissing());
}

// fmt's parsenum: a decimal at format[i..end), 0/false when absent or huge.
bool
ParseNum(std::string_view format, std::size_t &i, int &num)
{
	num = 0;
	bool isnum = false;
	for (; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++i) {
		if (num > max_width || num < -max_width) {
			i = format.size();
			num = 0;
			return false;
		}
		num = num * 10 + (format[i] - '0');
		isnum = true;
	}
	return isnum;
}

// fmt's intFromArg: a width or precision taken from an operand.
bool
IntFromArg(std::span<const Datum> a, std::size_t &arg_num, int &num)
{
	num = 0;
	if (arg_num >= a.size())
		return false;
	const Datum &d = a[arg_num++];
	std::int64_t v;
	if (d.kind == Datum::Kind::Int)
		v = d.i;
	else if (d.kind == Datum::Kind::Uint && d.u <= INT64_MAX)
		v = static_cast<std::int64_t>(d.u);
	else if (d.kind == Datum::Kind::Number && d.json->ToInt64())
		v = *d.json->ToInt64(); // Osprey: JSON integers are ints
	else
		return false;
	if (v > max_width || v < -max_width)
		return false;
	num = static_cast<int>(v);
	return true;
}

} // namespace

void
FormatValue(std::string &out, const Datum &value)
{
	switch (value.kind) {
	case Datum::Kind::Missing:
		out += "<no value>";
		return;
	case Datum::Kind::String:
		out += value.str;
		return;
	case Datum::Kind::Number:
		out += value.json->GetText();
		return;
	case Datum::Kind::Array:
	case Datum::Kind::Object:
		AppendJson(out, value);
		return;
	default:
		Printer(out).PrintArg(value, 'v');
	}
}

void
Sprint(std::string &out, std::span<const Datum> args, bool missing_as_no_value)
{
	Printer p(out);
	bool prev_string = false;
	for (std::size_t i = 0; i < args.size(); ++i) {
		const bool is_string = IsStringOperand(args[i], missing_as_no_value);
		if (i > 0 && !is_string && !prev_string)
			out += ' ';
		if (missing_as_no_value && args[i].IsMissing())
			out += "<no value>";
		else
			p.PrintArg(args[i], 'v');
		prev_string = is_string;
	}
}

void
Sprintln(std::string &out, std::span<const Datum> args)
{
	Printer p(out);
	for (std::size_t i = 0; i < args.size(); ++i) {
		if (i > 0)
			out += ' ';
		p.PrintArg(args[i], 'v');
	}
	out += '\n';
}

void
Sprintf(std::string &out, std::string_view format, std::span<const Datum> a, std::size_t stop_at)
{
	Printer p(out);
	const std::size_t end = format.size();
	std::size_t arg_num = 0;
	bool after_index = false, reordered = false, good_arg_num = true;

	// fmt's argNumber: an explicit "[n]" operand index.
	auto arg_number = [&](std::size_t &i) {
		if (i >= end || format[i] != '[')
			return false;
		reordered = true;
		if (end - i < 3) { // too short for "[n]": skip the bracket
			++i;
			good_arg_num = false;
			return false;
		}
		for (std::size_t j = i + 1; j < end; ++j) {
			if (format[j] != ']')
				continue;
			std::size_t k = i + 1;
			int n;
			const bool ok = ParseNum(format.substr(0, j), k, n) && k == j;
			i = j + 1;
			if (ok && n >= 1 && static_cast<std::size_t>(n - 1) < a.size()) {
				arg_num = static_cast<std::size_t>(n - 1);
				return true;
			}
			good_arg_num = false;
			return ok;
		}
		++i; // no closing bracket
		good_arg_num = false;
		return false;
	};

	for (std::size_t i = 0; i < end && out.size() <= stop_at;) {
		good_arg_num = true;
		const std::size_t lasti = i;
		while (i < end && format[i] != '%')
			++i;
		if (i > lasti)
			out.append(format.substr(lasti, i - lasti));
		if (i >= end)
			break;
		++i; // skip %
		p.f = FmtFlags{};
		bool simple_done = false;
		for (; i < end; ++i) {
			const char c = format[i];
			if (c == '#') {
				p.f.sharp = true;
			} else if (c == '0') {
				p.f.zero = !p.f.minus;
			} else if (c == '+') {
				p.f.plus = true;
			} else if (c == '-') {
				p.f.minus = true;
				p.f.zero = false;
			} else if (c == ' ') {
				p.f.space = true;
			} else {
				// Fast path for a simple lowercase verb.
				if (c >= 'a' && c <= 'z' && arg_num < a.size()) {
					if (c == 'v') {
						p.f.sharp_v = p.f.sharp;
						p.f.sharp = false;
						p.f.plus_v = p.f.plus;
						p.f.plus = false;
					}
					p.PrintArg(a[arg_num], static_cast<unsigned char>(c));
					++arg_num;
					++i;
					simple_done = true;
				}
				break;
			}
		}
		if (simple_done)
			continue;

		after_index = arg_number(i);
		if (i < end && format[i] == '*') {
			++i;
			p.f.wid_present = IntFromArg(a, arg_num, p.f.wid);
			if (!p.f.wid_present)
				out += "%!(BADWIDTH)";
			if (p.f.wid < 0) {
				p.f.wid = -p.f.wid;
				p.f.minus = true;
				p.f.zero = false;
			}
			after_index = false;
		} else {
			p.f.wid_present = ParseNum(format, i, p.f.wid);
			if (after_index && p.f.wid_present)
				good_arg_num = false; // "%[3]2d"
		}
		if (i + 1 < end && format[i] == '.') {
			++i;
			if (after_index)
				good_arg_num = false; // "%[3].2d"
			after_index = arg_number(i);
			if (i < end && format[i] == '*') {
				++i;
				p.f.prec_present = IntFromArg(a, arg_num, p.f.prec);
				if (p.f.prec < 0) {
					p.f.prec = 0;
					p.f.prec_present = false;
				}
				if (!p.f.prec_present)
					out += "%!(BADPREC)";
				after_index = false;
			} else {
				p.f.prec_present = ParseNum(format, i, p.f.prec);
				if (!p.f.prec_present) {
					p.f.prec = 0;
					p.f.prec_present = true;
				}
			}
		}
		if (!after_index)
			after_index = arg_number(i);
		if (i >= end) {
			out += "%!(NOVERB)";
			break;
		}
		const auto r = json::DecodeRune(format.substr(i));
		const auto byte = static_cast<unsigned char>(format[i]);
		const char32_t verb = byte < 0x80 ? byte : r.rune;
		i += r.width;
		if (verb == '%') {
			out += '%';
		} else if (!good_arg_num) {
			out += "%!";
			json::AppendUtf8(out, verb);
			out += "(BADINDEX)";
		} else if (arg_num >= a.size()) {
			out += "%!";
			json::AppendUtf8(out, verb);
			out += "(MISSING)";
		} else {
			if (verb == 'v') {
				p.f.sharp_v = p.f.sharp;
				p.f.sharp = false;
				p.f.plus_v = p.f.plus;
				p.f.plus = false;
			}
			p.PrintArg(a[arg_num], verb);
			++arg_num;
		}
	}
	if (!reordered && arg_num < a.size()) {
		p.f = FmtFlags{};
		out += "%!(EXTRA ";
		for (std::size_t k = arg_num; k < a.size(); ++k) {
			if (k > arg_num)
				out += ", ";
			if (a[k].IsMissing()) {
				out += "<nil>";
			} else {
				out += a[k].TypeName();
				out += '=';
				p.PrintArg(a[k], 'v');
			}
		}
		out += ')';
	}
}

} // namespace osprey::tmpl
