#include "JobFiles.hxx"
#include "WorkerLog.hxx"
#include "lib/posix/UniqueFd.hxx"
#include "util/File.hxx"

#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace osprey {

[[noreturn]] static void
ThrowErrno(const std::string &what)
{
	throw std::system_error(errno, std::system_category(), what);
}

std::optional<ContainerIds>
ParseContainerUser(std::string_view user) noexcept
{
	const auto colon = user.find(':');
	const auto parse = [](std::string_view s, unsigned &out) {
		const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
		return ec == std::errc() && end == s.data() + s.size() && !s.empty();
	};
	unsigned uid, gid;
	if (!parse(user.substr(0, colon), uid))
		return std::nullopt;
	gid = uid;
	if (colon != std::string_view::npos && !parse(user.substr(colon + 1), gid))
		return std::nullopt;
	return ContainerIds{uid, gid};
}

/* nftw has no user pointer; HandOver runs in the main thread only */
static std::optional<ContainerIds> hand_over_ids;

static int
HandOverOne(const char *path, const struct stat *st, int, FTW *) noexcept
{
	if (hand_over_ids) {
		if (::lchown(path, hand_over_ids->uid, hand_over_ids->gid) < 0)
			return -1;
	} else if (!S_ISLNK(st->st_mode)) {
		/* a+rwX */
		const mode_t extra = S_ISDIR(st->st_mode) || (st->st_mode & 0111) ? 0777 : 0666;
		if (::chmod(path, (st->st_mode & 07777) | extra) < 0)
			return -1;
	}
	return 0;
}

void
HandOver(const std::string &path, const std::string &user)
{
	const auto ids = ParseContainerUser(user);
	if (ids && ids->uid == ::geteuid())
		return;
	hand_over_ids = ::geteuid() == 0 ? ids : std::nullopt;
	if (::nftw(path.c_str(), HandOverOne, 64, FTW_PHYS) != 0)
		ThrowErrno("handing " + path + " over to the container user " + user);
}

std::string
MakeOutputDirectory(const WorkerJob &job)
{
	const std::string out = job.job_dir + "/out";
	if (::mkdir(out.c_str(), 0755) < 0 && errno != EEXIST)
		ThrowErrno("creating " + out);
	HandOver(out, job.user.empty() ? "1000:1000" : job.user);
	return out;
}

void
MakePromptReadable(const WorkerJob &job)
{
	const std::string path = job.job_dir + "/prompt.md";
	struct stat st;
	if (::lstat(path.c_str(), &st) < 0)
		ThrowErrno("the job's prompt " + path);
	if (!S_ISREG(st.st_mode))
		throw std::runtime_error("the job's prompt " + path + " is not a regular file");
	if ((st.st_mode & 0444) != 0444 && ::chmod(path.c_str(), (st.st_mode & 07777) | 0444) < 0)
		ThrowErrno("making " + path + " readable for the container");
}

bool
CopyResult(const WorkerJob &job, WorkerLog &log, std::size_t max_size)
{
	const auto data = ReadAgentResult(job, log, max_size);
	if (!data)
		return false;
	WriteFileAtomic(job.job_dir + "/result.md", *data, 0644);
	return true;
}

std::optional<std::string>
ReadAgentResult(const WorkerJob &job, WorkerLog &log, std::size_t max_size)
{
	const std::string source = job.job_dir + "/out/result.md";
	UniqueFd fd(::open(source.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
	if (!fd.IsDefined()) {
		if (errno == ENOENT)
			return std::nullopt;
		log.Line("not copying the agent's result " + source + ": " +
			 std::system_category().message(errno) +
			 (errno == ELOOP ? " (a symbolic link)" : ""));
		return std::nullopt;
	}
	struct stat st;
	if (::fstat(fd.Get(), &st) < 0 || !S_ISREG(st.st_mode)) {
		log.Line("not copying the agent's result " + source + ": not a regular file");
		return std::nullopt;
	}

	std::string data;
	char buffer[65536];
	ssize_t n;
	while (data.size() < max_size && (n = ::read(fd.Get(), buffer, sizeof(buffer))) > 0)
		data.append(buffer, static_cast<std::size_t>(n));
	if (data.size() >= max_size) {
		data.resize(max_size);
		log.Line("the agent's result is larger than " + std::to_string(max_size) +
			 " bytes; truncated");
	}
	return data;
}

} // namespace osprey
