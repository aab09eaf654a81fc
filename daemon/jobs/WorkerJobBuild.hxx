// From a pipeline and a recorded job to the WorkerJob an osprey-worker gets:
// the container's settings, the runtime's credentials and the rendered
// workspace. Pure.
#pragma once

#include "job/JobRecord.hxx"
#include "job/WorkerJob.hxx"
#include "store/RenderedJob.hxx"

#include <string>

namespace osprey {
class Home;
struct Pipeline;
}

namespace osprey::daemon {

/// @p daemon_id labels the container (see WorkerJob::daemon_id).
WorkerJob BuildWorkerJob(const JobRecord &record, const RenderedFields &rendered,
			 const Pipeline &pipeline, const GlobalConfig &global, const Home &home,
			 const std::string &daemon_id);

} // namespace osprey::daemon
