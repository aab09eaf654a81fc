#include "HttpHeaders.hxx"

namespace osprey::http {

static constexpr char
Lower(char c) noexcept
{
	return c >= 'A' && c <= 'Z' ? char(c + ('a' - 'A')) : c;
}

bool
EqualsIgnoreCase(std::string_view a, std::string_view b) noexcept
{
	if (a.size() != b.size())
		return false;
	for (std::size_t i = 0; i < a.size(); ++i)
		if (Lower(a[i]) != Lower(b[i]))
			return false;
	return true;
}

void
HeaderTable::EndValue() noexcept
{
	Entry &e = entries.back();
	while (e.value_length > 0) {
		const char c = bytes[e.value_offset + e.value_length - 1];
		if (c != ' ' && c != '\t')
			break;
		--e.value_length;
	}
}

std::optional<std::string_view>
HeaderTable::Find(std::string_view name) const noexcept
{
	for (std::size_t i = 0; i < entries.size(); ++i)
		if (EqualsIgnoreCase(NameAt(i), name))
			return ValueAt(i);
	return std::nullopt;
}

} // namespace osprey::http
