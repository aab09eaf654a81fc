// The stored payloads the builder works on (common/store/PayloadStore).
#pragma once

#include "config/Home.hxx"
#include "json/Value.hxx"
#include "store/PayloadStore.hxx"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::builder {

/// The builder was asked for a pipeline that never received a payload;
/// what() is the sentence decisions.md gives ("<pipeline> has no payload
/// yet: trigger its webhook once, or run osprey test <pipeline> --payload
/// '<json>'").
struct NoPayloadError : std::runtime_error {
	explicit NoPayloadError(std::string_view pipeline);
};

/// The pipeline's stored payloads, newest first, bodies not read. Throws
/// NoPayloadError when there is none (also when the directory is missing).
std::vector<StoredPayload> ListPayloads(const Home &home, std::string_view pipeline);

/// A stored body as the templates see it: parsed JSON; a body that is not
/// JSON (a form post kept raw) is one string.
json::Value ParseBody(const std::string &body);

} // namespace osprey::builder
