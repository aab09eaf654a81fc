// Sets environment variables for one test and puts the old values back.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace osprey::test {

class EnvironmentGuard {
	std::vector<std::pair<std::string, std::optional<std::string>>> saved;

public:
	EnvironmentGuard() = default;
	EnvironmentGuard(const EnvironmentGuard &) = delete;
	EnvironmentGuard &operator=(const EnvironmentGuard &) = delete;
	~EnvironmentGuard() {
		for (auto it = saved.rbegin(); it != saved.rend(); ++it)
			if (it->second)
				::setenv(it->first.c_str(), it->second->c_str(), 1);
			else
				::unsetenv(it->first.c_str());
	}

	/// Sets @p name, or unsets it when @p value is null.
	void Set(const std::string &name, const char *value) {
		const char *old = std::getenv(name.c_str());
		saved.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
		if (value != nullptr)
			::setenv(name.c_str(), value, 1);
		else
			::unsetenv(name.c_str());
	}
};

} // namespace osprey::test
