// The job's codebase, per workspace.type: what the container gets at
// /workspace, and how it is cleaned up afterwards.
#pragma once

#include "engine/ContainerSpec.hxx"
#include "job/WorkerJob.hxx"

#include <memory>
#include <string>
#include <vector>

namespace osprey {

class GitCommand;
class StopSwitch;
class WorkerLog;

class Workspace {
public:
	virtual ~Workspace() noexcept = default;

	/// Makes the workspace and returns the host directory to mount at
	/// /workspace. Throws WorkspaceError (or UnsafeGitInput) saying what
	/// failed, without credentials. Leaves nothing behind on failure
	/// except what Cleanup() removes.
	virtual std::string Prepare() = 0;

	/// Whether the worker made the directory (and may hand it to the
	/// container user); a local directory is the user's own.
	virtual bool IsOwned() const noexcept { return true; }

	/// Further mounts the workspace needs in the container, after
	/// Prepare(): a worktree's repository, at its host path.
	virtual std::vector<BindMount> ExtraMounts() const { return {}; }

	/// Removes what Prepare() made, also after a failed Prepare(); never
	/// touches a local directory. Logs problems, never throws.
	virtual void Cleanup() noexcept = 0;
};

/// Checks the job's workspace settings before anything is created: the
/// repository and ref (untrusted: RepoRefused, UnsafeGitInput), the local directory
/// (WorkspaceError when missing or a blocked mount source).
void CheckWorkspaceInput(const WorkerJob &job);

/// The workspace of @p job; references must outlive it.
std::unique_ptr<Workspace> MakeWorkspace(const WorkerJob &job, GitCommand &git, WorkerLog &log,
					 StopSwitch &control);

/// <job_dir>/workspace, where clones and worktrees go.
std::string WorkspaceDirectory(const WorkerJob &job);

/// Removes @p path recursively without following symbolic links; logs
/// failures.
void RemoveTree(const std::string &path, WorkerLog &log) noexcept;

/// "main" when the job names no ref: the contract's default.
std::string RefOf(const WorkerJob &job);

} // namespace osprey
