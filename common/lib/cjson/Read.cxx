#include "Read.hxx"

#include <cmath>

namespace osprey {

const cJSON *
FindMember(const cJSON *object, const char *key) noexcept
{
	if (object == nullptr || !cJSON_IsObject(object))
		return nullptr;
	return cJSON_GetObjectItemCaseSensitive(object, key);
}

std::optional<std::string_view>
StringValue(const cJSON *node) noexcept
{
	if (node == nullptr || !cJSON_IsString(node) || node->valuestring == nullptr)
		return std::nullopt;
	return std::string_view(node->valuestring);
}

std::optional<std::string_view>
FindString(const cJSON *object, const char *key) noexcept
{
	return StringValue(FindMember(object, key));
}

std::optional<double>
FindNumber(const cJSON *object, const char *key) noexcept
{
	const cJSON *node = FindMember(object, key);
	if (node == nullptr || !cJSON_IsNumber(node))
		return std::nullopt;
	return node->valuedouble;
}

std::optional<std::int64_t>
FindInteger(const cJSON *object, const char *key) noexcept
{
	const auto value = FindNumber(object, key);
	/* 2^63 is exactly representable; anything at or beyond it overflows */
	if (!value || std::trunc(*value) != *value ||
	    *value < -9223372036854775808.0 || *value >= 9223372036854775808.0)
		return std::nullopt;
	return static_cast<std::int64_t>(*value);
}

std::optional<bool>
FindBool(const cJSON *object, const char *key) noexcept
{
	const cJSON *node = FindMember(object, key);
	if (node == nullptr || !cJSON_IsBool(node))
		return std::nullopt;
	return cJSON_IsTrue(node) != 0;
}

} // namespace osprey
