#include "Serialize.hxx"

namespace osprey::json {

void
AppendQuoted(std::string &out, std::string_view s)
{
	static constexpr char hex[] = "0123456789abcdef";
	out += '"';
	std::size_t run = 0;
	for (std::size_t i = 0; i < s.size(); ++i) {
		const auto c = static_cast<unsigned char>(s[i]);
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		out.append(s.substr(run, i - run));
		run = i + 1;
		switch (c) {
		case '"': out += "\\\""; break;
		case '\\': out += "\\\\"; break;
		case '\n': out += "\\n"; break;
		case '\r': out += "\\r"; break;
		case '\t': out += "\\t"; break;
		case '\b': out += "\\b"; break;
		case '\f': out += "\\f"; break;
		default:
			out += "\\u00";
			out += hex[c >> 4];
			out += hex[c & 0xf];
		}
	}
	out.append(s.substr(run));
	out += '"';
}

void
SerializeTo(std::string &out, const Value &value)
{
	switch (value.GetKind()) {
	case Value::Kind::Null:
		out += "null";
		break;
	case Value::Kind::Bool:
		out += value.GetBool() ? "true" : "false";
		break;
	case Value::Kind::Number:
		out += value.GetText();
		break;
	case Value::Kind::String:
		AppendQuoted(out, value.GetText());
		break;
	case Value::Kind::Array: {
		out += '[';
		bool first = true;
		for (const auto &e : value.GetArray()) {
			if (!first)
				out += ',';
			first = false;
			SerializeTo(out, e);
		}
		out += ']';
		break;
	}
	case Value::Kind::Object: {
		out += '{';
		bool first = true;
		for (const auto &[k, v] : value.GetMembers()) {
			if (!first)
				out += ',';
			first = false;
			AppendQuoted(out, k);
			out += ':';
			SerializeTo(out, v);
		}
		out += '}';
		break;
	}
	}
}

std::string
Serialize(const Value &value)
{
	std::string out;
	SerializeTo(out, value);
	return out;
}

} // namespace osprey::json
