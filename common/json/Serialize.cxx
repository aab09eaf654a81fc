#include "Serialize.hxx"
#include "Quote.hxx"

namespace osprey::json {

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
