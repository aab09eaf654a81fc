#include "RuntimeAdapter.hxx"
#include "JobFiles.hxx"
#include "Version.h"
#include "config/Path.hxx"
#include "config/Volume.hxx"
#include "util/Text.hxx"

#include <cmath>
#include <set>

namespace osprey {

const RuntimeAdapter &ClaudeCodeAdapter() noexcept;
const RuntimeAdapter &OpenCodeAdapter() noexcept;

const RuntimeAdapter &
AdapterFor(AgentType type) noexcept
{
	switch (type) {
	case AgentType::ClaudeCode:
		break;
	case AgentType::OpenCode:
		return OpenCodeAdapter();
	}
	return ClaudeCodeAdapter();
}

/* The variables Osprey sets; the job's own entries of these names yield, so
   a pipeline cannot point the entry script elsewhere by accident. */
static bool
IsReserved(std::string_view name) noexcept
{
	return name == "HOME" || name.starts_with("OSPREY_");
}

ContainerSpec
MakeContainerSpec(const WorkerJob &job, const std::string &workspace,
		  const std::vector<BindMount> &extra)
{
	namespace paths = container_paths;
	const RuntimeAdapter &adapter = AdapterFor(job.agent);

	ContainerSpec spec;
	spec.image = job.image;
	spec.cmd = {paths::kEntry};
	if (!job.user.empty())
		spec.user = job.user;
	spec.working_dir = paths::kWorkspace;
	spec.labels = {{kJobLabel, job.job_id}, {kPipelineLabel, job.pipeline},
		       {kManagedLabel, "true"}};
	if (!job.home.empty())
		spec.labels.emplace(kHomeLabel, job.home);
	if (!job.daemon_id.empty())
		spec.labels.emplace(kDaemonLabel, job.daemon_id);

	spec.binds.push_back({workspace, paths::kWorkspace, false});
	spec.binds.push_back({job.job_dir + "/prompt.md", paths::kPromptFile, true});
	spec.binds.push_back({job.job_dir + "/out", paths::kOutDir, false});
	spec.binds.insert(spec.binds.end(), extra.begin(), extra.end());
	const HostPaths host{job.engine_socket, job.home, UserHomeDirectory()};
	for (const auto &volume : job.volumes) {
		/* the supervisor checked them; a second look costs nothing */
		if (const auto why = BlockedMountReason(volume.source, host))
			throw std::invalid_argument("volume " + Quote(volume.ToBind()) + ": " + *why);
		spec.binds.push_back({volume.source, volume.target, volume.read_only});
	}

	for (const auto &[name, value] : job.env)
		if (!IsReserved(name))
			spec.env.push_back(name + "=" + value);
	spec.env.push_back("OSPREY_RUNTIME=" + std::string(adapter.Name()));
	spec.env.push_back(std::string("OSPREY_PROMPT_FILE=") + paths::kPromptFile);
	spec.env.push_back(std::string("OSPREY_RESULT_FILE=") + paths::kResultFile);
	/* the entry script keeps no more of the answer than CopyResult() takes */
	spec.env.push_back("OSPREY_RESULT_LIMIT=" + std::to_string(kMaxResultSize));
	spec.env.push_back("OSPREY_JOB=" + job.job_id);
	spec.env.push_back(std::string("HOME=") + paths::kHome);

	if (!job.network.empty())
		spec.network_mode = job.network;
	spec.memory_bytes = static_cast<std::int64_t>(job.memory);
	spec.nano_cpus = static_cast<std::int64_t>(std::llround(job.cpus * 1e9));
	spec.pids_limit = job.pids;
	if (!job.ulimits.empty()) {
		spec.ulimits.clear();
		for (const auto &u : job.ulimits)
			spec.ulimits.push_back({u.name, u.soft, u.hard});
	}

	adapter.Customise(spec, job);
	return spec;
}

void
SetDefaultEnv(ContainerSpec &spec, std::string_view name, std::string_view value)
{
	const std::string prefix = std::string(name) + "=";
	for (const auto &entry : spec.env)
		if (entry.starts_with(prefix))
			return;
	spec.env.push_back(prefix + std::string(value));
}

std::string
HowToBuildImage(const WorkerJob &job)
{
	const std::string dir = std::string(OSPREY_DATADIR) + "/images";
	const std::string sub(AdapterFor(job.agent).ImageDirectory());
	return "podman build -t " + job.image + " -f " + dir + "/" + sub + "/Containerfile " + dir +
		" (or docker build with the same arguments; in a source tree: images/" + sub +
		"/Containerfile and images/)";
}

} // namespace osprey
