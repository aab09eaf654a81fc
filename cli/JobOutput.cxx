#include "JobOutput.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace osprey::cli {

namespace {

/// Copies output.log from where it stopped last time. The file only grows:
/// the container's output is appended to it.
class OutputCopier {
	const std::string path;
	std::FILE *const out;
	UniqueFd fd;

public:
	OutputCopier(std::string _path, std::FILE *_out) : path(std::move(_path)), out(_out) {}

	void CopyNew() {
		if (!fd.IsDefined()) {
			fd.Reset(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
			if (!fd.IsDefined()) {
				if (errno == ENOENT)
					return; // not yet: the container has not started
				throw std::system_error(errno, std::system_category(), "opening " + path);
			}
		}
		char buffer[65536];
		while (true) {
			const auto n = ::read(fd.Get(), buffer, sizeof(buffer));
			if (n == 0)
				break;
			if (n < 0) {
				if (errno == EINTR)
					continue;
				throw std::system_error(errno, std::system_category(), "reading " + path);
			}
			std::fwrite(buffer, 1, static_cast<std::size_t>(n), out);
		}
		std::fflush(out);
	}
};

/// The job's state now; nullopt while job.json cannot be read (it is
/// replaced atomically, so that is a job directory without a record).
std::optional<JobState>
CurrentState(const JobFiles &files)
{
	try {
		return LoadJobRecord(files).state;
	} catch (const std::exception &) {
		return std::nullopt;
	}
}

/// inotify on the job directory: output.log growing, job.json replaced.
/// Undefined when inotify is unavailable (then the caller polls).
UniqueFd
WatchJobDirectory(const std::string &dir)
{
	UniqueFd fd(::inotify_init1(IN_CLOEXEC | IN_NONBLOCK));
	if (fd.IsDefined() &&
	    ::inotify_add_watch(fd.Get(), dir.c_str(),
				IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO |
				IN_DELETE_SELF | IN_MOVE_SELF) < 0)
		fd.Reset();
	return fd;
}

/// Reads every pending event; whether one may have changed job.json (or
/// the directory itself), which is when the state must be read again.
bool
DrainEvents(int fd)
{
	bool record_changed = false;
	alignas(inotify_event) char buffer[8192];
	while (true) {
		const auto n = ::read(fd, buffer, sizeof(buffer));
		if (n <= 0)
			return record_changed;
		for (std::size_t i = 0; i < static_cast<std::size_t>(n);) {
			const auto *event = reinterpret_cast<const inotify_event *>(buffer + i);
			if (event->len == 0 || std::strcmp(event->name, "job.json") == 0 ||
			    (event->mask & IN_Q_OVERFLOW) != 0)
				record_changed = true;
			i += sizeof(inotify_event) + event->len;
		}
	}
}

} // namespace

void
CopyJobOutput(const JobFiles &files, std::FILE *out)
{
	OutputCopier(files.Output(), out).CopyNew();
}

void
FollowJobOutput(const JobFiles &files, std::FILE *out, std::chrono::milliseconds fallback)
{
	OutputCopier copier(files.Output(), out);
	const auto watch = WatchJobDirectory(files.dir);
	// With inotify the periodic recheck is only a safety net.
	const auto interval = watch.IsDefined() ? std::chrono::milliseconds(1000) : fallback;

	bool check_state = true;
	while (true) {
		// The state first, then the output: whatever the job wrote before
		// it reached a terminal state is in the file by then.
		const auto state = check_state ? CurrentState(files) : std::nullopt;
		copier.CopyNew();
		if (state && IsTerminal(*state))
			return;
		if (check_state && !state && ::access(files.dir.c_str(), F_OK) < 0)
			throw std::runtime_error("job directory " + files.dir + " was removed");

		if (!watch.IsDefined()) {
			std::this_thread::sleep_for(interval);
			check_state = true;
			continue;
		}
		pollfd p{watch.Get(), POLLIN, 0};
		const int n = ::poll(&p, 1, static_cast<int>(interval.count()));
		if (n < 0 && errno != EINTR)
			throw std::system_error(errno, std::system_category(), "waiting for job output");
		check_state = n <= 0 || DrainEvents(watch.Get());
	}
}

} // namespace osprey::cli
