#include "CronField.hxx"
#include "util/Text.hxx"

#include <stdexcept>
#include <string>

namespace osprey {

namespace {

constexpr std::string_view kMonthNames[] = {"jan", "feb", "mar", "apr", "may", "jun",
					    "jul", "aug", "sep", "oct", "nov", "dec"};
constexpr std::string_view kDayNames[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

/// What one field accepts, quoted in syntax errors.
constexpr const char *kExpected =
	"expected a number, a range like 1-5, a list like 1,15, a step like */15, or *";

class FieldParser {
	std::string_view text_;
	const CronFieldSpec &spec_;

public:
	FieldParser(std::string_view text, const CronFieldSpec &spec) noexcept
		: text_(text), spec_(spec) {}

	[[noreturn]] void Fail(const std::string &why) const
	{
		throw std::invalid_argument(std::string(spec_.name) + " field " + Quote(text_) +
					    ": " + why);
	}

	/// A number or (where the field has them) a name, within the field's range.
	unsigned Value(std::string_view s) const
	{
		if (s.empty())
			Fail(kExpected);
		if (s.find_first_not_of("0123456789") == s.npos) {
			// Saturate: anything this long is out of range anyway.
			unsigned v = 0;
			for (const char c : s)
				v = v > 100000 ? v : v * 10 + unsigned(c - '0');
			if (v < spec_.min || v > spec_.max) {
				std::string message = std::string(spec_.name) + " " + std::string(s) +
					" is out of range " + std::to_string(spec_.min) + "-" +
					std::to_string(spec_.max);
				if (&spec_ == &kDayOfWeekField)
					message += " (0 and 7 are Sunday)";
				throw std::invalid_argument(message);
			}
			return v;
		}
		if (spec_.names != nullptr && s.size() == 3) {
			for (unsigned i = 0; i + spec_.min <= spec_.max; ++i) {
				const auto name = spec_.names[i];
				bool same = true;
				for (std::size_t j = 0; j < 3; ++j)
					same &= (s[j] | 0x20) == name[j];
				if (same)
					return spec_.min + i;
				if (&spec_ == &kDayOfWeekField && i == 6)
					break; // the names stop at Saturday; 7 has none of its own
			}
		}
		if (spec_.names != nullptr)
			Fail(Quote(s) + " is neither a number nor a name (" + spec_.names_hint + ")");
		Fail(Quote(s) + " is not a number");
	}

	uint64_t Item(std::string_view item) const
	{
		if (item.empty())
			Fail("empty list item");
		std::string_view base = item, step_text;
		const auto slash = item.find('/');
		const bool has_step = slash != item.npos;
		if (has_step) {
			base = item.substr(0, slash);
			step_text = item.substr(slash + 1);
		}

		unsigned low, high;
		if (base == "*") {
			low = spec_.min;
			high = spec_.max;
		} else if (const auto dash = base.find('-'); dash != base.npos) {
			const auto high_text = base.substr(dash + 1);
			low = Value(base.substr(0, dash));
			high = Value(high_text);
			// "fri-sun" means Friday to Sunday, not an empty range.
			if (&spec_ == &kDayOfWeekField && high == 0 && low > 0 &&
			    high_text.size() == 3)
				high = 7;
			if (low > high)
				Fail("range " + std::string(base) + " goes backwards");
		} else {
			low = Value(base);
			high = has_step ? spec_.max : low;
		}

		unsigned step = 1;
		if (has_step) {
			if (step_text.empty() ||
			    step_text.find_first_not_of("0123456789") != step_text.npos)
				Fail("step " + Quote(step_text) + " is not a number");
			step = 0;
			for (const char c : step_text)
				step = step > 100000 ? step : step * 10 + unsigned(c - '0');
			if (step == 0)
				Fail("step must be at least 1");
		}

		uint64_t bits = 0;
		for (unsigned v = low; v <= high; v += step)
			bits |= uint64_t{1} << v;
		return bits;
	}

	uint64_t Parse() const
	{
		uint64_t bits = 0;
		for (const auto item : Split(text_, ','))
			bits |= Item(item);
		return bits;
	}
};

} // namespace

const CronFieldSpec kMinuteField{"minute", 0, 59, nullptr, nullptr};
const CronFieldSpec kHourField{"hour", 0, 23, nullptr, nullptr};
const CronFieldSpec kDayOfMonthField{"day-of-month", 1, 31, nullptr, nullptr};
const CronFieldSpec kMonthField{"month", 1, 12, kMonthNames, "jan-dec"};
const CronFieldSpec kDayOfWeekField{"day-of-week", 0, 7, kDayNames, "sun-sat"};

uint64_t
ParseCronField(std::string_view text, const CronFieldSpec &spec)
{
	return FieldParser{text, spec}.Parse();
}

} // namespace osprey
