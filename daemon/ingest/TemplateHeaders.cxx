#include "TemplateHeaders.hxx"
#include "json/Utf8.hxx"

#include <vector>

namespace osprey::daemon {

bool
IsHiddenHeader(std::string_view name) noexcept
{
	for (const std::string_view hidden : {"authorization", "cookie", "proxy-authorization"})
		if (http::EqualsIgnoreCase(name, hidden))
			return true;
	return false;
}

std::string
CaptureHeaders(const http::HeaderTable &headers, std::string_view signature_header)
{
	std::string packed;
	for (std::size_t i = 0; i < headers.Size(); ++i) {
		const auto name = headers.NameAt(i);
		if (IsHiddenHeader(name) ||
		    (!signature_header.empty() && http::EqualsIgnoreCase(name, signature_header)))
			continue;
		for (const char c : name)
			packed += c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
		packed += '\0';
		packed += headers.ValueAt(i);
		packed += '\0';
	}
	return packed;
}

static std::string
ValidUtf8(std::string_view s)
{
	if (json::IsValidUtf8(s))
		return std::string(s);
	std::string out;
	while (!s.empty()) {
		const auto n = json::ValidUtf8Sequence(s);
		if (n == 0) {
			json::AppendUtf8(out, U'\uFFFD');
			s.remove_prefix(1);
		} else {
			out.append(s.substr(0, n));
			s.remove_prefix(n);
		}
	}
	return out;
}

json::Value
ExpandHeaders(std::string_view packed)
{
	std::vector<std::pair<std::string, std::string>> fields;
	while (!packed.empty()) {
		const auto name_end = packed.find('\0');
		if (name_end == packed.npos)
			break;
		const auto name = packed.substr(0, name_end);
		packed.remove_prefix(name_end + 1);
		const auto value_end = packed.find('\0');
		const auto value = packed.substr(0, value_end);
		packed.remove_prefix(value_end == packed.npos ? packed.size() : value_end + 1);

		/* a repeated header is one list (RFC 9110, 5.3) */
		bool joined = false;
		for (auto &[n, v] : fields)
			if (n == name) {
				v += ", ";
				v += ValidUtf8(value);
				joined = true;
				break;
			}
		if (!joined)
			fields.emplace_back(ValidUtf8(name), ValidUtf8(value));
	}
	json::Members members;
	members.reserve(fields.size());
	for (auto &[n, v] : fields)
		members.emplace_back(std::move(n), json::Value::String(std::move(v)));
	return json::Value::MakeObject(std::move(members));
}

} // namespace osprey::daemon
