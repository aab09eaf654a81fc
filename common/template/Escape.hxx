// Private: the escapers behind the html, js and urlquery builtins, byte for
// byte as Go's template.HTMLEscapeString, JSEscapeString and
// url.QueryEscape.
#pragma once

#include <string>
#include <string_view>

namespace osprey::tmpl {

void HtmlEscape(std::string &out, std::string_view s);
void JsEscape(std::string &out, std::string_view s);
void UrlQueryEscape(std::string &out, std::string_view s);

} // namespace osprey::tmpl
