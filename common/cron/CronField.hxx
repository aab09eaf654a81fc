// Parsing one field of a cron expression into a bit set.
#pragma once

#include <cstdint>
#include <string_view>

namespace osprey {

struct CronFieldSpec {
	const char *name; // as in messages: "minute", "day-of-week"
	unsigned min, max;
	/// Three-letter names for min, min+1, ... (months, weekdays), or null.
	const std::string_view *names;
	const char *names_hint; // "jan-dec"
};

extern const CronFieldSpec kMinuteField, kHourField, kDayOfMonthField, kMonthField,
	kDayOfWeekField;

/// Parses a comma-separated list of "*", "N", "N-M", each optionally with
/// "/step" ("N/step" runs from N to the field's maximum, as in cronie), and
/// for months and weekdays the names (case-insensitive; in a weekday range
/// ending "sun", sun means 7). Returns bit i set for each allowed value i.
/// Day-of-week values run 0-7; the caller folds 7 onto Sunday.
///
/// Throws std::invalid_argument with a message that names the field and
/// what was expected, without the expression (the caller prefixes it), e.g.
/// `minute field "*/0": step must be at least 1` or
/// `hour 24 is out of range 0-23`.
uint64_t ParseCronField(std::string_view text, const CronFieldSpec &spec);

} // namespace osprey
