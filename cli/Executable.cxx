#include "Executable.hxx"
#include "Version.h"

#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>

namespace osprey::cli {

bool
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

std::string
FindHelper(const char *variable, std::string_view name, std::string_view build_path,
	   std::string_view hint)
{
	if (const char *v = variable != nullptr ? std::getenv(variable) : nullptr; v != nullptr && *v != '\0')
		return v;
	const auto dir = ExecutableDirectory();
	const std::string file(name);
	for (const auto &candidate : {dir + "/" + std::string(build_path), dir + "/../libexec/" + file,
				      std::string(OSPREY_LIBEXECDIR) + "/" + file})
		if (IsExecutable(candidate))
			return candidate;
	throw std::runtime_error("cannot find " + file + std::string(hint));
}

} // namespace osprey::cli
