// The files a job leaves in its directory besides the supervisor's: out/
// (the container's writable output directory) and result.md (the agent's
// final answer); output.log is OutputLog's.
#pragma once

#include "job/WorkerJob.hxx"

#include <optional>
#include <string>
#include <sys/types.h>

namespace osprey {

class WorkerLog;

/// The most of the agent's answer kept (out/result.md, result.md).
inline constexpr std::size_t kMaxResultSize = 16 << 20;


struct ContainerIds {
	uid_t uid;
	gid_t gid;
};

/// The numeric "uid[:gid]" of a container user; nullopt for a user name
/// (resolved inside the image, unknown here).
std::optional<ContainerIds> ParseContainerUser(std::string_view user) noexcept;

/// Makes @p path (and, for a directory, everything below) writable by the
/// container user: owned by it when we are root, else world-writable (the
/// job directory itself keeps others out). Never follows symbolic links.
/// Throws std::system_error.
void HandOver(const std::string &path, const std::string &user);

/// Creates <job_dir>/out for the container, handed over. Throws
/// std::system_error.
std::string MakeOutputDirectory(const WorkerJob &job);

/// Checks that <job_dir>/prompt.md is a regular file and makes it readable
/// by the container user (mode 0644; the job directory keeps others out).
/// Throws std::runtime_error.
void MakePromptReadable(const WorkerJob &job);


/// Copies out/result.md to <job_dir>/result.md when the agent wrote one.
/// The container chose what is there: a symbolic link or anything but a
/// regular file is refused (it could point at the host's secrets), and at
/// most @p max_size bytes are copied. Returns whether a result was copied.
bool CopyResult(const WorkerJob &job, WorkerLog &log, std::size_t max_size = kMaxResultSize);

/// What CopyResult() would copy, with the same checks; nullopt when there
/// is nothing (or nothing safe) to copy.
std::optional<std::string> ReadAgentResult(const WorkerJob &job, WorkerLog &log,
					   std::size_t max_size = kMaxResultSize);

} // namespace osprey
