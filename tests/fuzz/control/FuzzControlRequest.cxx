// libFuzzer target for control::ParseRequest: no input may crash it, what it
// refuses it refuses with ProtocolError only, and what it accepts must
// survive ToJsonLine -> ParseRequest unchanged. The answer parsers get the
// same bytes (the command line reads what a socket says).
#include "control/ControlProtocol.hxx"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace osprey::control;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view line(reinterpret_cast<const char *>(data), size);
	try {
		(void)ParseStatusAnswer(line);
	} catch (const ProtocolError &) {
	}
	try {
		(void)ParseDecisionAnswer(line);
	} catch (const ProtocolError &) {
	}

	Request request;
	try {
		request = ParseRequest(line);
	} catch (const ProtocolError &) {
		return 0;
	}
	const auto once = ToJsonLine(request);
	const auto back = ParseRequest(once);
	if (back.command != request.command || back.job != request.job || ToJsonLine(back) != once)
		std::abort();
	return 0;
}
