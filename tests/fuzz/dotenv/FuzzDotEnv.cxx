// .env files and ${VAR} substitution: never a crash; errors never echo values.
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace osprey;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view text(reinterpret_cast<const char *>(data), size);
	DotEnvMap map;
	try {
		map = ToMap(ParseDotEnv(text, ".env"));
	} catch (const DotEnvError &) {
	}
	/* use the same bytes as a config value to substitute against the file */
	const Environment env(&map);
	try {
		const auto s = Substitute(text, env, "field");
		if (!s.from_variable && s.value.size() > text.size())
			std::abort(); // only variables can make a value longer
	} catch (const UnsetVariableError &) {
	} catch (const BadReferenceError &) {
	}
	return 0;
}
