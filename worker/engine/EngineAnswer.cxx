#include "EngineAnswer.hxx"
#include "EngineError.hxx"
#include "UnixSocketHttp.hxx"
#include "lib/cjson/Read.hxx"

#include <stdexcept>

namespace osprey {

JsonTree
ParseAnswer(std::string_view what, const EngineResponse &response)
{
	if (!response.IsSuccess())
		ThrowEngineError(what, response);

	try {
		return JsonTree::Parse(response.body);
	} catch (const std::exception &e) {
		throw std::runtime_error(std::string(what) + ": the engine's answer is not JSON: " +
					 e.what());
	}
}

std::map<std::string, std::string>
ReadStringMap(const cJSON *object)
{
	std::map<std::string, std::string> result;
	if (object == nullptr || !cJSON_IsObject(object))
		return result;

	const cJSON *member;
	cJSON_ArrayForEach(member, object)
		if (const auto value = StringValue(member); value && member->string != nullptr)
			result.emplace(member->string, *value);
	return result;
}

std::string
ReadString(const cJSON *object, const char *key)
{
	return std::string(FindString(object, key).value_or(""));
}

} // namespace osprey
