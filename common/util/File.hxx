// Whole-file reads and crash-safe writes.
#pragma once

#include <string>
#include <string_view>
#include <sys/types.h>

namespace osprey {

/// Reads the whole file. Throws std::system_error naming @p path.
std::string ReadFile(const std::string &path);

/// The last @p max_bytes of a file, read from there only (a log may be
/// gigabytes), and whether anything came before them. Throws
/// std::system_error naming @p path.
struct FileTail {
	std::string text;
	bool truncated = false;
};
FileTail ReadTail(const std::string &path, std::size_t max_bytes);

/// Writes all of @p data to the blocking descriptor @p fd, retrying short
/// writes and EINTR. Throws std::system_error "cannot write <what>".
void WriteAll(int fd, std::string_view data, const std::string &what);

/// How hard WriteFileAtomic() works for the data to survive a power loss.
enum class Durability {
	/** fsync of the file and of its directory: on disk when this returns */
	Synced,
	/** atomic (old or new content, never torn) but left to the kernel to
	    write back: for files a later Synced write commits along with it,
	    or that can be lost without losing anything that matters */
	Lazy,
};

/// Writes @p data to @p path atomically: a temporary file in the same directory,
/// then rename (and fsync, see Durability). A crash leaves the old or the new
/// content, never a torn file. Throws std::system_error naming @p path.
void WriteFileAtomic(const std::string &path, std::string_view data,
		     mode_t mode = 0644, Durability durability = Durability::Synced);

/// Creates @p path and missing parents with @p mode; existing directories are fine.
void MakeDirectories(const std::string &path, mode_t mode = 0755);

bool PathExists(const std::string &path) noexcept;

/// Removes @p path and everything below it (without following symlinks); a
/// missing path is fine. Throws std::system_error.
void RemoveTree(const std::string &path);

} // namespace osprey
