// Cron schedules: when a cron-triggered pipeline fires.
//
// Syntax: five fields, "minute hour day-of-month month day-of-week"
// (0-59, 0-23, 1-31, 1-12 or jan-dec, 0-7 or sun-sat with 0 and 7 Sunday),
// each "*", "N", "N-M", a list "1,15,20-25", with optional "/step" ("*/6",
// "1-30/5", and "5/15" meaning 5-max/15 as in cronie); or one of the macros
// @hourly @daily @midnight @weekly @monthly @yearly @annually. Names are
// case-insensitive and work in ranges; as in cronie, day-of-week steps run
// over 0-7 ("1/2" is 1,3,5,7: Sunday included), and a range ending in
// "sun" ends on the 7 ("fri-sun"). Ranges never wrap ("5-1" is an error).
// Fields are separated by spaces and tabs. When both day
// fields are restricted (neither starts with "*"), a day matches if EITHER
// matches, otherwise both must (classic cron: "0 0 1,15 * mon" runs on the
// 1st, the 15th and every Monday).
//
// Time: a schedule matches wall-clock minutes in its time zone (the local
// zone unless an IANA name is given). Daylight saving time:
// - spring forward: wall-clock minutes that do not exist that day (Berlin
//   02:00-02:59 on the last Sunday of March) do not fire; a job set for
//   02:30 is skipped that day, "*/15" just continues at 03:00;
// - fall back: a wall-clock minute the clock shows twice (Berlin 02:00-02:59
//   on the last Sunday of October) fires only the first time; the repeated
//   hour never fires, so an hourly job runs once at 02:00, not twice.
// Put generally: a minute fires when the wall clock reaches a matching
// minute it has not shown before. This is simpler than cronie's special
// cases (which runs fixed-time jobs of a skipped hour after the jump) and
// never runs a job twice; schedule in UTC if every tick matters.
#pragma once

#include "CronFields.hxx"
#include "time/TimeZone.hxx"

#include <chrono>
#include <string>
#include <string_view>

namespace osprey {

/// Immutable after Parse; copyable; Next may be called from any thread.
class CronSchedule {
	std::string expression_;
	CronFields fields_;
	TimeZone zone_;

	CronSchedule(std::string expression, const CronFields &fields, TimeZone zone) noexcept
		: expression_(std::move(expression)), fields_(fields), zone_(std::move(zone)) {}

public:
	/// Parses @p expr in the zone named @p timezone ("" = the local zone).
	///
	/// Throws std::invalid_argument with a message naming the expression,
	/// the field and what was expected, e.g.
	///   cron "*/0 * * * *": minute field "*/0": step must be at least 1
	///   cron "0 24 * * *": hour 24 is out of range 0-23
	///   cron "* * *": expected 5 fields (minute hour day-of-month month day-of-week), got 3
	///   cron "0 0 30 2 *": never fires: day-of-month "30" does not occur in month "2"
	/// or, for the zone, `unknown time zone "Mars/Base"`.
	static CronSchedule Parse(std::string_view expr, std::string_view timezone = {});
	static CronSchedule Parse(std::string_view expr, TimeZone zone);

	/// The first minute the schedule fires strictly after @p after, as the
	/// instant that minute begins. Terminates within microseconds for every
	/// schedule Parse accepts (all of them fire within a few decades);
	/// returns time_point::max() when the answer lies beyond what
	/// system_clock can represent (the year 2262).
	std::chrono::system_clock::time_point
	Next(std::chrono::system_clock::time_point after) const noexcept;

	/// The expression as given to Parse.
	std::string_view Expression() const noexcept { return expression_; }

	const TimeZone &Zone() const noexcept { return zone_; }

	const CronFields &Fields() const noexcept { return fields_; }
};

} // namespace osprey
