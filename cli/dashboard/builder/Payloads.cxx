#include "Payloads.hxx"
#include "json/Parse.hxx"
#include "json/Utf8.hxx"

#include <algorithm>

namespace osprey::builder {

NoPayloadError::NoPayloadError(std::string_view pipeline)
	: std::runtime_error(std::string(pipeline) + " has no payload yet: trigger its webhook once, "
			     "or run osprey test " + std::string(pipeline) + " --payload '<json>'")
{
}

std::vector<StoredPayload>
ListPayloads(const Home &home, std::string_view pipeline)
{
	/* keep only matters to Save() */
	auto list = PayloadStore(home.PayloadsDir(pipeline), 0).List();
	if (list.empty())
		throw NoPayloadError(pipeline);
	std::reverse(list.begin(), list.end());
	return list;
}

json::Value
ParseBody(const std::string &body)
{
	try {
		return json::Parse(body);
	} catch (const json::ParseError &) {
	}
	/* not JSON: the text itself, invalid bytes as U+FFFD (a Value holds UTF-8) */
	std::string text;
	std::string_view rest = body;
	while (!rest.empty()) {
		const auto [rune, width] = json::DecodeRune(rest);
		if (rune == 0xfffd && json::ValidUtf8Sequence(rest) == 0)
			json::AppendUtf8(text, rune);
		else
			text.append(rest.substr(0, width));
		rest.remove_prefix(width);
	}
	return json::Value::String(std::move(text));
}

} // namespace osprey::builder
