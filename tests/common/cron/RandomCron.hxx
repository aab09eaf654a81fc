// Test helper: random cron expressions together with the values each field
// must allow, computed here independently of the parser.
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace osprey {

struct RandomCron {
	std::string text;
	uint64_t bits[5] = {}; // minute, hour, day-of-month, month, day-of-week (0-6)
	bool star[5] = {};     // field written starting with "*"
};

class RandomCronGenerator {
	std::mt19937_64 &rng_;

	unsigned Uniform(unsigned low, unsigned high)
	{
		return std::uniform_int_distribution<unsigned>(low, high)(rng_);
	}

	/// A value as text: for months and weekdays sometimes the name. For the
	/// weekday 7 the name "sun" works only as the end of a range.
	std::string Value(int field, unsigned v, bool range_end)
	{
		static const char *months[] = {"jan", "Feb", "MAR", "apr", "may", "jun",
					       "jul", "aug", "sep", "oct", "nov", "dec"};
		static const char *days[] = {"sun", "mon", "Tue", "wed", "thu", "fri", "SAT"};
		if (Uniform(0, 2) == 0) {
			if (field == 3)
				return months[v - 1];
			if (field == 4 && v < 7)
				return days[v];
			if (field == 4 && v == 7 && range_end)
				return "sun";
		}
		return std::to_string(v);
	}

	/// One list item; returns its bits.
	uint64_t Item(int field, unsigned min, unsigned max, std::string &out)
	{
		unsigned low = Uniform(min, max), high = low, step = 1;
		switch (Uniform(0, 4)) {
		case 0: // N
			out += Value(field, low, false);
			break;
		case 1: // N-M
			high = Uniform(low, max);
			out += Value(field, low, false) + "-" + Value(field, high, low > 0);
			break;
		case 2: // N-M/S
			high = Uniform(low, max);
			step = Uniform(1, max - min + 1);
			out += Value(field, low, false) + "-" + Value(field, high, low > 0) + "/" +
				std::to_string(step);
			break;
		case 3: // N/S: N to the maximum
			high = max;
			step = Uniform(1, max - min + 1);
			out += Value(field, low, false) + "/" + std::to_string(step);
			break;
		default: // */S
			low = min;
			high = max;
			step = Uniform(1, (max - min + 1) / 2);
			out += "*/" + std::to_string(step);
			break;
		}
		uint64_t bits = 0;
		for (unsigned v = low; v <= high; v += step)
			bits |= uint64_t{1} << v;
		return bits;
	}

public:
	explicit RandomCronGenerator(std::mt19937_64 &rng) noexcept : rng_(rng) {}

	RandomCron Next()
	{
		static const unsigned mins[] = {0, 0, 1, 1, 0}, maxs[] = {59, 23, 31, 12, 7};
		// How often each field is a bare "*": day fields mostly, minutes rarely,
		// so that schedules are neither all dense nor all sparse.
		static const unsigned star_percent[] = {10, 35, 55, 60, 55};
		// One in five is sparse: late days of few months, maybe a weekday
		// too, which makes leap days, years-long waits and "never fires".
		const bool sparse = Uniform(0, 4) == 0;
		RandomCron cron;
		for (int field = 0; field < 5; ++field) {
			if (field > 0)
				cron.text += Uniform(0, 5) == 0 ? "\t " : " ";
			const auto start = cron.text.size();
			uint64_t bits = 0;
			if (sparse && field >= 2) {
				const unsigned v = field == 2 ? Uniform(28, 31) : Uniform(1, 12);
				if (field == 2 && Uniform(0, 2) == 0) {
					const unsigned step = Uniform(14, 30); // "*/28": days 1 and 29
					cron.text += "*/" + std::to_string(step);
					for (unsigned d = 1; d <= 31; d += step)
						bits |= uint64_t{1} << d;
				} else if (field == 3 && Uniform(0, 2) == 0) {
					cron.text += "2";
					bits = uint64_t{1} << 2;
				} else if (field == 4 && Uniform(0, 1) == 0) {
					cron.text += "*";
					bits = 0xff;
				} else {
					bits = uint64_t{1} << (field == 4 ? v % 8 : v);
					cron.text += Value(field, field == 4 ? v % 8 : v, false);
				}
			} else if (Uniform(0, 99) < star_percent[field]) {
				cron.text += "*";
				for (unsigned v = mins[field]; v <= maxs[field]; ++v)
					bits |= uint64_t{1} << v;
			} else {
				const unsigned items = Uniform(0, 3) == 0 ? Uniform(2, 3) : 1;
				for (unsigned i = 0; i < items; ++i) {
					if (i > 0)
						cron.text += ",";
					bits |= Item(field, mins[field], maxs[field], cron.text);
				}
			}
			cron.star[field] = cron.text[start] == '*';
			if (field == 4)
				bits = (bits | bits >> 7) & 0x7f;
			cron.bits[field] = bits;
		}
		return cron;
	}
};

} // namespace osprey
