#include "Spawn.hxx"

#include <cerrno>
#include <climits>
#include <csignal>
#include <fcntl.h>
#include <linux/close_range.h>
#include <string_view>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

extern char **environ;

namespace osprey {

static std::vector<char *>
Pointers(const std::vector<std::string> &strings)
{
	std::vector<char *> p;
	for (const auto &s : strings)
		p.push_back(const_cast<char *>(s.c_str()));
	p.push_back(nullptr);
	return p;
}

/* Between fork and exec: async-signal-safe calls only, no allocation (the
   parent may have other threads holding malloc's lock). */
[[noreturn]] static void
ChildExec(const SpawnOptions &o, char *const argv[], char *const envp[], int devnull, int report)
{
	sigset_t all;
	sigfillset(&all);
	struct sigaction dfl {};
	dfl.sa_handler = SIG_DFL;
	for (int sig = 1; sig < NSIG; ++sig)
		::sigaction(sig, &dfl, nullptr); // ignored signals (SIGPIPE) stay ignored across exec
	sigprocmask(SIG_UNBLOCK, &all, nullptr);

	::setsid();

	/* lift every source above the targets first, so no dup2() overwrites
	   a source that a later target still needs */
	const int n = static_cast<int>(o.fds.size());
	int lifted[64];
	if (n > 64)
		_exit(127);
	/* the report pipe too: it may sit on a target number */
	if (const int r = ::fcntl(report, F_DUPFD_CLOEXEC, n); r >= 0)
		report = r;
	for (int i = 0; i < n; ++i) {
		lifted[i] = ::fcntl(o.fds[i] < 0 ? devnull : o.fds[i], F_DUPFD_CLOEXEC, n);
		if (lifted[i] < 0)
			goto fail;
	}
	for (int i = 0; i < n; ++i)
		if (::dup2(lifted[i], i) < 0) // the target loses CLOEXEC
			goto fail;

	/* everything else closes at exec, so the report pipe still works */
	if (::syscall(SYS_close_range, n, ~0U, CLOSE_RANGE_CLOEXEC) < 0) {
		struct rlimit r;
		const long max = ::getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY
			? static_cast<long>(r.rlim_cur) : 65536;
		for (long fd = n; fd < max; ++fd)
			::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
	}

	::execve(o.file.c_str(), argv, envp);
fail:
	const int err = errno;
	[[maybe_unused]] auto w = ::write(report, &err, sizeof(err));
	_exit(127);
}

SpawnedChild
Spawn(const SpawnOptions &o)
{
	const auto fail = [&](int err) {
		return std::system_error(err, std::system_category(), "starting " + o.file);
	};
	const auto argv = Pointers(o.args);
	const auto envp = Pointers(o.env);
	const UniqueFd devnull(::open("/dev/null", O_RDWR | O_CLOEXEC));
	if (!devnull.IsDefined())
		throw fail(errno);
	int p[2];
	if (::pipe2(p, O_CLOEXEC) < 0)
		throw fail(errno);
	UniqueFd report_read(p[0]), report_write(p[1]);

	const pid_t pid = ::fork();
	if (pid < 0)
		throw fail(errno);
	if (pid == 0)
		ChildExec(o, argv.data(), envp.data(), devnull.Get(), report_write.Get());

	report_write.Reset();
	/* the pid is ours until we reap it, so this names the child */
	SpawnedChild child{pid, UniqueFd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)))};
	const int pidfd_error = errno;

	int err = 0;
	ssize_t nread;
	do
		nread = ::read(report_read.Get(), &err, sizeof(err));
	while (nread < 0 && errno == EINTR);
	if (nread > 0 || !child.pidfd.IsDefined()) {
		if (nread <= 0) {
			::kill(pid, SIGKILL);
			err = pidfd_error;
		}
		int status;
		while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
		throw fail(err);
	}
	return child;
}

/* glibc 2.36 declares the pidfd calls without C linkage in C++: the
   system calls themselves */
int
PidfdSendSignal(int pidfd, int signal) noexcept
{
	return static_cast<int>(::syscall(SYS_pidfd_send_signal, pidfd, signal, nullptr, 0));
}

std::vector<std::string>
FilteredEnvironment(bool (*keep)(std::string_view name))
{
	std::vector<std::string> env;
	for (char **e = environ; *e != nullptr; ++e) {
		const std::string_view entry(*e);
		const auto eq = entry.find('=');
		if (eq != std::string_view::npos && keep(entry.substr(0, eq)))
			env.emplace_back(entry);
	}
	return env;
}

} // namespace osprey
