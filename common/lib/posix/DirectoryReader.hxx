// Reads the entry names of one directory; the only place that calls closedir(3).
#pragma once

#include <dirent.h>

#include <string>
#include <utility>
#include <vector>

namespace osprey {

class DirectoryReader {
	DIR *dir;

public:
	/// A directory that cannot be opened reads as empty; check IsOpen().
	explicit DirectoryReader(const std::string &path) noexcept : dir(::opendir(path.c_str())) {}
	DirectoryReader(const DirectoryReader &) = delete;
	DirectoryReader &operator=(const DirectoryReader &) = delete;
	~DirectoryReader() noexcept {
		if (dir != nullptr)
			::closedir(dir);
	}

	bool IsOpen() const noexcept { return dir != nullptr; }

	/// The next name other than "." and "..", or nullptr at the end.
	const char *Next() noexcept {
		if (dir == nullptr)
			return nullptr;
		while (const auto *e = ::readdir(dir)) {
			const std::string_view name = e->d_name;
			if (name != "." && name != "..")
				return e->d_name;
		}
		return nullptr;
	}
};

} // namespace osprey
