#include "Path.hxx"
#include "util/Text.hxx"

#include <climits>
#include <cstdlib>
#include <pwd.h>
#include <unistd.h>
#include <vector>

namespace osprey {

std::string
ExpandHome(std::string_view path, const std::string &home_dir)
{
	if (path == "~")
		return home_dir;
	if (path.starts_with("~/"))
		return home_dir + std::string(path.substr(1));
	return std::string(path);
}

std::string
NormalizePath(std::string_view path)
{
	std::vector<std::string_view> parts;
	for (const auto part : Split(path, '/')) {
		if (part.empty() || part == ".")
			continue;
		if (part == "..") {
			if (!parts.empty())
				parts.pop_back();
			continue;
		}
		parts.push_back(part);
	}
	std::string out;
	for (const auto part : parts) {
		out += '/';
		out += part;
	}
	return out.empty() ? "/" : out;
}

static std::string
RealPath(const std::string &path)
{
	char *resolved = ::realpath(path.c_str(), nullptr);
	if (resolved == nullptr)
		return {};
	std::string result(resolved);
	std::free(resolved);
	return result;
}

std::string
ResolvePath(std::string_view path)
{
	std::string normal = NormalizePath(path);
	/* walk up to the longest existing prefix, resolve it, re-append the rest */
	std::string rest;
	for (std::string prefix = normal;;) {
		if (const auto real = RealPath(prefix); !real.empty()) {
			/* the resolved prefix may hold ".." links; normalise the joined result */
			return NormalizePath(real + rest);
		}
		const auto slash = prefix.rfind('/');
		if (slash == std::string::npos || prefix == "/")
			return normal;
		rest = prefix.substr(slash) + rest;
		prefix = slash == 0 ? "/" : prefix.substr(0, slash);
	}
}

std::string
UserHomeDirectory()
{
	if (const char *home = std::getenv("HOME"); home != nullptr && *home != '\0')
		return home;
	if (const auto *pw = ::getpwuid(::getuid()); pw != nullptr && pw->pw_dir != nullptr)
		return pw->pw_dir;
	return "/";
}

} // namespace osprey
