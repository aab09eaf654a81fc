// Reading members of parsed cJSON nodes. Lookups are case-sensitive and
// never throw: a missing member, a member of another type, or a @p object
// that is null or not an object all give nullptr / std::nullopt. The
// returned views point into the tree and live as long as it does.
#pragma once

#include <cjson/cJSON.h>

#include <cstdint>
#include <optional>
#include <string_view>

namespace osprey {

const cJSON *FindMember(const cJSON *object, const char *key) noexcept;

std::optional<std::string_view> FindString(const cJSON *object, const char *key) noexcept;
std::optional<double> FindNumber(const cJSON *object, const char *key) noexcept;
/// Only numbers with an integral value that fits in std::int64_t.
std::optional<std::int64_t> FindInteger(const cJSON *object, const char *key) noexcept;
std::optional<bool> FindBool(const cJSON *object, const char *key) noexcept;

/// The value of a string node, std::nullopt for other nodes.
std::optional<std::string_view> StringValue(const cJSON *node) noexcept;

} // namespace osprey
