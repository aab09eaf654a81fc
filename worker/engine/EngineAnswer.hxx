// Reading the engine's JSON answers (internal to the engine client).
#pragma once

#include "lib/cjson/Tree.hxx"

#include <map>
#include <string>
#include <string_view>

namespace osprey {

struct EngineResponse;

/// Throws EngineError (via ThrowEngineError) unless @p response is 2xx,
/// and std::runtime_error "<what>: the engine's answer is not JSON: ..."
/// when the body does not parse.
JsonTree ParseAnswer(std::string_view what, const EngineResponse &response);

/// A JSON object of strings ("Labels") as a map; other members are skipped.
std::map<std::string, std::string> ReadStringMap(const cJSON *object);

std::string ReadString(const cJSON *object, const char *key);

} // namespace osprey
