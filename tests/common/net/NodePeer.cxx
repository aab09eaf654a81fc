#include "NodePeer.hxx"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace osprey::test {

namespace {

std::string
Required(const char *name)
{
	const char *value = std::getenv(name);
	if (value == nullptr || *value == '\0')
		throw std::runtime_error(std::string(name) + " is not set (run the test through meson)");
	return value;
}

/// The first line @p fd says, waiting at most until @p deadline.
std::string
ReadLine(int fd, std::chrono::steady_clock::time_point deadline)
{
	std::string line;
	char c;
	while (true) {
		const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
			deadline - std::chrono::steady_clock::now());
		pollfd p{fd, POLLIN, 0};
		if (left.count() <= 0 || ::poll(&p, 1, int(left.count())) == 0)
			throw std::runtime_error("the test peer did not get ready in time");
		const ssize_t n = ::read(fd, &c, 1);
		if (n <= 0)
			throw std::runtime_error("the test peer exited before it was ready");
		if (c == '\n')
			return line;
		line += c;
	}
}

} // namespace

NodePeer::NodePeer()
{
	int to_peer[2], from_peer[2];
	if (::pipe2(to_peer, O_CLOEXEC) < 0 || ::pipe2(from_peer, O_CLOEXEC) < 0)
		throw std::system_error(errno, std::system_category(), "pipe");
	input = UniqueFd(to_peer[1]);
	UniqueFd peer_input(to_peer[0]), output(from_peer[0]), peer_output(from_peer[1]);

	SpawnOptions options;
	options.file = Required("OSPREY_NODE");
	options.args = {options.file, Required("OSPREY_NET_PEER")};
	options.env = FilteredEnvironment([](std::string_view name) {
		return name == "PATH" || name == "HOME" || name == "TMPDIR";
	});
	options.fds = {peer_input.Get(), peer_output.Get(), 2};
	child = Spawn(options);
	peer_input = {};
	peer_output = {};

	const std::string line = ReadLine(output.Get(),
		std::chrono::steady_clock::now() + std::chrono::seconds(30));
	std::istringstream words(line);
	std::string word;
	words >> word;
	if (word != "ready")
		throw std::runtime_error("the test peer said: " + line);
	while (words >> word)
		if (const auto eq = word.find('='); eq != word.npos)
			values[word.substr(0, eq)] = word.substr(eq + 1);
}

NodePeer::~NodePeer() noexcept
{
	input = {}; // the peer's cue to clean up and exit
	pollfd p{child.pidfd.Get(), POLLIN, 0};
	if (::poll(&p, 1, 10'000) == 0)
		PidfdSendSignal(child.pidfd.Get(), SIGKILL);
	siginfo_t info{};
	::waitid(P_PIDFD, unsigned(child.pidfd.Get()), &info, WEXITED);
}

} // namespace osprey::test
