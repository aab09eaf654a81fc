#include "Unicode.hxx"

#include <algorithm>

namespace osprey::tmpl {

bool
InRanges(std::span<const RuneRange> ranges, char32_t r) noexcept
{
	auto it = std::upper_bound(ranges.begin(), ranges.end(), r,
				   [](char32_t v, const RuneRange &range) {
					   return v < range.lo;
				   });
	if (it == ranges.begin())
		return false;
	--it;
	return r <= it->hi;
}

} // namespace osprey::tmpl
