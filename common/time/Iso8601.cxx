#include "Iso8601.hxx"
#include "Civil.hxx"
#include "TimeZone.hxx"
#include "util/Text.hxx"

#include <cstdio>
#include <stdexcept>

namespace osprey {

namespace {

using std::chrono::system_clock;

int64_t
UnixSeconds(system_clock::time_point t) noexcept
{
	return std::chrono::floor<std::chrono::seconds>(t.time_since_epoch()).count();
}

/// "YYYY-MM-DDTHH:MM:SS" of @p local seconds since the epoch.
std::string
FormatLocal(int64_t local)
{
	const int64_t days = FloorDiv(local, 86400);
	const int64_t secs = local - days * 86400;
	const CivilDate date = CivilFromDays(days);
	char buf[64];
	std::snprintf(buf, sizeof(buf), "%04lld-%02u-%02uT%02d:%02d:%02d",
		      static_cast<long long>(date.year), date.month, date.day,
		      int(secs / 3600), int(secs / 60 % 60), int(secs % 60));
	return buf;
}

[[noreturn]] void
Fail(std::string_view input)
{
	throw std::invalid_argument("invalid timestamp " + Quote(input) +
				    ": expected ISO 8601 like \"2026-11-21T23:57:33Z\"");
}

/// Reads exactly @p n digits.
int
Digits(std::string_view input, std::string_view &s, std::size_t n)
{
	if (s.size() < n)
		Fail(input);
	int v = 0;
	for (std::size_t i = 0; i < n; ++i) {
		if (s[i] < '0' || s[i] > '9')
			Fail(input);
		v = v * 10 + (s[i] - '0');
	}
	s.remove_prefix(n);
	return v;
}

void
Expect(std::string_view input, std::string_view &s, char c)
{
	if (s.empty() || s.front() != c)
		Fail(input);
	s.remove_prefix(1);
}

} // namespace

std::string
FormatIso8601Utc(system_clock::time_point t)
{
	return FormatLocal(UnixSeconds(t)) + "Z";
}

std::string
FormatIso8601(system_clock::time_point t, const TimeZone &zone)
{
	const int64_t utc = UnixSeconds(t);
	const int32_t offset = zone.OffsetAt(utc);
	if (offset == 0)
		return FormatLocal(utc) + "Z";
	const int32_t magnitude = offset < 0 ? -offset : offset;
	char suffix[16];
	std::snprintf(suffix, sizeof(suffix), "%c%02d:%02d", offset < 0 ? '-' : '+',
		      magnitude / 3600, magnitude / 60 % 60);
	return FormatLocal(utc + offset) + suffix;
}

system_clock::time_point
ParseIso8601(std::string_view input)
{
	std::string_view s = input;
	const int year = Digits(input, s, 4);
	Expect(input, s, '-');
	const int month = Digits(input, s, 2);
	Expect(input, s, '-');
	const int day = Digits(input, s, 2);
	if (s.empty() || (s.front() != 'T' && s.front() != 't' && s.front() != ' '))
		Fail(input);
	s.remove_prefix(1);
	const int hour = Digits(input, s, 2);
	Expect(input, s, ':');
	const int minute = Digits(input, s, 2);
	Expect(input, s, ':');
	const int second = Digits(input, s, 2);
	if (month < 1 || month > 12 || day < 1 || unsigned(day) > DaysInMonth(year, unsigned(month)) ||
	    hour > 23 || minute > 59 || second > 60)
		Fail(input);

	int64_t nanos = 0;
	if (!s.empty() && (s.front() == '.' || s.front() == ',')) {
		s.remove_prefix(1);
		int64_t scale = 100'000'000;
		if (s.empty() || s.front() < '0' || s.front() > '9')
			Fail(input);
		while (!s.empty() && s.front() >= '0' && s.front() <= '9') {
			nanos += (s.front() - '0') * scale;
			scale /= 10;
			s.remove_prefix(1);
		}
	}

	int64_t offset = 0;
	if (s == "Z" || s == "z") {
		s.remove_prefix(1);
	} else if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
		const bool negative = s.front() == '-';
		s.remove_prefix(1);
		const int oh = Digits(input, s, 2);
		Expect(input, s, ':');
		const int om = Digits(input, s, 2);
		if (oh > 23 || om > 59)
			Fail(input);
		offset = (oh * 3600 + om * 60) * (negative ? -1 : 1);
	} else {
		// Without a zone the instant is ambiguous: refuse to guess.
		Fail(input);
	}
	if (!s.empty())
		Fail(input);

	// A leap second (:60) is read as the first second of the next minute.
	const int64_t local = DaysFromCivil(year, unsigned(month), unsigned(day)) * 86400 +
		hour * 3600 + minute * 60 + second;
	const std::chrono::seconds utc{local - offset};
	// system_clock counts nanoseconds in 64 bits: years 1677 to 2262.
	using std::chrono::floor;
	if (utc <= floor<std::chrono::seconds>(system_clock::time_point::min().time_since_epoch()) ||
	    utc >= floor<std::chrono::seconds>(system_clock::time_point::max().time_since_epoch()))
		throw std::invalid_argument("invalid timestamp " + Quote(input) +
					    ": out of range (years 1678 to 2261)");
	return system_clock::time_point{std::chrono::duration_cast<system_clock::duration>(
		utc + std::chrono::nanoseconds{nanos})};
}

} // namespace osprey
