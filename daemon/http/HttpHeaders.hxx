// The header lines of one request, stored for the connection's whole life and
// reused from request to request (clear() keeps the capacity): reading a
// request's headers allocates nothing once a connection has warmed up.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::http {

/// ASCII case-insensitive equality, as header names compare.
bool EqualsIgnoreCase(std::string_view a, std::string_view b) noexcept;

class HeaderTable {
	struct Entry {
		std::uint32_t name_offset, name_length;
		std::uint32_t value_offset, value_length;
	};

	std::string bytes;
	std::vector<Entry> entries;

public:
	void Clear() noexcept {
		bytes.clear();
		entries.clear();
	}

	/// Building, as the parser delivers pieces: a name (in one or more
	/// pieces), then its value (zero or more pieces).
	void BeginName() { entries.push_back({Offset(), 0, 0, 0}); }
	void AppendName(std::string_view piece) {
		bytes.append(piece);
		entries.back().name_length += std::uint32_t(piece.size());
	}
	void BeginValue() noexcept {
		entries.back().value_offset = Offset();
		entries.back().value_length = 0;
	}
	void AppendValue(std::string_view piece) {
		bytes.append(piece);
		entries.back().value_length += std::uint32_t(piece.size());
	}
	/// Drops trailing whitespace from the value just completed.
	void EndValue() noexcept;

	std::size_t Size() const noexcept { return entries.size(); }
	std::string_view NameAt(std::size_t i) const noexcept {
		return {bytes.data() + entries[i].name_offset, entries[i].name_length};
	}
	std::string_view ValueAt(std::size_t i) const noexcept {
		return {bytes.data() + entries[i].value_offset, entries[i].value_length};
	}

	/// The value of the first header named @p name (any case).
	std::optional<std::string_view> Find(std::string_view name) const noexcept;

private:
	std::uint32_t Offset() const noexcept { return std::uint32_t(bytes.size()); }
};

} // namespace osprey::http
