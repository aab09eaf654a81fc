#include "Home.hxx"
#include "Path.hxx"

#include <cstdlib>
#include <unistd.h>

namespace osprey {

Home::Home(std::string _root, std::string _user_home)
	: root(NormalizePath(_root)), user_home(std::move(_user_home))
{
}

Home
Home::FromEnvironment()
{
	auto user_home = UserHomeDirectory();
	if (const char *env = std::getenv("OSPREY_HOME"); env != nullptr && *env != '\0') {
		std::string root = env;
		if (!root.starts_with('/')) {
			/* a relative OSPREY_HOME is relative to the working directory */
			char cwd[4096];
			if (::getcwd(cwd, sizeof(cwd)) != nullptr)
				root = std::string(cwd) + "/" + root;
		}
		return Home(ExpandHome(root, user_home), user_home);
	}
	return Home(user_home + "/.osprey", user_home);
}

std::string
Home::PipelineDir(std::string_view name) const
{
	return PipelinesDir() + "/" + std::string(name);
}

std::string
Home::PayloadsDir(std::string_view name) const
{
	return root + "/payloads/" + std::string(name);
}

std::string
Home::Display(const std::string &path) const
{
	if (path.size() > root.size() && path.starts_with(root) && path[root.size()] == '/')
		return path.substr(root.size() + 1);
	return path;
}

} // namespace osprey
