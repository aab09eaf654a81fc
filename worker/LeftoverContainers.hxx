// osprey-worker --remove-containers: removes the containers of ours that
// outlived their job (its worker died, or the daemon did). The supervisor runs
// this instead of calling the engine itself, so that it links neither the
// engine client nor libcurl and never blocks its loop on the engine.
#pragma once

#include "job/WorkerJob.hxx"

#include <string>

namespace osprey {

class EventReporter;

/// Which containers: one job's, or all of one Osprey home's but those of
/// its running supervisor's own jobs.
struct LeftoverSelection {
	std::string job_id;           // when not empty: this job's only
	std::string home;             // else: those labelled with this home
	std::string spared_daemon_id; // but not with this supervisor
};

/// Removes the selected containers forcibly, with their anonymous volumes.
/// Each removal is a Removed event; a failure is one Failed event. Returns
/// Succeeded, or Engine when the engine could not list or remove them.
WorkerExit RemoveLeftoverContainers(const std::string &engine_socket,
				    const LeftoverSelection &selection, EventReporter &events) noexcept;

} // namespace osprey
