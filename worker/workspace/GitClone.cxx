// git-clone: a fresh clone of the job's repository per job, shallow when the
// ref is a branch or tag; removed after the job.
#include "GitCommand.hxx"
#include "GitCredentials.hxx"
#include "GitInput.hxx"
#include "GitResolve.hxx"
#include "WorkerLog.hxx"
#include "Workspace.hxx"
#include "util/Text.hxx"

namespace osprey {

namespace {

class GitCloneWorkspace final : public Workspace {
	const WorkerJob &job;
	GitCommand &git;
	WorkerLog &log;
	const std::string path;

public:
	GitCloneWorkspace(const WorkerJob &_job, GitCommand &_git, WorkerLog &_log)
		: job(_job), git(_git), log(_log), path(WorkspaceDirectory(_job)) {}

	std::string Prepare() override {
		const std::string ref = RefOf(job);
		/* the clone stores this URL as origin's: no token in it */
		const GitRemote remote = SplitCredentials(job.repo);
		const std::string &url = remote.url;
		git.SetConfig(remote.config);
		RemoveTree(path, log);

		bool cloned = false;
		if (!LooksLikeCommitId(ref)) {
			const auto result = git.Run({"clone", "--quiet", "--depth", "1", "--branch", ref,
						     "--", url, path});
			cloned = result.status == 0;
			if (!cloned) {
				log.Line("shallow clone of " + ref + " failed; trying a full clone");
				RemoveTree(path, log);
			}
		}
		if (!cloned) {
			git.Check("cloning " + url, {"clone", "--quiet", "--no-checkout", "--", url, path});
			const std::string commit = ResolveRef(git, path, ref, "origin");
			if (commit.empty())
				throw WorkspaceError("ref " + Quote(ref) + " not found in " + url);
			git.Check("checking out " + ref, {"checkout", "--quiet", "--detach", commit, "--"},
				  path);
		}
		return path;
	}

	void Cleanup() noexcept override { RemoveTree(path, log); }
};

} // namespace

std::unique_ptr<Workspace>
MakeGitClone(const WorkerJob &job, GitCommand &git, WorkerLog &log)
{
	return std::make_unique<GitCloneWorkspace>(job, git, log);
}

} // namespace osprey
