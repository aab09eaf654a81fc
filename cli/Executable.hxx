// Finding the programs osprey runs beside itself: osprey-worker, and
// osprey-daemon (NetCommands.cxx).
#pragma once

#include <string>
#include <string_view>

namespace osprey::cli {

bool IsExecutable(const std::string &path) noexcept;

/// The path of a helper program: the environment variable @p variable when
/// given and set, else the build tree's @p build_path (relative to this
/// executable's directory), else the installed layout (../libexec beside
/// this executable, then the configured libexecdir). Throws, adding @p hint
/// to the message, when none is there.
std::string FindHelper(const char *variable, std::string_view name, std::string_view build_path,
		       std::string_view hint = "");

} // namespace osprey::cli
