// The processes the worker started, found through /proc. The worker and
// everything it starts share one process group, which the supervisor kills
// as a whole; the worker itself cannot signal its own group (it would hit
// itself), so it ends git and its helpers by walking its descendants. As a
// child subreaper it adopts what they orphan (an ssh ControlMaster, a remote
// helper whose git died), so those stay its descendants too.
#pragma once

#include <sys/types.h>
#include <vector>

namespace osprey {

/// Makes this process the subreaper of its descendants. Call once, early.
void BecomeSubreaper() noexcept;

/// The descendants of @p root (not @p root itself), parents first, read
/// from /proc; processes that exit meanwhile may or may not be listed.
std::vector<pid_t> Descendants(pid_t root);

/// Sends @p sig to every descendant of this process, again until none is
/// found or a few rounds passed (a process may fork while we look). Returns
/// how many were signalled. For any thread; never throws.
unsigned SignalDescendants(int sig) noexcept;

/// Reaps the adopted descendants that have exited (waitpid WNOHANG), so
/// they do not stay zombies; never waits.
void ReapOrphans() noexcept;

} // namespace osprey
