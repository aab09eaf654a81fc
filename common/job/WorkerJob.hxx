// What the supervisor hands an osprey-worker: one job, fully resolved (secrets
// included, so it only ever travels over the worker's private channel, never
// to disk), and what the worker reports back.
//
// The channel is a socketpair on the worker's fd 3 carrying JSON lines: first
// one line supervisor -> worker (the WorkerJob), then any number of
// WorkerEvent lines worker -> supervisor.
#pragma once

#include "AgentReport.hxx"
#include "config/GlobalConfig.hxx"
#include "config/Names.hxx"
#include "config/Volume.hxx"

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey {

/// container.disk_budget when the supervisor sends none.
inline constexpr std::uint64_t kDefaultDiskBudget = std::uint64_t(2) << 30;

struct WorkerJob {
	std::string job_id, pipeline;
	/** the Osprey home and the supervisor (a random id per `osprey start`)
	    the job belongs to; both label the container, so that a daemon's
	    start-up sweep of leftovers takes only its own home's and spares its
	    own jobs' (several homes may share one engine) */
	std::string home, daemon_id;
	/** ~/.osprey/jobs/<id>: prompt.md is there; output.log and result.md go there */
	std::string job_dir;
	/** ~/.osprey/cache: git-worktree keeps its clones here */
	std::string cache_dir;

	/* the container */
	std::string engine_socket;
	std::string image, user, network;
	std::uint64_t memory = 0;
	double cpus = 0;
	std::int64_t pids = 0;
	std::vector<Ulimit> ulimits;
	std::chrono::milliseconds stop_grace{10000};
	/** agent.env plus the runtime's credentials; values may be secrets */
	std::vector<std::pair<std::string, std::string>> env;
	std::vector<VolumeSpec> volumes;

	/* the runtime */
	AgentType agent = AgentType::ClaudeCode;
	AgentAuth auth = AgentAuth::OAuth;
	/** oauth: the host directory mounted read-only into the container */
	std::string oauth_path;
	/** opencode: the model provider, when the pipeline names one */
	std::optional<Provider> provider;
	/** agent.base_url: the provider endpoint; empty means the CLI's own */
	std::string base_url;
	/** agent.model; empty means the CLI's default */
	std::string model;

	/* the workspace; repo and ref already rendered from the payload */
	WorkspaceType workspace = WorkspaceType::None;
	std::string repo, ref, local_path;
	/** whether workspace.repo is a template (IsTemplated(), config/RepoUrl.hxx):
	    the rendered repo then came from the payload and must pass
	    CheckRepoUrl(); absent from the JSON line means false */
	bool repo_templated = false;
	/** workspace.allowed_repos: glob patterns a templated repo must match */
	std::vector<std::string> allowed_repos;
	/** container.disk_budget: bytes the job may write to its workspace and
	    out/ together (0 = no limit); absent from the JSON line means 2 GiB */
	std::uint64_t disk_budget = kDefaultDiskBudget;
};

/// One line the worker sends while it works.
struct WorkerEvent {
	enum class Kind {
		Preparing,  // preparing the workspace
		Starting,   // creating and starting the container
		Running,    // the container runs; container holds its id
		Finished,   // the agent exited; exit_code holds its status
		Failed,     // the job could not run; reason says why
		Removed,    // --remove-containers: container holds one it removed
	};

	Kind kind = Kind::Preparing;
	std::string container; // Running, Removed
	int exit_code = 0;     // Finished
	std::string reason;    // Failed
	/** Finished, Failed: bytes the job's workspace and out/ took at the
	    end (0 when not measured), for the job store's cap */
	std::uint64_t disk_usage = 0;
	/** Finished: what the agent CLI reported of its run, when it did */
	std::optional<AgentReport> agent = std::nullopt;
};

/// Malformed JSON or a missing/mistyped field.
struct ProtocolError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

std::string ToJsonLine(const WorkerJob &job);
WorkerJob ParseWorkerJob(std::string_view line);

std::string ToJsonLine(const WorkerEvent &event);
WorkerEvent ParseWorkerEvent(std::string_view line);

/// Documented exit statuses of osprey-worker, one per failure class; the
/// supervisor records the class when the worker ends without a Finished event.
enum class WorkerExit : int {
	Succeeded = 0,      // the agent ran and exited 0
	AgentFailed = 1,    // the agent ran and exited non-zero
	Usage = 2,          // bad arguments or an unreadable job (a bug)
	Workspace = 3,      // cloning, worktree or local directory failed
	Engine = 4,         // the container engine is unreachable or refused
	Image = 5,          // the image is missing
	Stopped = 6,        // stopped by SIGTERM (timeout or cancel); container stopped
	Internal = 7,       // anything else
};

std::string_view Describe(WorkerExit code) noexcept;

} // namespace osprey
