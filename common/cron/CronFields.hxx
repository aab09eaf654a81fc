// The parsed form of a five-field cron expression: one bit per allowed value.
#pragma once

#include <bit>
#include <cstdint>

namespace osprey {

struct CronFields {
	uint64_t minutes = 0;	    // bits 0-59
	uint32_t hours = 0;	    // bits 0-23
	uint32_t days_of_month = 0; // bits 1-31
	uint16_t months = 0;	    // bits 1-12
	uint8_t days_of_week = 0;   // bits 0-6, Sunday = 0 (a written 7 lands on 0)

	/// Whether the field was written starting with "*" ("*", "*/2"). Classic
	/// cron: only when neither day field is starred does a day match if
	/// EITHER matches; otherwise both must.
	bool day_of_month_star = false;
	bool day_of_week_star = false;

	/// Day rule for a calendar day; @p weekday 0 = Sunday.
	constexpr bool MatchesDay(unsigned day_of_month, unsigned weekday) const noexcept
	{
		const bool dom = (days_of_month >> day_of_month) & 1;
		const bool dow = (days_of_week >> weekday) & 1;
		return day_of_month_star || day_of_week_star ? dom && dow : dom || dow;
	}
};

/// The lowest set bit of @p bits at or above @p from, or -1.
constexpr int
NextBit(uint64_t bits, unsigned from) noexcept
{
	if (from >= 64)
		return -1;
	bits &= ~uint64_t{0} << from;
	return bits == 0 ? -1 : std::countr_zero(bits);
}

} // namespace osprey
