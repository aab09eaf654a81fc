// `osprey dashboard --builder <pipeline>` before anything else happens: the
// builder refuses to open without a stored payload (decisions.md).
#pragma once

#include "config/Home.hxx"

#include <string_view>

namespace osprey::builder {

/// Throws std::runtime_error when @p pipeline does not exist and
/// NoPayloadError when it has no stored payload, so that the
/// command exits 1 with "osprey: <that sentence>", touching nothing.
void RequirePayload(const Home &home, std::string_view pipeline);

} // namespace osprey::builder
