// Everything the worker decides about one agent container, and its
// translation into the engine's "create container" request body.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace osprey {

/// The labels Osprey puts on its containers: error messages name the job,
/// and cleanup finds a job's containers by them.
inline constexpr const char *kJobLabel = "osprey.job";
inline constexpr const char *kPipelineLabel = "osprey.pipeline";

struct BindMount {
	/// Absolute host path and absolute container path; neither may contain
	/// ':' (the engine's bind syntax cannot express it).
	std::string source, target;
	bool read_only = true;
};

/// Named apart from config's Ulimit (GlobalConfig.hxx) so that code seeing
/// both the job and the spec (the worker's runtime adapters) compiles.
struct ContainerUlimit {
	/// "nofile", "nproc", ... (the engine's names, without "RLIMIT_").
	std::string name;
	std::int64_t soft, hard;
};

struct ContainerSpec {
	/// Optional container name; the engine picks one when empty.
	std::string name;

	std::string image;
	/// Command and arguments; empty means the image's default command.
	std::vector<std::string> cmd;
	/// "KEY=value" entries.
	std::vector<std::string> env;
	/// "uid:gid" or a user name of the image; never root.
	std::string user = "1000:1000";
	std::string working_dir;
	std::map<std::string, std::string> labels;

	std::vector<BindMount> binds;
	/// container path -> mount options, e.g. {"/tmp", "rw,size=64m"}
	std::map<std::string, std::string> tmpfs;
	bool read_only_rootfs = false;

	/// "none" keeps the agent off the network; "bridge", "host", ... as the
	/// engine knows them.
	std::string network_mode = "none";

	/// Zero (or for pids_limit, negative) means the engine's default.
	std::int64_t memory_bytes = 0;
	std::int64_t nano_cpus = 0;
	std::int64_t pids_limit = 0;

	/// Explicit limits are needed where the engine's defaults exceed the
	/// host's hard limits (see notes/container-engine.md).
	std::vector<ContainerUlimit> ulimits{{"nofile", 1024, 20000}, {"nproc", 1000, 1000}};

	bool drop_all_capabilities = true;
	bool no_new_privileges = true;

	/// Allocate a pseudo-terminal: logs then come raw instead of framed.
	bool tty = false;
};

/// Checks @p spec and returns the JSON body of POST /containers/create.
/// Throws std::invalid_argument naming the offending field (no image, a
/// root user, a relative or ':'-containing bind path, soft > hard ulimit).
std::string MakeCreateBody(const ContainerSpec &spec);

/// The Binds entry for @p bind: "source:target:ro" or "source:target:rw".
std::string FormatBind(const BindMount &bind);

} // namespace osprey
