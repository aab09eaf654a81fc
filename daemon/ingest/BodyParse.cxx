#include "BodyParse.hxx"
#include "json/Parse.hxx"
#include "util/Hex.hxx"
#include "util/Text.hxx"

#include <algorithm>

namespace osprey::daemon {

std::string
FormDecode(std::string_view s)
{
	std::string out;
	out.reserve(s.size());
	for (std::size_t i = 0; i < s.size(); ++i) {
		if (s[i] == '+') {
			out += ' ';
		} else if (s[i] == '%') {
			if (i + 2 >= s.size())
				throw BadBody("the form body has a malformed %-escape");
			const int hi = HexValue(s[i + 1]), lo = HexValue(s[i + 2]);
			if (hi < 0 || lo < 0)
				throw BadBody("the form body has a malformed %-escape");
			out += static_cast<char>(hi * 16 + lo);
			i += 2;
		} else {
			out += s[i];
		}
	}
	return out;
}

static bool
IsForm(std::string_view type)
{
	const auto semicolon = type.find(';');
	const auto media = Trim(type.substr(0, semicolon));
	return media.size() == 33 && std::equal(media.begin(), media.end(),
		"application/x-www-form-urlencoded", [](char a, char b) {
			return (a >= 'A' && a <= 'Z' ? a + 32 : a) == b;
		});
}

static json::Value
ParseJson(std::string_view text, std::string_view what)
{
	try {
		return json::Parse(text);
	} catch (const json::ParseError &e) {
		throw BadBody(std::string(what) + " is not valid JSON: " + e.what());
	}
}

json::Value
ParseBody(std::string_view content_type, std::string_view body)
{
	if (Trim(body).empty())
		return json::Value::MakeObject({});
	if (!IsForm(content_type))
		return ParseJson(body, "the body");

	for (const auto field : Split(body, '&')) {
		const auto eq = field.find('=');
		if (FormDecode(field.substr(0, eq)) != "payload")
			continue;
		if (eq == field.npos)
			throw BadBody("the form's payload field is empty");
		return ParseJson(FormDecode(field.substr(eq + 1)), "the form's payload field");
	}
	/* curl --data sends JSON labelled as a form: take it for what it is */
	try {
		return json::Parse(body);
	} catch (const json::ParseError &) {
		throw BadBody("a form body needs a \"payload\" field holding JSON");
	}
}

} // namespace osprey::daemon
