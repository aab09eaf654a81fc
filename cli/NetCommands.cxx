// In `osprey`, the two commands that speak HTTP: `start` (the daemon, with its
// chat channels and the container engine) and `doctor` (the engine's images
// and the chat services' tokens). They run in osprey-daemon, the same command
// line linked with libcurl: libcurl and the thirty libraries behind it take
// about 20 ms to load on these machines, which every other command (`jobs`,
// `status`, the dashboard) no longer pays. exec keeps the process: its pid,
// arguments, terminal and signals, so `osprey start` under systemd or a shell
// is the daemon itself.
#include "Command.hxx"
#include "Executable.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace osprey::cli {

/* this process's own arguments, as exec gave them */
static std::vector<std::string>
OwnArguments()
{
	const UniqueFd fd(::open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC));
	std::string text;
	char buffer[4096];
	for (ssize_t n; fd.Get() >= 0 && (n = ::read(fd.Get(), buffer, sizeof(buffer))) > 0;)
		text.append(buffer, static_cast<std::size_t>(n));
	std::vector<std::string> out;
	for (std::size_t start = 0; start < text.size();) {
		const auto end = text.find('\0', start);
		out.emplace_back(text.substr(start, end - start));
		start = end == std::string::npos ? text.size() : end + 1;
	}
	if (out.empty())
		throw std::runtime_error("cannot read /proc/self/cmdline");
	return out;
}

[[noreturn]] static void
ExecNetBinary()
{
	const auto path = FindHelper(nullptr, "osprey-daemon", "osprey-daemon");
	const auto arguments = OwnArguments();
	std::vector<char *> argv;
	for (const auto &a : arguments)
		argv.push_back(const_cast<char *>(a.c_str()));
	argv.push_back(nullptr);
	::execv(path.c_str(), argv.data());
	throw std::runtime_error("cannot run " + path + ": " + std::strerror(errno));
}

int
RunStart(const Args &)
{
	ExecNetBinary();
}

int
RunDoctor(const Args &)
{
	ExecNetBinary();
}

} // namespace osprey::cli
