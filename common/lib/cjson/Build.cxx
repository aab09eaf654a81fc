#include "Build.hxx"

#include <new>

namespace osprey {

static cJSON &
Attach(cJSON &object, const char *key, cJSON *item)
{
	if (item == nullptr || !cJSON_AddItemToObject(&object, key, item)) {
		cJSON_Delete(item);
		throw std::bad_alloc();
	}
	return *item;
}

static cJSON &
Append(cJSON &array, cJSON *item)
{
	if (item == nullptr || !cJSON_AddItemToArray(&array, item)) {
		cJSON_Delete(item);
		throw std::bad_alloc();
	}
	return *item;
}

void
AddString(cJSON &object, const char *key, std::string_view value)
{
	Attach(object, key, cJSON_CreateString(std::string(value).c_str()));
}

void
AddNumber(cJSON &object, const char *key, double value)
{
	Attach(object, key, cJSON_CreateNumber(value));
}

void
AddInteger(cJSON &object, const char *key, std::int64_t value)
{
	/* raw text: cJSON would print a double with 15 significant digits */
	Attach(object, key, cJSON_CreateRaw(std::to_string(value).c_str()));
}

void
AddBool(cJSON &object, const char *key, bool value)
{
	Attach(object, key, cJSON_CreateBool(value));
}

cJSON &
AddObject(cJSON &object, const char *key)
{
	return Attach(object, key, cJSON_CreateObject());
}

cJSON &
AddArray(cJSON &object, const char *key)
{
	return Attach(object, key, cJSON_CreateArray());
}

void
AppendString(cJSON &array, std::string_view value)
{
	Append(array, cJSON_CreateString(std::string(value).c_str()));
}

cJSON &
AppendObject(cJSON &array)
{
	return Append(array, cJSON_CreateObject());
}

} // namespace osprey
