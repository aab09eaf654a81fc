// git-worktree: one cached bare clone per repository under the cache
// directory, fetched per job, and a detached worktree of the job's commit at
// <job_dir>/workspace, removed after the job. Jobs on the same repository
// take turns on the clone through a lock file beside it; the lock is held
// while git writes to the clone (fetch, worktree add/remove), not while the
// agent runs.
//
// A worktree's .git is a file naming its administrative directory in the
// clone (<clone>/worktrees/<name>), which names the clone itself: both are
// mounted at their host paths, the clone read-only and the administrative
// directory (index, HEAD) read-write, so git works in the container for
// status, diff and log. Commits need the clone's object store: not given.
//
// The clone has no remote configured: it is fetched from the URL each time,
// so credentials in the URL never land in its config. A worker killed by
// SIGKILL leaves a stale worktree entry; the next job's "worktree prune"
// drops it once the supervisor removed the job directory.
#include "FileLock.hxx"
#include "GitCommand.hxx"
#include "GitInput.hxx"
#include "GitResolve.hxx"
#include "JobControl.hxx"
#include "WorkerLog.hxx"
#include "Workspace.hxx"
#include "util/Error.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

namespace osprey {

namespace {

class GitWorktreeWorkspace final : public Workspace {
	const WorkerJob &job;
	GitCommand &git;
	WorkerLog &log;
	JobControl &control;
	const std::string path, clone;
	bool added = false;
	/** <clone>/worktrees/<name>, once added */
	std::string admin;

public:
	GitWorktreeWorkspace(const WorkerJob &_job, GitCommand &_git, WorkerLog &_log,
			     JobControl &_control)
		: job(_job), git(_git), log(_log), control(_control),
		  path(WorkspaceDirectory(_job)),
		  clone(_job.cache_dir + "/" + CacheDirectoryName(_job.repo)) {}

	std::string Prepare() override {
		const std::string ref = RefOf(job);
		const std::string url = StripCredentials(job.repo);
		try {
			MakeDirectories(job.cache_dir, 0700);
		} catch (...) {
			ThrowWithContext("creating the cache directory " + job.cache_dir);
		}
		RemoveTree(path, log);

		const FileLock lock = Lock();
		if (!PathExists(clone + "/HEAD")) {
			log.Line("creating the cached clone " + clone);
			git.Check("creating the cached clone " + clone, {"init", "--quiet", "--bare", "--", clone});
		}
		git.Check("fetching " + url,
			  {"fetch", "--quiet", "--prune", "--tags", "--force", "--", job.repo,
			   "+refs/heads/*:refs/remotes/origin/*"},
			  clone);
		std::string commit = ResolveRef(git, clone, ref, "origin");
		if (commit.empty() && LooksLikeCommitId(ref)) {
			/* a commit no branch or tag reaches: ask for it by id */
			if (git.Run({"fetch", "--quiet", "--", job.repo, ref}, clone).status == 0)
				commit = ResolveRef(git, clone, ref, "origin");
		}
		if (commit.empty())
			throw WorkspaceError("ref " + Quote(ref) + " not found in " + url);

		/* entries of worktrees whose directory is gone (a killed worker) */
		git.Run({"worktree", "prune"}, clone);
		git.Check("adding a worktree of " + commit.substr(0, 12) + " at " + path,
			  {"worktree", "add", "--quiet", "--detach", "--", path, commit}, clone);
		added = true;
		admin = AdminDirectory();
		log.Line("worktree of " + url + " at " + ref + " (" + commit.substr(0, 12) + ") ready");
		return path;
	}

	std::vector<BindMount> ExtraMounts() const override {
		/* the engine's bind syntax cannot carry ':' or ',' */
		for (const auto &p : {clone, admin})
			if (p.empty() || p.front() != '/' || p.find_first_of(":,") != std::string::npos)
				return {};
		return {{clone, clone, true}, {admin, admin, false}};
	}

	void Cleanup() noexcept override {
		try {
			const FileLock lock = Lock(true);
			if (added && git.Run({"worktree", "remove", "--force", "--force", "--", path},
					     clone).status != 0)
				log.Line("git worktree remove failed; removing the directory");
			RemoveTree(path, log);
			if (PathExists(clone + "/HEAD"))
				git.Run({"worktree", "prune"}, clone);
		} catch (...) {
			log.Line("cleaning up the worktree: " + FullMessage(std::current_exception()));
			RemoveTree(path, log);
		}
	}

private:
	/* from the worktree's .git file: "gitdir: <path>\n" */
	std::string AdminDirectory() const {
		try {
			const std::string text = ReadFile(path + "/.git");
			if (text.starts_with("gitdir: "))
				return std::string(Trim(std::string_view(text).substr(8)));
		} catch (...) {
		}
		log.Line("no gitdir in " + path + "/.git: git will not work in the container");
		return {};
	}

	FileLock Lock(bool cleaning = false) {
		try {
			/* cleanup must happen even while stopping */
			return FileLock(clone + ".lock", std::chrono::minutes(15),
					[this, cleaning] { return !cleaning && control.IsStopping(); });
		} catch (const std::exception &e) {
			throw WorkspaceError(e.what());
		}
	}
};

} // namespace

std::unique_ptr<Workspace>
MakeGitWorktree(const WorkerJob &job, GitCommand &git, WorkerLog &log, JobControl &control)
{
	return std::make_unique<GitWorktreeWorkspace>(job, git, log, control);
}

} // namespace osprey
