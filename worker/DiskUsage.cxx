#include "DiskUsage.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <dirent.h>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace osprey {

namespace {

class Walk {
	const std::uint64_t stop_above, max_entries;
	std::set<std::pair<dev_t, ino_t>> linked;
	dev_t device = 0;

public:
	DiskUsage usage;

	Walk(std::uint64_t _stop_above, std::uint64_t _max_entries) noexcept
		: stop_above(_stop_above), max_entries(_max_entries) {}

	void Root(const std::string &path) {
		struct stat st;
		if (::lstat(path.c_str(), &st) < 0)
			return;
		device = st.st_dev;
		if (!Count(st) || !S_ISDIR(st.st_mode))
			return;
		Directory(UniqueFd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)), 0);
	}

private:
	/* false once the walk must stop */
	bool Count(const struct stat &st) {
		if (st.st_nlink > 1 && !S_ISDIR(st.st_mode) && !linked.emplace(st.st_dev, st.st_ino).second)
			return !usage.truncated;
		usage.bytes += static_cast<std::uint64_t>(st.st_blocks) * 512;
		++usage.entries;
		if (usage.bytes > stop_above || usage.entries > max_entries)
			usage.truncated = true;
		return !usage.truncated;
	}

	void Directory(UniqueFd fd, unsigned depth) {
		/* deeper than any real tree; a deliberate one is counted so far */
		if (!fd.IsDefined() || depth > 256)
			return;
		const int dir_fd = fd.Get();
		DIR *dir = ::fdopendir(fd.Release());
		if (dir == nullptr)
			return;
		while (const dirent *e = ::readdir(dir)) {
			const std::string_view name = e->d_name;
			if (name == "." || name == "..")
				continue;
			struct stat st;
			if (::fstatat(dir_fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
				continue;
			if (!Count(st))
				break;
			if (S_ISDIR(st.st_mode) && st.st_dev == device)
				Directory(UniqueFd(::openat(dir_fd, e->d_name,
							   O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)),
					  depth + 1);
			if (usage.truncated)
				break;
		}
		::closedir(dir);
	}
};

} // namespace

DiskUsage
MeasureDiskUsage(const std::vector<std::string> &paths, std::uint64_t stop_above,
		 std::uint64_t max_entries)
{
	Walk walk(stop_above, max_entries);
	for (const auto &path : paths) {
		walk.Root(path);
		if (walk.usage.truncated)
			break;
	}
	return walk.usage;
}

std::string
FormatBytes(std::uint64_t bytes)
{
	static constexpr const char *units[] = {"GiB", "MiB", "KiB"};
	for (int i = 0; i < 3; ++i) {
		const std::uint64_t unit = std::uint64_t(1) << (10 * (3 - i));
		if (bytes >= unit && bytes % unit == 0)
			return std::to_string(bytes / unit) + " " + units[i];
	}
	return std::to_string(bytes) + " bytes";
}

} // namespace osprey
