// Adding members to cJSON nodes owned by a JsonTree. Every function throws
// std::bad_alloc when cJSON cannot allocate; on return the new node is owned
// by @p parent. Strings are copied; they must not contain NUL bytes.
#pragma once

#include <cjson/cJSON.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace osprey {

void AddString(cJSON &object, const char *key, std::string_view value);
void AddNumber(cJSON &object, const char *key, double value);
/// Printed exactly (as raw number text): cJSON's own numbers are doubles
/// printed with 15 significant digits. Read back, values beyond 2^53 are
/// rounded (cJSON parses doubles).
void AddInteger(cJSON &object, const char *key, std::int64_t value);
void AddBool(cJSON &object, const char *key, bool value);

/// Adds an empty object or array member and returns it.
cJSON &AddObject(cJSON &object, const char *key);
cJSON &AddArray(cJSON &object, const char *key);

void AppendString(cJSON &array, std::string_view value);
cJSON &AppendObject(cJSON &array);

} // namespace osprey
