#include "ProcessTree.hxx"
#include "lib/posix/DirectoryReader.hxx"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <cstdlib>
#include <map>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace osprey {

void
BecomeSubreaper() noexcept
{
	::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* The parent pid from /proc/<pid>/stat: "pid (comm) state ppid ...", where
   comm may itself hold ") "; -1 for a zombie (it is dead already; its
   children went to the subreaper). */
static pid_t
ParentOf(pid_t pid) noexcept
{
	char path[64];
	std::snprintf(path, sizeof(path), "/proc/%d/stat", static_cast<int>(pid));
	const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char buffer[512];
	const ssize_t n = ::read(fd, buffer, sizeof(buffer) - 1);
	::close(fd);
	if (n <= 0)
		return -1;
	const std::string_view stat(buffer, static_cast<std::size_t>(n));
	const auto close = stat.rfind(')');
	if (close == std::string_view::npos || close + 4 >= stat.size())
		return -1;
	buffer[n] = '\0';
	if (const char state = stat[close + 2]; state == 'Z' || state == 'X')
		return -1;
	int ppid = -1;
	if (std::sscanf(buffer + close + 4, "%d", &ppid) != 1)
		return -1;
	return ppid;
}

std::vector<pid_t>
Descendants(pid_t root)
{
	std::multimap<pid_t, pid_t> children; // parent -> child
	DirectoryReader proc("/proc");
	while (const char *name = proc.Next()) {
		char *end;
		const long pid = std::strtol(name, &end, 10);
		if (*end != '\0' || pid <= 0)
			continue;
		if (const pid_t parent = ParentOf(static_cast<pid_t>(pid)); parent > 0)
			children.emplace(parent, static_cast<pid_t>(pid));
	}
	std::vector<pid_t> result;
	std::vector<pid_t> queue{root};
	while (!queue.empty()) {
		const pid_t parent = queue.back();
		queue.pop_back();
		const auto [first, last] = children.equal_range(parent);
		for (auto i = first; i != last; ++i) {
			result.push_back(i->second);
			queue.push_back(i->second);
		}
	}
	return result;
}

unsigned
SignalDescendants(int sig) noexcept
{
	unsigned signalled = 0;
	try {
		/* a SIGKILLed process cannot fork any more: a few rounds catch
		   the children forked while we looked; other signals go once */
		const int rounds = sig == SIGKILL ? 5 : 1;
		for (int round = 0; round < rounds; ++round) {
			const auto found = Descendants(::getpid());
			if (found.empty())
				break;
			for (const pid_t pid : found)
				if (::kill(pid, sig) == 0)
					++signalled;
		}
	} catch (...) {
		/* /proc unreadable or out of memory: nothing more to do */
	}
	return signalled;
}

void
ReapOrphans() noexcept
{
	int status;
	while (::waitpid(-1, &status, WNOHANG) > 0) {
	}
}

} // namespace osprey
