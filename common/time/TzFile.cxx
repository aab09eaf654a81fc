#include "TzFile.hxx"

#include <stdexcept>

namespace osprey {

namespace {

struct Header {
	char version;
	uint32_t isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt;
};

[[noreturn]] void
Corrupt(const char *why)
{
	throw std::invalid_argument(why);
}

/// Bounds-checked big-endian reads over the file contents.
class Cursor {
	std::string_view data_;

public:
	explicit Cursor(std::string_view data) noexcept : data_(data) {}

	std::string_view Take(std::size_t n)
	{
		if (n > data_.size())
			Corrupt("truncated tzfile");
		const auto out = data_.substr(0, n);
		data_.remove_prefix(n);
		return out;
	}

	uint64_t Unsigned(std::size_t n)
	{
		uint64_t v = 0;
		for (const char c : Take(n))
			v = (v << 8) | static_cast<unsigned char>(c);
		return v;
	}

	int64_t Signed(std::size_t n)
	{
		const uint64_t v = Unsigned(n);
		const unsigned shift = 64 - unsigned(n) * 8;
		return static_cast<int64_t>(v << shift) >> shift;
	}

	std::string_view Rest() const noexcept { return data_; }
};

Header
ReadHeader(Cursor &c)
{
	if (c.Take(4) != "TZif")
		Corrupt("not a tzfile (no TZif magic)");
	Header h;
	h.version = c.Take(1)[0];
	c.Take(15);
	h.isutcnt = uint32_t(c.Unsigned(4));
	h.isstdcnt = uint32_t(c.Unsigned(4));
	h.leapcnt = uint32_t(c.Unsigned(4));
	h.timecnt = uint32_t(c.Unsigned(4));
	h.typecnt = uint32_t(c.Unsigned(4));
	h.charcnt = uint32_t(c.Unsigned(4));
	if (h.typecnt == 0)
		Corrupt("tzfile has no local time types");
	if (h.leapcnt != 0)
		Corrupt("tzfile with leap seconds (a \"right/\" zone) is not supported");
	return h;
}

/// Reads one data block whose times are @p time_size bytes wide.
TzData
ReadBlock(Cursor &c, const Header &h, std::size_t time_size)
{
	TzData data;
	data.transitions.reserve(h.timecnt);
	for (uint32_t i = 0; i < h.timecnt; ++i) {
		const int64_t t = c.Signed(time_size);
		if (!data.transitions.empty() && t <= data.transitions.back())
			Corrupt("tzfile transitions are not in ascending order");
		data.transitions.push_back(t);
	}
	std::vector<uint8_t> indices;
	for (uint32_t i = 0; i < h.timecnt; ++i)
		indices.push_back(uint8_t(c.Unsigned(1)));

	std::vector<int32_t> type_offsets;
	for (uint32_t i = 0; i < h.typecnt; ++i) {
		const auto offset = c.Signed(4);
		c.Take(2); // isdst, abbreviation index: cron needs neither
		// RFC 8536: -2^31 is invalid; real offsets stay within a day or so.
		if (offset < -26 * 3600 || offset > 26 * 3600)
			Corrupt("tzfile UTC offset out of range");
		type_offsets.push_back(int32_t(offset));
	}
	for (const auto index : indices) {
		if (index >= type_offsets.size())
			Corrupt("tzfile transition names a missing time type");
		data.offsets.push_back(type_offsets[index]);
	}
	data.initial_offset = type_offsets[0];
	c.Take(std::size_t(h.charcnt) + h.isstdcnt + h.isutcnt);
	return data;
}

} // namespace

TzData
ParseTzFile(std::string_view bytes)
{
	Cursor c{bytes};
	const Header v1 = ReadHeader(c);
	if (v1.version == '\0')
		return ReadBlock(c, v1, 4);

	// Version 2+: skip the 32-bit block; the 64-bit one and the footer follow.
	c.Take(std::size_t(v1.timecnt) * 5 + std::size_t(v1.typecnt) * 6 + v1.charcnt +
	       std::size_t(v1.leapcnt) * 8 + v1.isstdcnt + v1.isutcnt);
	const Header v2 = ReadHeader(c);
	TzData data = ReadBlock(c, v2, 8);

	std::string_view footer = c.Rest();
	if (footer.size() < 2 || footer.front() != '\n')
		Corrupt("tzfile footer missing");
	footer.remove_prefix(1);
	const auto end = footer.find('\n');
	if (end == footer.npos)
		Corrupt("tzfile footer not terminated");
	footer = footer.substr(0, end);
	if (!footer.empty()) {
		data.rule = ParsePosixTz(footer);
		if (!data.rule)
			Corrupt("tzfile footer is not a valid TZ rule");
	}
	return data;
}

} // namespace osprey
