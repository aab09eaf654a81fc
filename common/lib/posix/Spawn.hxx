// Starting a child process the careful way (libcamera's): the child gets only
// the descriptors it is given, every other one is closed at exec whatever its
// CLOEXEC flag says (libuv's uv_spawn() leaves inherited non-CLOEXEC
// descriptors open: a listening socket or a .env file handle would leak
// into every worker); it starts a session of its own, so it is the leader of
// its own process group and never sees the terminal's signals (Ctrl-C);
// signal dispositions and mask are reset (the daemon ignores SIGPIPE); and
// it _exit()s when exec fails, never returning into a copy of the caller.
#pragma once

#include "UniqueFd.hxx"

#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace osprey {

struct SpawnOptions {
	std::string file;               // path of the executable
	std::vector<std::string> args;  // argv, args[0] included
	std::vector<std::string> env;   // the whole environment, "NAME=value"
	/** the child's descriptors: index = child fd, value = parent fd to
	    hand over, or -1 for /dev/null. Nothing else stays open. */
	std::vector<int> fds;
};

struct SpawnedChild {
	pid_t pid = 0;
	/** a pidfd: readable once the child exited; the owner reaps it with
	    waitid(P_PIDFD) */
	UniqueFd pidfd;
};

/// Forks and execs. Returns once the child runs the new program; throws
/// std::system_error "starting FILE: reason" when it cannot (the failed
/// child is reaped). Blocks only until the child's exec, as uv_spawn() does.
SpawnedChild Spawn(const SpawnOptions &options);

/// pidfd_send_signal(2) without a siginfo: 0, or -1 with errno.
int PidfdSendSignal(int pidfd, int signal) noexcept;

/// The environment of the calling process, only the variables @p keep says yes to.
std::vector<std::string> FilteredEnvironment(bool (*keep)(std::string_view name));

} // namespace osprey
