// Loading everything under the Osprey home at once: the global .env,
// config.yaml and every pipeline, with every problem collected.
#pragma once

#include "Diagnostic.hxx"
#include "GlobalConfig.hxx"
#include "Home.hxx"
#include "Pipeline.hxx"

#include <optional>
#include <string>
#include <vector>

namespace osprey {

struct LoadOptions {
	/// Resolve ${VAR} to the reference itself instead of the value, for
	/// anything a human will see (list, test, doctor). The daemon passes false.
	bool redact = true;
	/// Also check what is legal but surely unintended (doctor): .env file modes.
	bool lint = false;
};

struct Configuration {
	GlobalConfig global;
	/** pipelines that loaded without errors, sorted by name; disabled ones included */
	std::vector<Pipeline> pipelines;
	/** names of pipeline directories that had errors */
	std::vector<std::string> broken;
	Diagnostics diagnostics;
	/** false if config.yaml (or the global .env) has errors */
	bool global_valid = true;

	const Pipeline *Find(std::string_view name) const noexcept;
};

/// Applies the global .env to this process's environment (never overriding a
/// variable that is already set), then loads config.yaml and every pipeline.
/// Never throws for configuration problems: they are in the diagnostics.
Configuration LoadConfiguration(const Home &home, const LoadOptions &options);

/// Loads config.yaml alone (after the global .env); problems in @p diagnostics.
GlobalConfig LoadGlobalConfig(const Home &home, const LoadOptions &options,
			      Diagnostics &diagnostics);

/// Loads one pipeline afresh, its .env re-read (as the daemon does per job).
/// With errors, @p partial (when given) gets what could be read.
std::optional<Pipeline> LoadPipeline(const Home &home, std::string_view name,
				     const GlobalConfig &global, const LoadOptions &options,
				     Diagnostics &diagnostics, Pipeline *partial = nullptr);

/// Pipeline directory names under the home, sorted.
std::vector<std::string> ListPipelineNames(const Home &home);

} // namespace osprey
