// The Osprey home directory (~/.osprey, or $OSPREY_HOME) and what lives in it.
#pragma once

#include <string>
#include <string_view>

namespace osprey {

class Home {
	std::string root;
	std::string user_home;

public:
	Home(std::string root, std::string user_home);

	/// $OSPREY_HOME if set, else ~/.osprey of the user running Osprey.
	static Home FromEnvironment();

	const std::string &Root() const noexcept { return root; }
	/** the user's home directory, for "~" in config values */
	const std::string &UserHome() const noexcept { return user_home; }

	std::string ConfigFile() const { return root + "/config.yaml"; }
	std::string GlobalDotEnv() const { return root + "/.env"; }
	std::string PipelinesDir() const { return root + "/pipelines"; }
	std::string PipelineDir(std::string_view name) const;
	std::string PipelineFile(std::string_view name) const { return PipelineDir(name) + "/pipeline.yaml"; }
	std::string PipelineDotEnv(std::string_view name) const { return PipelineDir(name) + "/.env"; }
	std::string PayloadsDir(std::string_view name) const;
	std::string JobsDir() const { return root + "/jobs"; }
	std::string CacheDir() const { return root + "/cache"; }
	std::string ControlSocket() const { return root + "/osprey.sock"; }

	/// @p path relative to the home when inside it ("pipelines/x/pipeline.yaml"),
	/// else unchanged: the form used in messages.
	std::string Display(const std::string &path) const;
};

} // namespace osprey
