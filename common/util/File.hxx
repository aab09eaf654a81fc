// Whole-file reads and crash-safe writes.
#pragma once

#include <string>
#include <sys/types.h>

namespace osprey {

/// Reads the whole file. Throws std::system_error naming @p path.
std::string ReadFile(const std::string &path);

/// Writes @p data to @p path atomically: a temporary file in the same directory,
/// fsync, rename, fsync of the directory. A crash leaves the old or the new
/// content, never a torn file. Throws std::system_error naming @p path.
void WriteFileAtomic(const std::string &path, std::string_view data,
		     mode_t mode = 0644);

/// Creates @p path and missing parents with @p mode; existing directories are fine.
void MakeDirectories(const std::string &path, mode_t mode = 0755);

bool PathExists(const std::string &path) noexcept;

/// Removes @p path and everything below it (without following symlinks); a
/// missing path is fine. Throws std::system_error.
void RemoveTree(const std::string &path);

} // namespace osprey
