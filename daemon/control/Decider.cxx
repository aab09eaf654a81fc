#include "Decider.hxx"

#include <cerrno>
#include <pwd.h>
#include <unistd.h>
#include <vector>

namespace osprey::daemon {

std::string
Decider::Describe() const
{
	const std::string id = "uid " + std::to_string(uid);
	return (name.empty() ? id : name + " (" + id + ")") + " from the command line";
}

std::string
UserNameOf(uid_t uid)
{
	long hint = ::sysconf(_SC_GETPW_R_SIZE_MAX);
	std::vector<char> buffer(hint > 0 ? static_cast<std::size_t>(hint) : 4096);
	while (true) {
		passwd entry, *result = nullptr;
		const int error = ::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &result);
		if (error == ERANGE && buffer.size() < 1024 * 1024) {
			buffer.resize(buffer.size() * 4);
			continue;
		}
		if (error != 0 || result == nullptr || result->pw_name == nullptr)
			return {};
		return result->pw_name;
	}
}

} // namespace osprey::daemon
