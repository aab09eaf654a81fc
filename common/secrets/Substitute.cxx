#include "Substitute.hxx"

#include <cstdlib>

namespace osprey {

std::optional<std::string>
Environment::Lookup(std::string_view name) const
{
	if (pipeline != nullptr) {
		const auto i = pipeline->find(name);
		if (i != pipeline->end())
			return i->second;
	}
	const std::string key(name);
	if (const char *value = std::getenv(key.c_str()))
		return std::string(value);
	return std::nullopt;
}

UnsetVariableError::UnsetVariableError(std::string_view field, std::string_view _variable)
	: std::runtime_error(std::string(field) + " references ${" + std::string(_variable) +
			     "} but it is not set"),
	  variable(_variable)
{
}

Substituted
Substitute(std::string_view text, const Environment &env, std::string_view field)
{
	Substituted out;
	if (text.find('$') == text.npos) {
		out.value = text;
		return out;
	}

	out.value.reserve(text.size());
	while (!text.empty()) {
		const auto dollar = text.find('$');
		out.value += text.substr(0, dollar);
		if (dollar == text.npos)
			break;
		text.remove_prefix(dollar);

		if (text.starts_with("$${")) {
			out.value += "${";
			text.remove_prefix(3);
			continue;
		}
		if (!text.starts_with("${")) {
			out.value += '$';
			text.remove_prefix(1);
			continue;
		}

		const auto close = text.find('}');
		if (close == text.npos)
			throw BadReferenceError(std::string(field) +
						": \"${\" without a closing \"}\" (write \"$${\" for a literal \"${\")");
		const auto name = text.substr(2, close - 2);
		if (!IsValidVariableName(name))
			throw BadReferenceError(std::string(field) + ": ${" + std::string(name) +
						"} is not a valid variable name");

		const auto value = env.Lookup(name);
		if (!value)
			throw UnsetVariableError(field, name);
		if (env.IsRedacted())
			out.value += text.substr(0, close + 1);
		else
			out.value += *value;
		out.from_variable = true;
		text.remove_prefix(close + 1);
	}
	return out;
}

} // namespace osprey
