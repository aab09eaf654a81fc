// Private: Go's fmt printer state (pp plus fmt flags) writing into a string.
#pragma once

#include "Datum.hxx"

#include <string>
#include <string_view>

namespace osprey::tmpl {

struct FmtFlags {
	bool wid_present = false, prec_present = false;
	bool minus = false, plus = false, sharp = false, space = false, zero = false;
	bool plus_v = false, sharp_v = false;
	int wid = 0, prec = 0;
};

class Printer {
public:
	std::string &buf;
	FmtFlags f;
	bool erroring = false;

	explicit Printer(std::string &out) noexcept :buf(out) {}

	void PrintArg(const Datum &arg, char32_t verb);

	// fmt's padding and basic formatters (format.go)
	void WritePadding(int n);
	void Pad(std::string_view s);
	void FmtBoolean(bool v);
	void FmtInteger(std::uint64_t u, int base, bool is_signed, char32_t verb, bool upper);
	void FmtUnicode(std::uint64_t u);
	void FmtC(std::uint64_t c);
	void FmtQc(std::uint64_t c);
	void FmtS(std::string_view s);
	void FmtSx(std::string_view s, bool upper);
	void FmtQ(std::string_view s);
	void FmtFloat(double v, char32_t verb, int prec);

private:
	// print.go's per-type dispatch
	void BadVerb(const Datum &arg, char32_t verb);
	void PrintBool(bool v, const Datum &arg, char32_t verb);
	void PrintInteger(std::uint64_t v, bool is_signed, const Datum &arg, char32_t verb);
	void PrintFloat(double v, const Datum &arg, char32_t verb);
	void PrintString(std::string_view v, const Datum &arg, char32_t verb);
	void PrintNumber(const Datum &arg, char32_t verb);
	void PrintJson(const Datum &arg, char32_t verb);
	std::string_view TruncateString(std::string_view s) const;
};

/// Appends the JSON text of an Array or Object datum.
void AppendJson(std::string &out, const Datum &d);

} // namespace osprey::tmpl
