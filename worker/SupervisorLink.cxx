#include "SupervisorLink.hxx"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace osprey {

std::string
ReadJobLine(int fd)
{
	static constexpr std::size_t kMaxLine = 64 << 20;
	std::string line;
	char buffer[65536];
	for (;;) {
		const ssize_t n = ::read(fd, buffer, sizeof(buffer));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			throw std::runtime_error(std::string("reading the job: ") + std::strerror(errno));
		}
		if (n == 0)
			break;
		line.append(buffer, static_cast<std::size_t>(n));
		/* the supervisor sends one line and then only reads */
		if (const auto nl = line.find('\n'); nl != std::string::npos) {
			line.resize(nl);
			return line;
		}
		if (line.size() > kMaxLine)
			throw std::runtime_error("reading the job: line longer than 64 MiB");
	}
	if (line.empty())
		throw std::runtime_error("reading the job: the channel closed before a job arrived");
	return line;
}

bool
EventReporter::Send(const WorkerEvent &event) noexcept
{
	try {
		const std::string line = ToJsonLine(event);
		const std::lock_guard lock(mutex);
		if (broken)
			return false;
		std::string_view rest = line;
		while (!rest.empty()) {
			/* MSG_NOSIGNAL: no SIGPIPE when the supervisor is gone;
			   send() fails on non-sockets (stdout in --job mode) */
			ssize_t n = ::send(fd, rest.data(), rest.size(), MSG_NOSIGNAL);
			if (n < 0 && errno == ENOTSOCK)
				n = ::write(fd, rest.data(), rest.size());
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				broken = true;
				return false;
			}
			rest.remove_prefix(static_cast<std::size_t>(n));
		}
		return true;
	} catch (...) {
		return false;
	}
}

} // namespace osprey
