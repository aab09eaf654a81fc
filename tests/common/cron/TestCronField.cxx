#include "cron/CronField.hxx"
#include "cron/CronSchedule.hxx"

#include <doctest/doctest.h>
#include <stdexcept>
#include <string>

using namespace osprey;

namespace {

uint64_t
Bits(std::initializer_list<unsigned> values)
{
	uint64_t bits = 0;
	for (const auto v : values)
		bits |= uint64_t{1} << v;
	return bits;
}

uint64_t
Range(unsigned low, unsigned high, unsigned step = 1)
{
	uint64_t bits = 0;
	for (unsigned v = low; v <= high; v += step)
		bits |= uint64_t{1} << v;
	return bits;
}

void
CheckError(const char *expr, const std::string &message)
{
	CAPTURE(expr);
	CHECK_THROWS_WITH_AS(CronSchedule::Parse(expr, "UTC"),
			     ("cron \"" + std::string(expr) + "\": " + message).c_str(),
			     std::invalid_argument);
}

} // namespace

TEST_CASE("ParseCronField values, ranges, lists and steps")
{
	CHECK(ParseCronField("*", kMinuteField) == Range(0, 59));
	CHECK(ParseCronField("7", kMinuteField) == Bits({7}));
	CHECK(ParseCronField("007", kMinuteField) == Bits({7}));
	CHECK(ParseCronField("1-5", kHourField) == Range(1, 5));
	CHECK(ParseCronField("*/6", kHourField) == Bits({0, 6, 12, 18}));
	CHECK(ParseCronField("1-30/5", kDayOfMonthField) == Bits({1, 6, 11, 16, 21, 26}));
	CHECK(ParseCronField("5/15", kMinuteField) == Bits({5, 20, 35, 50}));
	CHECK(ParseCronField("1,15,20-25", kDayOfMonthField) == (Bits({1, 15}) | Range(20, 25)));
	CHECK(ParseCronField("*/90", kMinuteField) == Bits({0}));
	CHECK(ParseCronField("*/5", kMonthField) == Bits({1, 6, 11}));
	CHECK(ParseCronField("3-3", kHourField) == Bits({3}));
	CHECK(ParseCronField("5,5,*/30", kMinuteField) == Bits({0, 5, 30}));
}

TEST_CASE("ParseCronField names")
{
	CHECK(ParseCronField("jan", kMonthField) == Bits({1}));
	CHECK(ParseCronField("DEC", kMonthField) == Bits({12}));
	CHECK(ParseCronField("Mar-May", kMonthField) == Range(3, 5));
	CHECK(ParseCronField("jan-dec/3", kMonthField) == Bits({1, 4, 7, 10}));
	CHECK(ParseCronField("feb/4", kMonthField) == Bits({2, 6, 10}));
	CHECK(ParseCronField("sun", kDayOfWeekField) == Bits({0}));
	CHECK(ParseCronField("mon-fri", kDayOfWeekField) == Range(1, 5));
	CHECK(ParseCronField("sat,SUN", kDayOfWeekField) == Bits({0, 6}));
	CHECK(ParseCronField("1-fri", kDayOfWeekField) == Range(1, 5));
	// A range ending in "sun" runs to the Sunday at the end of the week.
	CHECK(ParseCronField("fri-sun", kDayOfWeekField) == Range(5, 7));
	CHECK(ParseCronField("sun-sun", kDayOfWeekField) == Bits({0}));
	// Day-of-week runs 0-7, as in cronie: steps and "N/step" see the 7.
	CHECK(ParseCronField("*", kDayOfWeekField) == Range(0, 7));
	CHECK(ParseCronField("1/2", kDayOfWeekField) == Bits({1, 3, 5, 7}));
	CHECK(ParseCronField("5-7", kDayOfWeekField) == Range(5, 7));
}

TEST_CASE("CronSchedule folds 7 onto Sunday and records starred day fields")
{
	const auto seven = CronSchedule::Parse("0 0 * * 7", "UTC").Fields();
	CHECK(seven.days_of_week == 0b1);
	CHECK(CronSchedule::Parse("0 0 * * 5-7", "UTC").Fields().days_of_week == 0b1100001);
	CHECK(CronSchedule::Parse("0 0 * * *", "UTC").Fields().days_of_week == 0x7f);
	const auto f = CronSchedule::Parse("0 0 */2 * mon", "UTC").Fields();
	CHECK(f.day_of_month_star);
	CHECK_FALSE(f.day_of_week_star);
	const auto g = CronSchedule::Parse("0 0 1 * */2", "UTC").Fields();
	CHECK_FALSE(g.day_of_month_star);
	CHECK(g.day_of_week_star);
	CHECK(g.days_of_week == 0b1010101);
}

TEST_CASE("Macros expand to their five fields")
{
	const auto same = [](const char *macro, const char *fields) {
		CAPTURE(macro);
		const auto a = CronSchedule::Parse(macro, "UTC").Fields();
		const auto b = CronSchedule::Parse(fields, "UTC").Fields();
		CHECK(a.minutes == b.minutes);
		CHECK(a.hours == b.hours);
		CHECK(a.days_of_month == b.days_of_month);
		CHECK(a.months == b.months);
		CHECK(a.days_of_week == b.days_of_week);
		CHECK(a.day_of_month_star == b.day_of_month_star);
		CHECK(a.day_of_week_star == b.day_of_week_star);
	};
	same("@hourly", "0 * * * *");
	same("@daily", "0 0 * * *");
	same("@midnight", "0 0 * * *");
	same("@weekly", "0 0 * * 0");
	same("@monthly", "0 0 1 * *");
	same("@yearly", "0 0 1 1 *");
	same("@annually", "0 0 1 1 *");
	same("  @Daily ", "0 0 * * *");
	CHECK(CronSchedule::Parse("@daily", "UTC").Expression() == "@daily");
}

TEST_CASE("CronSchedule::Parse error messages")
{
	CheckError("*/0 * * * *", "minute field \"*/0\": step must be at least 1");
	CheckError("0 24 * * *", "hour 24 is out of range 0-23");
	CheckError("60 * * * *", "minute 60 is out of range 0-59");
	CheckError("0 0 0 * *", "day-of-month 0 is out of range 1-31");
	CheckError("0 0 32 * *", "day-of-month 32 is out of range 1-31");
	CheckError("0 0 * 13 *", "month 13 is out of range 1-12");
	CheckError("0 0 * * 8", "day-of-week 8 is out of range 0-7 (0 and 7 are Sunday)");
	CheckError("1,99999999999 * * * *", "minute 99999999999 is out of range 0-59");
	CheckError("* * *", "expected 5 fields (minute hour day-of-month month day-of-week), got 3");
	CheckError("", "expected 5 fields (minute hour day-of-month month day-of-week), got 0");
	CheckError("0 * * * * *", "expected 5 fields (minute hour day-of-month month day-of-week), got 6");
	CheckError("0 0 30 2 *", "never fires: day-of-month \"30\" does not occur in month \"2\"");
	CheckError("0 0 31 apr,jun,sep,nov *",
		   "never fires: day-of-month \"31\" does not occur in month \"apr,jun,sep,nov\"");
	CheckError("0 0 30,31 feb */2", "never fires: day-of-month \"30,31\" does not occur in month \"feb\"");
	CheckError("@often", "unknown macro \"@often\" (expected @hourly, @daily, @midnight, @weekly, "
			     "@monthly, @yearly or @annually)");
	CheckError("@reboot", "unknown macro \"@reboot\" (expected @hourly, @daily, @midnight, @weekly, "
			      "@monthly, @yearly or @annually)");

	const std::string expected =
		": expected a number, a range like 1-5, a list like 1,15, a step like */15, or *";
	CheckError("- * * * *", "minute field \"-\"" + expected);
	CheckError("1- * * * *", "minute field \"1-\"" + expected);
	CheckError("/5 * * * *", "minute field \"/5\"" + expected);
	CheckError("*-5 * * * *", "minute field \"*-5\": \"*\" is not a number");
	CheckError("1,,2 * * * *", "minute field \"1,,2\": empty list item");
	CheckError("1, * * * *", "minute field \"1,\": empty list item");
	CheckError("5-1 * * * *", "minute field \"5-1\": range 5-1 goes backwards");
	CheckError("*/x * * * *", "minute field \"*/x\": step \"x\" is not a number");
	CheckError("*/ * * * *", "minute field \"*/\": step \"\" is not a number");
	CheckError("*/5/2 * * * *", "minute field \"*/5/2\": step \"5/2\" is not a number");
	CheckError("? * * * *", "minute field \"?\": \"?\" is not a number");
	CheckError("0 0 L * *", "day-of-month field \"L\": \"L\" is not a number");
	CheckError("0 0 * foo *", "month field \"foo\": \"foo\" is neither a number nor a name (jan-dec)");
	CheckError("0 0 * * mon#2", "day-of-week field \"mon#2\": \"mon#2\" is neither a number nor a name (sun-sat)");
	CheckError("0 0 * * monday", "day-of-week field \"monday\": \"monday\" is neither a number nor a name (sun-sat)");
	CheckError("0 0 * mon *", "month field \"mon\": \"mon\" is neither a number nor a name (jan-dec)");
	CheckError("0 0 jan * *", "day-of-month field \"jan\": \"jan\" is not a number");
	CheckError("0 0 * * sat-mon", "day-of-week field \"sat-mon\": range sat-mon goes backwards");
	CheckError("-1 * * * *", "minute field \"-1\"" + expected);

	CHECK_THROWS_WITH_AS(CronSchedule::Parse("0 0 * * *", "Mars/Base"), "unknown time zone \"Mars/Base\"",
			     std::invalid_argument);
	// The expression is checked before the zone.
	CHECK_THROWS_WITH_AS(CronSchedule::Parse("0 24 * * *", "Mars/Base"),
			     "cron \"0 24 * * *\": hour 24 is out of range 0-23", std::invalid_argument);
	// Only spaces and tabs separate fields; control characters are escaped.
	CHECK_THROWS_WITH_AS(CronSchedule::Parse("0\n0 * * *", "UTC"),
			     "cron \"0\\n0 * * *\": expected 5 fields (minute hour day-of-month month "
			     "day-of-week), got 4",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(CronSchedule::Parse("0 0 * *\t*\x01", "UTC"),
			     "cron \"0 0 * *\\t*\\x01\": day-of-week field \"*\\x01\": \"*\\x01\" is "
			     "neither a number nor a name (sun-sat)",
			     std::invalid_argument);
}
