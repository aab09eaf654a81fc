// Copying a job's output.log to a stream: once, or following it while the
// job runs (`osprey logs -f`).
#pragma once

#include "job/JobRecord.hxx"

#include <chrono>
#include <cstdio>

namespace osprey::cli {

/// Copies what output.log holds now to @p out. A missing file (the job never
/// started a container) copies nothing. Throws std::system_error naming it.
void CopyJobOutput(const JobFiles &files, std::FILE *out);

/// Copies output.log to @p out as it grows until job.json says the job is in
/// a terminal state, then copies the rest and returns. Wakes on inotify
/// events in the job directory; without inotify it looks every @p fallback
/// interval (and it rechecks at that interval anyway, in case an event is
/// missed). Throws std::runtime_error when the job directory disappears.
void FollowJobOutput(const JobFiles &files, std::FILE *out,
		     std::chrono::milliseconds fallback = std::chrono::milliseconds(250));

} // namespace osprey::cli
