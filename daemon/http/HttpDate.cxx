#include "HttpDate.hxx"

#include <cstdio>
#include <ctime>

namespace osprey::http {

std::string_view
HttpDate::Now() noexcept
{
	static constexpr const char *days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
	static constexpr const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
						 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
	thread_local std::time_t cached_second = -1;
	thread_local char text[32];
	thread_local int length = 0;

	const std::time_t now = std::time(nullptr);
	if (now != cached_second) {
		std::tm tm;
		gmtime_r(&now, &tm);
		length = std::snprintf(text, sizeof(text), "%s, %02d %s %04d %02d:%02d:%02d GMT",
				       days[tm.tm_wday % 7], tm.tm_mday, months[tm.tm_mon % 12],
				       tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
		if (length < 0 || length >= int(sizeof(text)))
			length = 0;
		cached_second = now;
	}
	return {text, std::size_t(length)};
}

} // namespace osprey::http
