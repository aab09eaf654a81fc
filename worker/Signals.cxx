#include "Signals.hxx"
#include "StopSwitch.hxx"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdint>
#include <poll.h>
#include <string>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <system_error>

namespace osprey {

static sigset_t
StopSignals() noexcept
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	return set;
}

void
BlockStopSignals()
{
	const sigset_t set = StopSignals();
	if (const int e = pthread_sigmask(SIG_BLOCK, &set, nullptr); e != 0)
		throw std::system_error(e, std::system_category(), "blocking signals");
	/* a vanished supervisor or engine is an error to report, not a death */
	std::signal(SIGPIPE, SIG_IGN);
}

void
RestoreSignalsInChild() noexcept
{
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, nullptr);
	signal(SIGPIPE, SIG_DFL);
}

StopWatcher::StopWatcher(StopSwitch &control, int channel_fd)
{
	const sigset_t set = StopSignals();
	signal_fd.Reset(::signalfd(-1, &set, SFD_CLOEXEC));
	if (!signal_fd.IsDefined())
		throw std::system_error(errno, std::system_category(), "creating a signalfd");
	wake_fd.Reset(::eventfd(0, EFD_CLOEXEC));
	if (!wake_fd.IsDefined())
		throw std::system_error(errno, std::system_category(), "creating an eventfd");
	thread = std::thread([this, &control, channel_fd] { Run(control, channel_fd); });
}

StopWatcher::~StopWatcher() noexcept
{
	const std::uint64_t one = 1;
	[[maybe_unused]] const auto n = ::write(wake_fd.Get(), &one, sizeof(one));
	thread.join();
}

void
StopWatcher::Run(StopSwitch &control, int channel_fd) noexcept
{
	pollfd fds[3] = {
		{signal_fd.Get(), POLLIN, 0},
		{wake_fd.Get(), POLLIN, 0},
		/* events 0: only POLLHUP/POLLERR, i.e. the peer closed its end
		   entirely (a mere shutdown of its writing side is fine) */
		{channel_fd, 0, 0},
	};
	for (;;) {
		const int n = ::poll(fds, channel_fd >= 0 ? 3 : 2, -1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		if (fds[1].revents != 0)
			return;
		if (fds[0].revents & POLLIN) {
			signalfd_siginfo info;
			if (::read(signal_fd.Get(), &info, sizeof(info)) == sizeof(info)) {
				const int signo = static_cast<int>(info.ssi_signo);
				const char *name = sigabbrev_np(signo);
				control.RequestStop(name != nullptr ? std::string("received SIG") + name
								    : "received signal " + std::to_string(signo));
			}
		}
		if (channel_fd >= 0 && fds[2].revents != 0) {
			/* watch it no more: the hang-up stays */
			channel_fd = -1;
			control.RequestStop("the supervisor closed the channel");
		}
	}
}

} // namespace osprey
