#include "Size.hxx"

#include <charconv>

namespace osprey {

std::optional<std::uint64_t>
ParseSize(std::string_view s) noexcept
{
	std::uint64_t n;
	const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
	if (ec != std::errc() || end == s.data())
		return std::nullopt;

	std::string_view unit(end, s.data() + s.size() - end);
	while (unit.starts_with(' '))
		unit.remove_prefix(1);

	unsigned shift;
	if (unit.empty() || unit == "b" || unit == "B")
		shift = 0;
	else if (unit == "k" || unit == "K" || unit == "KiB" || unit == "KB" || unit == "kb")
		shift = 10;
	else if (unit == "m" || unit == "M" || unit == "MiB" || unit == "MB" || unit == "mb")
		shift = 20;
	else if (unit == "g" || unit == "G" || unit == "GiB" || unit == "GB" || unit == "gb")
		shift = 30;
	else
		return std::nullopt;

	if (shift > 0 && n > (UINT64_MAX >> shift))
		return std::nullopt;
	return n << shift;
}

} // namespace osprey
