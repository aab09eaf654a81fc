#include "Process.hxx"
#include "Loop.hxx"
#include "lib/posix/Spawn.hxx"

#include <csignal>
#include <sys/wait.h>

/* Linux 5.4's waitid() id type; glibc 2.36's idtype_t does not name it yet */
static constexpr auto kPidfd = static_cast<idtype_t>(3);

namespace osprey::uv {

Process::Process(Loop &loop, Listener &_listener, const Options &options)
	: Handle(_listener), kill_group_at_exit(options.kill_group_at_exit)
{
	/* spawn first: a child the loop cannot watch is killed and reaped */
	try {
		auto child = Spawn({options.file, options.args, options.env, options.fds});
		pid = child.pid;
		pidfd = std::move(child.pidfd);
	} catch (...) {
		delete std::exchange(handle, nullptr);
		throw;
	}
	const int err = uv_poll_init(loop.Get(), handle, pidfd.Get());
	if (err < 0) {
		PidfdSendSignal(pidfd.Get(), SIGKILL);
		siginfo_t info;
		::waitid(kPidfd, static_cast<id_t>(pidfd.Get()), &info, WEXITED);
	}
	Initialised(err, ("watching " + options.file).c_str());
	uv_poll_start(handle, UV_READABLE, OnPollCallback);
}

bool
Process::Kill(int signal) noexcept
{
	return pidfd.IsDefined() && !reaped && PidfdSendSignal(pidfd.Get(), signal) == 0;
}

bool
Process::KillGroup(int signal) noexcept
{
	/* an unreaped child (even a zombie) keeps its process group id from
	   being reused, so -pid still names its group */
	return pid > 0 && !reaped && ::kill(-pid, signal) == 0;
}

void
Process::OnExited() noexcept
{
	siginfo_t info{};
	if (kill_group_at_exit &&
	    ::waitid(kPidfd, static_cast<id_t>(pidfd.Get()), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
	    info.si_pid != 0)
		::kill(-pid, SIGKILL);
	info = {};
	if (::waitid(kPidfd, static_cast<id_t>(pidfd.Get()), &info, WEXITED | WNOHANG) < 0 ||
	    info.si_pid == 0)
		return; // not yet: a spurious wakeup
	reaped = true;
	uv_poll_stop(handle);
	const bool exited = info.si_code == CLD_EXITED;
	listener->OnProcessExit(*this, exited ? info.si_status : 0, exited ? 0 : info.si_status);
}

void
Process::OnPollCallback(uv_poll_t *handle, int, int) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->OnExited();
}

} // namespace osprey::uv
