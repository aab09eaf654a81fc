// A temporary Osprey home for config tests.
#pragma once

#include "config/Configuration.hxx"
#include "util/File.hxx"

#include <cstdlib>
#include <string>

namespace osprey::test {

class TempHome {
public:
	std::string root;

	TempHome() {
		char dir_template[] = "/tmp/osprey-home-XXXXXX";
		root = ::mkdtemp(dir_template);
	}
	~TempHome() { std::system(("rm -rf " + root).c_str()); }

	Home GetHome() const { return Home(root, root + "/user"); }

	void Write(const std::string &relative, std::string_view text, mode_t mode = 0644) const {
		const auto path = root + "/" + relative;
		MakeDirectories(path.substr(0, path.rfind('/')));
		WriteFileAtomic(path, text, mode);
	}
};

/* oauth_path must exist for claude-code's default oauth auth: /tmp does */
inline constexpr std::string_view minimal_config =
	"version: 1\ndefaults:\n  channel:\n    type: stdout\n  agent:\n    claude-code: {oauth_path: /tmp}\n";

/// All diagnostics as text, one per line, with "warning: " before warnings.
inline std::string
AllText(const Diagnostics &d)
{
	std::string s;
	for (const auto &x : d.All())
		s += (x.severity == Diagnostic::Severity::Warning ? "warning: " : "") + x.ToString() + "\n";
	return s;
}

} // namespace osprey::test
