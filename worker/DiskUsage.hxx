// How much disk a job's files take: a bounded walk of its directories, for
// the per-job disk budget (container.disk_budget). There is no quota or
// size-limited file system to lean on, so the worker measures.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace osprey {

struct DiskUsage {
	/** bytes allocated (st_blocks), each file counted once */
	std::uint64_t bytes = 0;
	std::uint64_t entries = 0;
	/** the walk stopped early: over the byte or entry bound */
	bool truncated = false;
};

/// Sums the space of everything below @p paths (missing ones count 0),
/// without following symbolic links or leaving each path's file system,
/// counting hard links once. Stops once more than @p stop_above bytes or
/// @p max_entries entries were seen. What cannot be read (permissions, a
/// file removed meanwhile) is skipped. Never throws but std::bad_alloc.
DiskUsage MeasureDiskUsage(const std::vector<std::string> &paths, std::uint64_t stop_above,
			   std::uint64_t max_entries = 1000000);

/// "2 GiB", "512 MiB", "64 KiB" when whole, else bytes: for messages.
std::string FormatBytes(std::uint64_t bytes);

} // namespace osprey
