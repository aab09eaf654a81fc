#include "Datum.hxx"

namespace osprey::tmpl {

Datum
Datum::FromJson(const json::Value &v) noexcept
{
	Datum d;
	switch (v.GetKind()) {
	case json::Value::Kind::Null:
		break;
	case json::Value::Kind::Bool:
		return Bool(v.GetBool());
	case json::Value::Kind::Number:
		d.kind = Kind::Number;
		d.json = &v;
		break;
	case json::Value::Kind::String:
		return String(v.GetText());
	case json::Value::Kind::Array:
		d.kind = Kind::Array;
		d.json = &v;
		d.hi = static_cast<std::uint32_t>(v.GetArray().size());
		break;
	case json::Value::Kind::Object:
		d.kind = Kind::Object;
		d.json = &v;
		break;
	}
	return d;
}

Datum
NumberValue(const json::Value &number) noexcept
{
	if (const auto i = number.ToInt64())
		return Datum::Int(*i);
	return Datum::Float(number.ToDouble());
}

bool
Datum::Truth() const noexcept
{
	switch (kind) {
	case Kind::Missing:
		return false;
	case Kind::Bool:
		return boolean;
	case Kind::Int:
		return i != 0;
	case Kind::Uint:
		return u != 0;
	case Kind::Float:
		return f != 0;
	case Kind::String:
		return !str.empty();
	case Kind::Number:
		return NumberValue(*json).Truth();
	case Kind::Array:
		return hi > lo;
	case Kind::Object:
		return json->Size() > 0;
	}
	return false;
}

std::string_view
Datum::TypeName() const noexcept
{
	switch (kind) {
	case Kind::Missing:
		return "<nil>";
	case Kind::Bool:
		return "bool";
	case Kind::Int:
		return "int";
	case Kind::Uint:
		return "uint8";
	case Kind::Float:
		return "float64";
	case Kind::String:
		return "string";
	case Kind::Number:
		return json->IsInteger() ? "int" : "float64";
	case Kind::Array:
		return "[]interface {}";
	case Kind::Object:
		return "map[string]interface {}";
	}
	return "?";
}

} // namespace osprey::tmpl
