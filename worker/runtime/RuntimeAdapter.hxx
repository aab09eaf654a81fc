// How a job becomes a container: what every agent container gets (labels,
// mounts, environment, limits, the entry script) and what each runtime adds.
// The image's entry script (images/osprey-agent-entry) reads the OSPREY_*
// variables set here and runs the runtime's CLI headless.
#pragma once

#include "engine/ContainerSpec.hxx"
#include "job/WorkerJob.hxx"

#include <string>
#include <string_view>

namespace osprey {

/// Where things are inside every agent container.
namespace container_paths {
inline constexpr const char *kWorkspace = "/workspace";
inline constexpr const char *kPromptFile = "/osprey/prompt.md";
inline constexpr const char *kOutDir = "/osprey/out";
inline constexpr const char *kResultFile = "/osprey/out/result.md";
inline constexpr const char *kHome = "/home/agent";
inline constexpr const char *kEntry = "osprey-agent-entry";
/** claude-code with oauth: the session directory, read-only; the entry
    script copies what the CLI needs into a writable ~/.claude */
inline constexpr const char *kClaudeSession = "/osprey/claude-session";
} // namespace container_paths

inline constexpr const char *kManagedLabel = "osprey.managed";
/// The Osprey home and the supervisor the job belongs to (WorkerJob::home,
/// WorkerJob::daemon_id).
inline constexpr const char *kHomeLabel = "osprey.home";
inline constexpr const char *kDaemonLabel = "osprey.daemon";

class RuntimeAdapter {
public:
	virtual ~RuntimeAdapter() noexcept = default;

	/// OSPREY_RUNTIME as the entry script knows it: "claude-code", "opencode".
	virtual std::string_view Name() const noexcept = 0;

	/// The image build directory under images/: "claude-code".
	virtual std::string_view ImageDirectory() const noexcept { return Name(); }

	/// Adds the runtime's own mounts and environment to @p spec.
	virtual void Customise(ContainerSpec &spec, const WorkerJob &job) const = 0;
};

const RuntimeAdapter &AdapterFor(AgentType type) noexcept;

/// The container for @p job with @p workspace (a host directory) at
/// /workspace, plus the workspace's @p extra mounts. Environment values
/// (secrets) go only into the spec. Throws std::invalid_argument for a
/// volume whose source is blocked.
ContainerSpec MakeContainerSpec(const WorkerJob &job, const std::string &workspace,
				const std::vector<BindMount> &extra = {});

/// Adds NAME=@p value to @p spec's environment unless the job's own
/// agent.env already set @p name (the admin's choice wins).
void SetDefaultEnv(ContainerSpec &spec, std::string_view name, std::string_view value);

/// How to build the job's image, for the "image missing" message.
std::string HowToBuildImage(const WorkerJob &job);

} // namespace osprey
