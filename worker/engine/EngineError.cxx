#include "EngineError.hxx"
#include "UnixSocketHttp.hxx"
#include "lib/cjson/Read.hxx"
#include "lib/cjson/Tree.hxx"

namespace osprey {

std::string
ExtractEngineMessage(std::string_view body)
{
	try {
		const JsonTree tree = JsonTree::Parse(body);
		if (const auto message = FindString(tree.Get(), "message"))
			return std::string(*message);
	} catch (const std::exception &) {
		/* not JSON: fall back to the raw text */
	}

	while (!body.empty() && (body.back() == '\n' || body.back() == '\r' || body.back() == ' '))
		body.remove_suffix(1);
	constexpr std::size_t kMaxLength = 512;
	if (body.size() > kMaxLength)
		return std::string(body.substr(0, kMaxLength)) + "...";
	if (body.empty())
		return "(no message)";
	return std::string(body);
}

void
ThrowEngineError(std::string_view what, const EngineResponse &response)
{
	std::string message = ExtractEngineMessage(response.body);
	const std::string full = std::string(what) + ": engine answered " +
		std::to_string(response.status) + ": " + message;
	throw EngineError(full, response.status, std::move(message));
}

} // namespace osprey
