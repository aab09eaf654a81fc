#include "GitCommand.hxx"
#include "GitInput.hxx"
#include "ProcessTree.hxx"
#include "Signals.hxx"
#include "StopSwitch.hxx"
#include "WorkerLog.hxx"
#include "lib/posix/UniqueFd.hxx"
#include "util/Text.hxx"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace osprey {

static std::string
FindGit()
{
	const char *path = std::getenv("PATH");
	for (const auto dir : Split(path != nullptr ? path : "/usr/bin:/bin", ':')) {
		const std::string candidate = std::string(dir.empty() ? "." : dir) + "/git";
		if (::access(candidate.c_str(), X_OK) == 0)
			return candidate;
	}
	throw WorkspaceError("git is not installed (not found in PATH)");
}

static std::vector<char *>
Pointers(std::vector<std::string> &strings)
{
	std::vector<char *> p;
	for (auto &s : strings)
		p.push_back(s.data());
	p.push_back(nullptr);
	return p;
}

/* The last few non-empty lines of what git said, joined, for the reason. */
static std::string
Tail(std::string_view text, std::size_t count = 4)
{
	std::vector<std::string_view> lines;
	for (const auto line : Split(text, '\n'))
		if (const auto trimmed = Trim(line); !trimmed.empty())
			lines.push_back(trimmed);
	std::string tail;
	for (std::size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i)
		tail += (tail.empty() ? "" : " / ") + std::string(lines[i]);
	return StripCredentials(tail);
}

/* Forks and execs git in the worker's process group (the supervisor kills
   the group, git and its helpers included) with stdin on /dev/null, stdout
   on @p out_fd, stderr on @p err_fd and nothing else open. Everything the
   child needs is made before fork(): between fork and exec only
   async-signal-safe calls are allowed (the worker has threads). */
static pid_t
SpawnGit(const std::vector<std::string> &args, const std::string &cwd, int err_fd, int out_fd,
	 const std::vector<std::pair<std::string, std::string>> &config)
{
	const std::string git = FindGit();
	std::vector<std::string> argv_strings{"git"};
	argv_strings.insert(argv_strings.end(), args.begin(), args.end());
	std::vector<std::string> env_strings = GitEnvironment(config);
	const auto argv = Pointers(argv_strings);
	const auto envp = Pointers(env_strings);
	const UniqueFd null_fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));

	const pid_t parent = ::getpid();
	const pid_t pid = ::fork();
	if (pid < 0)
		throw WorkspaceError(std::string("running git: fork: ") + std::strerror(errno));
	if (pid == 0) {
		/* also when the worker runs by hand, outside a group of its own */
		::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
		if (::getppid() != parent)
			::_exit(127);
		RestoreSignalsInChild();
		::dup2(null_fd.Get(), 0);
		::dup2(out_fd, 1);
		::dup2(err_fd, 2);
		if (!cwd.empty() && ::chdir(cwd.c_str()) < 0)
			::_exit(126);
		::close_range(3, ~0U, 0);
		::execve(git.c_str(), argv.data(), envp.data());
		::_exit(127);
	}
	return pid;
}

GitResult
GitCommand::Run(const std::vector<std::string> &args, const std::string &cwd, bool capture)
{
	if (!cleaning && control.IsStopping())
		throw WorkspaceError("the job is being stopped");

	std::string shown = "git";
	for (const auto &a : args)
		shown += " " + a;
	log.Line("running " + shown + (cwd.empty() ? "" : " (in " + cwd + ")"));

	int output[2], out_pipe[2] = {-1, -1};
	if (::pipe2(output, O_CLOEXEC) < 0 || (capture && ::pipe2(out_pipe, O_CLOEXEC) < 0))
		throw WorkspaceError(std::string("running git: pipe: ") + std::strerror(errno));
	UniqueFd output_r(output[0]), output_w(output[1]);
	UniqueFd out_r(out_pipe[0]), out_w(out_pipe[1]);
	const pid_t pid = SpawnGit(args, cwd, output_w.Get(), capture ? out_w.Get() : output_w.Get(),
				   config);
	output_w.Reset();
	out_w.Reset();
	if (!control.SetChild(pid) && !cleaning)
		SignalDescendants(SIGTERM);

	/* glibc 2.36's <sys/pidfd.h> lacks extern "C"; the syscall works everywhere */
	UniqueFd pidfd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
	const auto deadline = std::chrono::steady_clock::now() + timeout;
	GitResult result;
	std::string said;
	bool exited = false, timed_out = false;
	/* until git exited; its pipes may stay open longer when it left a
	   daemon behind (an ssh ControlMaster), so they do not decide */
	while (!exited) {
		pollfd fds[3] = {{pidfd.Get(), POLLIN, 0}, {output_r.Get(), POLLIN, 0},
				 {out_r.Get(), POLLIN, 0}};
		const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			deadline - std::chrono::steady_clock::now()).count();
		if (left <= 0) {
			timed_out = true;
			SignalDescendants(SIGKILL);
			break;
		}
		if (::poll(fds, 3, static_cast<int>(std::min<long long>(left, 1000))) < 0 &&
		    errno != EINTR) {
			/* cannot watch it: end it rather than wait blindly */
			SignalDescendants(SIGKILL);
			break;
		}
		char buffer[8192];
		for (int i = 1; i < 3; ++i) {
			if (!(fds[i].revents & (POLLIN | POLLHUP)))
				continue;
			const ssize_t n = ::read(fds[i].fd, buffer, sizeof(buffer));
			if (n <= 0) {
				(i == 1 ? output_r : out_r).Reset();
				continue;
			}
			const std::string_view data(buffer, static_cast<std::size_t>(n));
			if (i == 2) {
				result.out.append(data);
			} else {
				log.Output(data);
				said.append(data);
				if (said.size() > 65536)
					said.erase(0, said.size() - 32768);
			}
		}
		if (pidfd.IsDefined()) {
			exited = (fds[0].revents & POLLIN) != 0;
		} else {
			/* kernels before 5.3: ask without reaping */
			siginfo_t info{};
			exited = ::waitid(P_PID, static_cast<id_t>(pid), &info,
					  WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
		}
	}
	/* what is already in the pipes, without waiting for stray holders */
	for (UniqueFd *fd : {&output_r, &out_r}) {
		if (!fd->IsDefined())
			continue;
		::fcntl(fd->Get(), F_SETFL, O_NONBLOCK);
		char buffer[8192];
		ssize_t n;
		while ((n = ::read(fd->Get(), buffer, sizeof(buffer))) > 0) {
			const std::string_view data(buffer, static_cast<std::size_t>(n));
			if (fd == &out_r) {
				result.out.append(data);
			} else {
				log.Output(data);
				said.append(data);
			}
		}
	}

	int status = 0;
	while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
	}
	control.ClearChild();
	/* what git's helpers left behind, adopted and dead meanwhile */
	ReapOrphans();
	result.tail = Tail(said);

	if (timed_out)
		throw WorkspaceError(StripCredentials(shown) + ": timed out after " +
				     std::to_string(timeout.count()) + " s");
	if (!cleaning && control.IsStopping())
		throw WorkspaceError("the job is being stopped");
	if (WIFSIGNALED(status))
		throw WorkspaceError(StripCredentials(shown) + ": killed by signal " +
				     std::to_string(WTERMSIG(status)));
	result.status = WEXITSTATUS(status);
	if (result.status == 127 && said.empty())
		throw WorkspaceError("cannot execute git");
	return result;
}

GitResult
GitCommand::Check(const std::string &what, const std::vector<std::string> &args,
		  const std::string &cwd, bool capture)
{
	GitResult result = Run(args, cwd, capture);
	if (result.status != 0)
		throw WorkspaceError(StripCredentials(what) + ": git exited with status " +
				     std::to_string(result.status) +
				     (result.tail.empty() ? "" : ": " + result.tail));
	return result;
}

} // namespace osprey
