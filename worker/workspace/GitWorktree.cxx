// git-worktree: one cached bare clone per repository under the cache
// directory, fetched per job, and per job a checkout of the job's commit at
// <job_dir>/workspace that borrows the clone's objects, removed after the job.
// Jobs on the same repository take turns on the clone through a lock file
// beside it; the lock is held while git writes to the clone (fetch), not while
// the agent runs.
//
// Nothing a job writes reaches the clone, which every later job of every
// pipeline on that repository uses. (A `git worktree` did: its .git file
// names an administrative directory inside the clone, which the container
// had to write, and through which an agent left files and settings for the
// next job.) The job's checkout is a repository of its own, inside the
// workspace (config, hooks, index, refs: the agent's to play with, deleted
// with it); its objects/info/alternates names the clone's object store,
// which the container gets read-only at its host path, so git works in the
// container for status, diff, log and commit. Before each job the clone is
// verified and rebuilt when anything in it is not what the worker made
// (settings, hooks, a worktree left by an older version): git runs no
// hooks anyway (GitCommand), but a setting such as core.sshCommand would run.
//
// The clone has no remote configured: it is fetched from the URL each time,
// and credentials go through the environment (GitCredentials.hxx).
#include "FileLock.hxx"
#include "GitCommand.hxx"
#include "GitCredentials.hxx"
#include "GitInput.hxx"
#include "GitResolve.hxx"
#include "StopSwitch.hxx"
#include "WorkerLog.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "Workspace.hxx"
#include "util/Error.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

namespace osprey {

namespace {

/* the only settings "git init --bare --template=" writes, on any platform */
constexpr std::string_view kCacheSettings[] = {
	"core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates",
	"core.ignorecase", "core.precomposeunicode", "core.symlinks",
};

class GitWorktreeWorkspace final : public Workspace {
	const WorkerJob &job;
	GitCommand &git;
	WorkerLog &log;
	StopSwitch &control;
	const std::string path, clone;

public:
	GitWorktreeWorkspace(const WorkerJob &_job, GitCommand &_git, WorkerLog &_log,
			     StopSwitch &_control)
		: job(_job), git(_git), log(_log), control(_control),
		  path(WorkspaceDirectory(_job)),
		  clone(_job.cache_dir + "/" + CacheDirectoryName(_job.repo)) {}

	std::string Prepare() override {
		const std::string ref = RefOf(job);
		const GitRemote remote = SplitCredentials(job.repo);
		const std::string &url = remote.url;
		git.SetConfig(remote.config);
		try {
			MakeDirectories(job.cache_dir, 0700);
		} catch (...) {
			ThrowWithContext("creating the cache directory " + job.cache_dir);
		}
		RemoveTree(path, log);

		std::string commit;
		{
			const FileLock lock = Lock();
			if (PathExists(clone + "/HEAD")) {
				if (const auto why = CacheChanged(); !why.empty()) {
					log.Line("the cached clone " + clone + " was changed (" + why +
						 "); rebuilding it");
					RemoveTree(clone, log);
				}
			}
			if (!PathExists(clone + "/HEAD")) {
				log.Line("creating the cached clone " + clone);
				git.Check("creating the cached clone " + clone,
					  {"init", "--quiet", "--bare", "--template=", "--", clone});
			}
			git.Check("fetching " + url,
				  {"fetch", "--quiet", "--prune", "--tags", "--force", "--", url,
				   "+refs/heads/*:refs/remotes/origin/*"},
				  clone);
			commit = ResolveRef(git, clone, ref, "origin");
			if (commit.empty() && LooksLikeCommitId(ref)) {
				/* a commit no branch or tag reaches: ask for it by id */
				if (git.Run({"fetch", "--quiet", "--", url, ref}, clone).status == 0)
					commit = ResolveRef(git, clone, ref, "origin");
			}
			if (commit.empty())
				throw WorkspaceError("ref " + Quote(ref) + " not found in " + url);
		}

		/* the job's own repository, borrowing the clone's objects */
		git.Check("creating the workspace repository at " + path,
			  {"init", "--quiet", "--template=", "--", path});
		try {
			MakeDirectories(path + "/.git/objects/info", 0755);
			WriteFileAtomic(path + "/.git/objects/info/alternates", clone + "/objects\n", 0644,
					Durability::Lazy);
		} catch (...) {
			ThrowWithContext("linking " + path + " to the cached clone");
		}
		git.Check("checking out " + commit.substr(0, 12) + " at " + path,
			  {"checkout", "--quiet", "--detach", commit, "--"}, path);
		log.Line("checkout of " + url + " at " + ref + " (" + commit.substr(0, 12) +
			 ") ready, objects from " + clone);
		return path;
	}

	std::vector<BindMount> ExtraMounts() const override {
		/* the engine's bind syntax cannot carry ':' or ',' */
		const std::string objects = clone + "/objects";
		if (objects.front() != '/' || objects.find_first_of(":,") != std::string::npos)
			return {};
		return {{objects, objects, true}};
	}

	/* the clone was never the job's to write: only the checkout goes */
	void Cleanup() noexcept override { RemoveTree(path, log); }

private:
	/* Why the clone is not as the worker left it, or "". */
	std::string CacheChanged() {
		for (const char *extra : {"/worktrees", "/objects/info/alternates", "/info",
					  "/commondir", "/config.worktree", "/shallow"})
			if (PathExists(clone + extra))
				return std::string(extra + 1) + " exists";
		if (DirectoryReader hooks(clone + "/hooks"); hooks.Next() != nullptr)
			return "it has hooks";
		const auto listed = git.Run({"config", "--file", clone + "/config", "--name-only", "--list"},
					    {}, true);
		if (listed.status != 0)
			return "its config is unreadable";
		for (const auto line : Split(listed.out, '\n')) {
			const auto name = Trim(line);
			if (name.empty())
				continue;
			bool known = false;
			for (const auto k : kCacheSettings)
				known = known || name == k;
			if (!known)
				return "setting " + std::string(name);
		}
		return {};
	}

	FileLock Lock() {
		try {
			return FileLock(clone + ".lock", std::chrono::minutes(15),
					[this] { return control.IsStopping(); });
		} catch (const std::exception &e) {
			throw WorkspaceError(e.what());
		}
	}
};

} // namespace

std::unique_ptr<Workspace>
MakeGitWorktree(const WorkerJob &job, GitCommand &git, WorkerLog &log, StopSwitch &control)
{
	return std::make_unique<GitWorktreeWorkspace>(job, git, log, control);
}

} // namespace osprey
