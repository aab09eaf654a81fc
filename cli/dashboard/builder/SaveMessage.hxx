// Writing the composed message into pipeline.yaml.
#pragma once

#include "config/Home.hxx"

#include <string_view>

namespace osprey::builder {

/// Sets channel.message of pipeline @p name to @p message (a block scalar;
/// the channel block is added when missing), keeping every other byte of
/// pipeline.yaml, atomically and with its mode. Refuses (throws, file
/// untouched) when the result would not load with the config loader, the
/// errors naming file, line and field. Throws yaml::EditError,
/// std::system_error, ConfigError.
void SaveMessage(const Home &home, std::string_view name, std::string_view message);

} // namespace osprey::builder
