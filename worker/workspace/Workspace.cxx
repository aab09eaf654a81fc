#include "Workspace.hxx"
#include "GitCommand.hxx"
#include "GitInput.hxx"
#include "WorkerLog.hxx"
#include "config/Path.hxx"
#include "config/RepoUrl.hxx"
#include "config/Volume.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <cerrno>
#include <cstring>

#include <filesystem>
#include <sys/stat.h>

namespace osprey {

std::unique_ptr<Workspace> MakeGitClone(const WorkerJob &job, GitCommand &git, WorkerLog &log);
std::unique_ptr<Workspace> MakeGitWorktree(const WorkerJob &job, GitCommand &git, WorkerLog &log,
					   StopSwitch &control);

namespace {

/* local: the user's directory, mounted as it is */
class LocalWorkspace final : public Workspace {
	const std::string path;

public:
	explicit LocalWorkspace(std::string _path) : path(std::move(_path)) {}
	std::string Prepare() override { return path; }
	bool IsOwned() const noexcept override { return false; }
	void Cleanup() noexcept override {}
};

/* none: an empty directory, so the agent still has a writable /workspace */
class EmptyWorkspace final : public Workspace {
	const std::string path;
	WorkerLog &log;

public:
	EmptyWorkspace(std::string _path, WorkerLog &_log) : path(std::move(_path)), log(_log) {}

	std::string Prepare() override {
		RemoveTree(path, log);
		if (::mkdir(path.c_str(), 0755) < 0)
			throw WorkspaceError("creating the empty workspace " + path + ": " +
					     std::strerror(errno));
		return path;
	}
	void Cleanup() noexcept override { RemoveTree(path, log); }
};

} // namespace

std::string
RefOf(const WorkerJob &job)
{
	return job.ref.empty() ? "main" : job.ref;
}

std::string
WorkspaceDirectory(const WorkerJob &job)
{
	return job.job_dir + "/workspace";
}

void
RemoveTree(const std::string &path, WorkerLog &log) noexcept
{
	std::error_code error;
	/* remove_all removes symbolic links, never what they point to */
	std::filesystem::remove_all(path, error);
	if (error)
		log.Line("could not remove " + path + ": " + error.message());
}

void
CheckWorkspaceInput(const WorkerJob &job)
{
	switch (job.workspace) {
	case WorkspaceType::GitClone:
	case WorkspaceType::GitWorktree:
		/* a payload's choice never names the host's own repositories nor
		   its internal services (config/RepoUrl.hxx) */
		CheckRepoUrl(job.repo, job.repo_templated, job.allowed_repos);
		CheckRefLength(job.ref);
		CheckRepository(job.repo);
		CheckRef(RefOf(job));
		break;
	case WorkspaceType::Local: {
		if (job.local_path.empty() || job.local_path.front() != '/')
			throw WorkspaceError("local workspace " + Quote(job.local_path) +
					     " is not an absolute path");
		struct stat st;
		if (::stat(job.local_path.c_str(), &st) < 0 || !S_ISDIR(st.st_mode))
			throw WorkspaceError("local workspace " + Quote(job.local_path) +
					     " is not an existing directory");
		const HostPaths host{job.engine_socket, job.home, UserHomeDirectory()};
		if (const auto why = BlockedMountReason(job.local_path, host))
			throw WorkspaceError("local workspace " + Quote(job.local_path) +
					     " may not be mounted: " + *why);
		break;
	}
	case WorkspaceType::None:
		break;
	}
}

std::unique_ptr<Workspace>
MakeWorkspace(const WorkerJob &job, GitCommand &git, WorkerLog &log, StopSwitch &control)
{
	switch (job.workspace) {
	case WorkspaceType::GitClone:
		return MakeGitClone(job, git, log);
	case WorkspaceType::GitWorktree:
		return MakeGitWorktree(job, git, log, control);
	case WorkspaceType::Local:
		return std::make_unique<LocalWorkspace>(job.local_path);
	case WorkspaceType::None:
		break;
	}
	return std::make_unique<EmptyWorkspace>(WorkspaceDirectory(job), log);
}

} // namespace osprey
