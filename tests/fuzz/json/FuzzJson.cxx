// libFuzzer target for json::Parse: no input may crash it, and whatever it
// accepts must survive Serialize -> Parse unchanged.
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view text(reinterpret_cast<const char *>(data), size);
	osprey::json::Value value;
	try {
		value = osprey::json::Parse(text);
	} catch (const osprey::json::ParseError &) {
		return 0;
	}
	const std::string once = osprey::json::Serialize(value);
	const std::string twice = osprey::json::Serialize(osprey::json::Parse(once));
	if (once != twice || !(osprey::json::Parse(once) == value))
		std::abort();
	return 0;
}
