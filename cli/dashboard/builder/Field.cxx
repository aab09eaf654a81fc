#include "Field.hxx"
#include "json/Serialize.hxx"

namespace osprey::builder {

std::string
DisplayPath(const Path &path)
{
	std::string out;
	for (const auto &step : path) {
		if (&step != &path.front())
			out += '.';
		out += step.is_index ? std::to_string(step.index) : step.key;
	}
	return out;
}

namespace {

/* what {{ expression }} prints for a leaf (decisions.md, "Templates") */
std::string
Printed(const json::Value &v)
{
	switch (v.GetKind()) {
	case json::Value::Kind::Null: return "<no value>";
	case json::Value::Kind::Bool: return v.GetBool() ? "true" : "false";
	case json::Value::Kind::Number:
	case json::Value::Kind::String: return v.GetText();
	case json::Value::Kind::Array:
	case json::Value::Kind::Object: return json::Serialize(v);
	}
	return {};
}

void
Walk(const json::Value &v, Path &path, std::vector<Field> &out)
{
	if (v.IsObject() && !v.GetMembers().empty()) {
		for (const auto &member : v.GetMembers()) {
			/* a repeated key: templates see the last one only */
			if (v.Find(member.first) != &member.second)
				continue;
			path.push_back(PathStep::Key(member.first));
			Walk(member.second, path, out);
			path.pop_back();
		}
		return;
	}
	if (v.IsArray() && !v.GetArray().empty()) {
		const auto &elements = v.GetArray();
		for (std::size_t i = 0; i < elements.size(); ++i) {
			path.push_back(PathStep::Index(i));
			Walk(elements[i], path, out);
			path.pop_back();
		}
		return;
	}
	out.push_back({path, DisplayPath(path), Printed(v), v.GetKind()});
}

} // namespace

std::vector<Field>
Flatten(const json::Value &body)
{
	std::vector<Field> out;
	Path path;
	Walk(body, path, out);
	return out;
}

} // namespace osprey::builder
