// Shared by the template tests: render with data {"body": <json>}.
#pragma once

#include "json/Parse.hxx"
#include "template/Template.hxx"

#include <string>
#include <string_view>

namespace osprey::test {

inline json::Value
Body(std::string_view body_json)
{
	return json::Value::MakeObject({{"body", json::Parse(body_json)}});
}

inline std::string
Render(std::string_view source, std::string_view body_json = "{}")
{
	return tmpl::Render(tmpl::Parse(source), Body(body_json));
}

} // namespace osprey::test
