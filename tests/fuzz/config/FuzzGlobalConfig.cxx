// config.yaml text: never a crash, hang or leak.
#include "config/GlobalConfig.hxx"
#include "config/Diagnostic.hxx"
#include "secrets/Substitute.hxx"

#include <cstdint>
#include <string_view>

using namespace osprey;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view text(reinterpret_cast<const char *>(data), size);
	Diagnostics d;
	const auto c = ParseGlobalConfig(text, "config.yaml", Environment(), "/home/u", d);
	(void)c.server.BaseUrl();
	(void)d.ErrorsToString();
	return 0;
}
