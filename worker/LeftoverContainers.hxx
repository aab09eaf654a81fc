// osprey-worker --remove-containers: removes the containers of ours that
// outlived their job (its worker died, or the daemon did). The supervisor runs
// this instead of calling the engine itself, so that it links neither the
// engine client nor libcurl and never blocks its loop on the engine.
#pragma once

#include "job/WorkerJob.hxx"

#include <string>

namespace osprey {

class EventChannel;

/// Removes, forcibly and with their anonymous volumes, every container
/// labelled osprey.managed=true, or only @p job_id's when it is not empty.
/// Each removal is a Removed event; a failure is one Failed event. Returns
/// Succeeded, or Engine when the engine could not list or remove them.
WorkerExit RemoveLeftoverContainers(const std::string &engine_socket, const std::string &job_id,
				    EventChannel &events) noexcept;

} // namespace osprey
