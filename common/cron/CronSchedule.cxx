#include "CronSchedule.hxx"
#include "CronField.hxx"
#include "time/Civil.hxx"
#include "util/Text.hxx"

#include <array>
#include <stdexcept>

namespace osprey {

namespace {

struct Macro {
	std::string_view name, expansion;
};

constexpr Macro kMacros[] = {
	{"@yearly", "0 0 1 1 *"}, {"@annually", "0 0 1 1 *"}, {"@monthly", "0 0 1 * *"},
	{"@weekly", "0 0 * * 0"}, {"@daily", "0 0 * * *"},    {"@midnight", "0 0 * * *"},
	{"@hourly", "0 * * * *"},
};

bool
EqualsIgnoreCase(std::string_view a, std::string_view b) noexcept
{
	if (a.size() != b.size())
		return false;
	for (std::size_t i = 0; i < a.size(); ++i) {
		const char x = a[i] >= 'A' && a[i] <= 'Z' ? char(a[i] | 0x20) : a[i];
		if (x != b[i])
			return false;
	}
	return true;
}

std::string_view
ExpandMacro(std::string_view macro)
{
	for (const auto &m : kMacros)
		if (EqualsIgnoreCase(macro, m.name))
			return m.expansion;
	throw std::invalid_argument("unknown macro " + Quote(macro) +
				    " (expected @hourly, @daily, @midnight, @weekly, "
				    "@monthly, @yearly or @annually)");
}

/// Whitespace-separated words.
std::vector<std::string_view>
Words(std::string_view s)
{
	std::vector<std::string_view> words;
	constexpr std::string_view space = " \t";
	for (auto begin = s.find_first_not_of(space); begin != s.npos;
	     begin = s.find_first_not_of(space, begin)) {
		const auto end = std::min(s.find_first_of(space, begin), s.size());
		words.push_back(s.substr(begin, end - begin));
		begin = end;
	}
	return words;
}

/// Whether some selected month has some selected day-of-month (February
/// counted with 29 days). Weekdays need no check: every date of the
/// Gregorian 400-year cycle, February 29 included, falls on each weekday
/// within it, so a day that exists eventually has the wanted weekday too.
bool
CanFire(const CronFields &f) noexcept
{
	if (!f.day_of_month_star && !f.day_of_week_star)
		return true; // either day field suffices, and every month has every weekday
	for (unsigned m = 1; m <= 12; ++m)
		if ((f.months >> m) & 1)
			for (unsigned d = 1; d <= DaysInMonth(2000, m); ++d)
				if ((f.days_of_month >> d) & 1)
					return true;
	return false;
}

CronFields
ParseFields(std::string_view expr)
{
	const auto trimmed = Trim(expr);
	auto words = Words(trimmed.starts_with('@') ? ExpandMacro(trimmed) : trimmed);
	if (words.size() != 5)
		throw std::invalid_argument(
			"expected 5 fields (minute hour day-of-month month day-of-week), got " +
			std::to_string(words.size()));

	CronFields f;
	f.minutes = ParseCronField(words[0], kMinuteField);
	f.hours = uint32_t(ParseCronField(words[1], kHourField));
	f.days_of_month = uint32_t(ParseCronField(words[2], kDayOfMonthField));
	f.months = uint16_t(ParseCronField(words[3], kMonthField));
	const uint64_t dow = ParseCronField(words[4], kDayOfWeekField);
	f.days_of_week = uint8_t((dow | dow >> 7) & 0x7f); // 7 is Sunday too
	f.day_of_month_star = words[2].starts_with('*');
	f.day_of_week_star = words[4].starts_with('*');
	if (!CanFire(f))
		throw std::invalid_argument("never fires: day-of-month " + Quote(words[2]) +
					    " does not occur in month " + Quote(words[3]));
	return f;
}

} // namespace

CronSchedule
CronSchedule::Parse(std::string_view expr, TimeZone zone)
{
	try {
		return {std::string(expr), ParseFields(expr), std::move(zone)};
	} catch (const std::invalid_argument &e) {
		throw std::invalid_argument("cron " + Quote(expr) + ": " + e.what());
	}
}

CronSchedule
CronSchedule::Parse(std::string_view expr, std::string_view timezone)
{
	// The expression first: its errors are the likelier ones.
	const CronFields fields = Parse(expr, TimeZone::Utc()).fields_;
	return {std::string(expr), fields, TimeZone::Locate(timezone)};
}

} // namespace osprey
