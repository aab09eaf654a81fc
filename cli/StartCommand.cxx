// osprey start: the daemon, in the foreground (systemd, or a terminal).
#include "Command.hxx"
#include "Supervisor.hxx"
#include "Version.h"
#include "config/Home.hxx"

#include <array>
#include <climits>
#include <cstdlib>
#include <unistd.h>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"worker", true, "PATH  the osprey-worker executable (default: found beside osprey)"},
}};
const std::span<const OptionSpec> start_options = options;

static bool
IsExecutable(const std::string &path) noexcept
{
	return !path.empty() && ::access(path.c_str(), X_OK) == 0;
}

static std::string
ExecutableDirectory()
{
	char path[PATH_MAX];
	const auto n = ::readlink("/proc/self/exe", path, sizeof(path) - 1);
	if (n <= 0)
		return {};
	const std::string exe(path, static_cast<std::size_t>(n));
	return exe.substr(0, exe.rfind('/'));
}

/* --worker, $OSPREY_WORKER, the build tree's layout, the installed layout. */
static std::string
FindWorker(const Args &args)
{
	if (auto w = args.Get("worker"))
		return *w;
	if (const char *w = std::getenv("OSPREY_WORKER"); w != nullptr && *w != '\0')
		return w;
	const auto dir = ExecutableDirectory();
	for (const auto &candidate : {dir + "/../worker/osprey-worker", dir + "/../libexec/osprey-worker",
				      std::string(OSPREY_LIBEXECDIR) + "/osprey-worker"})
		if (IsExecutable(candidate))
			return candidate;
	throw std::runtime_error("cannot find osprey-worker; pass --worker PATH");
}

int
RunStart(const Args &args)
{
	args.ExpectPositionals(0, "");
	daemon::StartOptions options;
	options.worker_path = FindWorker(args);
	if (!IsExecutable(options.worker_path))
		throw std::runtime_error(options.worker_path + " is not an executable osprey-worker");
	return daemon::RunSupervisor(Home::FromEnvironment(), options);
}

} // namespace osprey::cli
