// Host paths in configuration values.
#pragma once

#include <string>
#include <string_view>

namespace osprey {

/// "~" and "~/x" become @p home_dir and home_dir/x; anything else is unchanged
/// ("~user" is not supported and stays as written).
std::string ExpandHome(std::string_view path, const std::string &home_dir);

/// Lexical normalisation of an absolute path: repeated slashes, "." and ".."
/// are resolved ("/a//b/../c/." -> "/a/c"); ".." above the root stays at the root.
std::string NormalizePath(std::string_view path);

/// NormalizePath, then symbolic links resolved for the longest prefix that
/// exists, so "/var/run/docker.sock" and a symlink to "/etc" are seen as what
/// they really are even if the final component does not exist yet.
std::string ResolvePath(std::string_view path);

/// The home directory of the user running Osprey ($HOME, else the passwd entry).
std::string UserHomeDirectory();

} // namespace osprey
