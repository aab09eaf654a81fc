#include "File.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <cerrno>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <ftw.h>
#include <random>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace osprey {

[[noreturn]] static void
ThrowErrno(const std::string &what)
{
	throw std::system_error(errno, std::system_category(), what);
}

std::string
ReadFile(const std::string &path)
{
	UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
	if (!fd.IsDefined())
		ThrowErrno("cannot open " + path);

	std::string data;
	char buffer[65536];
	for (;;) {
		const ssize_t n = ::read(fd.Get(), buffer, sizeof(buffer));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ThrowErrno("cannot read " + path);
		}
		if (n == 0)
			return data;
		data.append(buffer, static_cast<std::size_t>(n));
	}
}

FileTail
ReadTail(const std::string &path, std::size_t max_bytes)
{
	UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
	if (!fd.IsDefined())
		ThrowErrno("cannot open " + path);
	struct stat st;
	if (::fstat(fd.Get(), &st) < 0)
		ThrowErrno("cannot stat " + path);
	FileTail tail;
	const auto size = static_cast<std::uint64_t>(st.st_size);
	off_t offset = 0;
	if (size > max_bytes) {
		offset = static_cast<off_t>(size - max_bytes);
		tail.truncated = true;
	}
	tail.text.resize(std::min<std::uint64_t>(size, max_bytes));
	std::size_t got = 0;
	while (got < tail.text.size()) {
		const ssize_t n = ::pread(fd.Get(), tail.text.data() + got, tail.text.size() - got,
					  offset + static_cast<off_t>(got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			ThrowErrno("cannot read " + path);
		if (n == 0)
			break; // it shrank meanwhile
		got += static_cast<std::size_t>(n);
	}
	tail.text.resize(got);
	return tail;
}

void
WriteAll(int fd, std::string_view data, const std::string &what)
{
	while (!data.empty()) {
		const ssize_t n = ::write(fd, data.data(), data.size());
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ThrowErrno("cannot write " + what);
		}
		data.remove_prefix(static_cast<std::size_t>(n));
	}
}

static std::string
DirectoryOf(const std::string &path)
{
	const auto slash = path.rfind('/');
	if (slash == std::string::npos)
		return ".";
	return slash == 0 ? "/" : path.substr(0, slash);
}

void
WriteFileAtomic(const std::string &path, std::string_view data, mode_t mode,
		Durability durability)
{
	const bool sync = durability == Durability::Synced;
	static thread_local std::mt19937_64 random{std::random_device{}()};
	const std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
		std::to_string(random() % 1000000);
	{
		UniqueFd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode));
		if (!fd.IsDefined())
			ThrowErrno("cannot create " + tmp);
		try {
			/* open() applies the umask; the caller asked for this mode exactly */
			if (::fchmod(fd.Get(), mode) < 0)
				ThrowErrno("cannot chmod " + tmp);
			WriteAll(fd.Get(), data, tmp);
			if (sync && ::fsync(fd.Get()) < 0)
				ThrowErrno("cannot sync " + tmp);
		} catch (...) {
			::unlink(tmp.c_str());
			throw;
		}
	}
	if (::rename(tmp.c_str(), path.c_str()) < 0) {
		const int e = errno;
		::unlink(tmp.c_str());
		throw std::system_error(e, std::system_category(), "cannot rename to " + path);
	}
	if (!sync)
		return;
	UniqueFd dir(::open(DirectoryOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
	if (dir.IsDefined())
		::fsync(dir.Get());
}

void
MakeDirectories(const std::string &path, mode_t mode)
{
	if (path.empty())
		return;
	for (std::size_t i = 1; i <= path.size(); ++i) {
		if (i != path.size() && path[i] != '/')
			continue;
		const std::string prefix = path.substr(0, i);
		if (::mkdir(prefix.c_str(), mode) < 0 && errno != EEXIST)
			ThrowErrno("cannot create directory " + prefix);
	}
	struct stat st;
	if (::stat(path.c_str(), &st) < 0 || !S_ISDIR(st.st_mode))
		throw std::system_error(ENOTDIR, std::system_category(), path);
}

bool
PathExists(const std::string &path) noexcept
{
	struct stat st;
	return ::stat(path.c_str(), &st) == 0;
}

void
RemoveTree(const std::string &path)
{
	const int result = ::nftw(path.c_str(), [](const char *p, const struct stat *, int, FTW *) {
		return ::remove(p) < 0 && errno != ENOENT ? -1 : 0;
	}, 16, FTW_DEPTH | FTW_PHYS);
	if (result < 0 && errno != ENOENT)
		ThrowErrno("cannot remove " + path);
}

} // namespace osprey
