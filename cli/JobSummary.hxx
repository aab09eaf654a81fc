// A job record in words, for jobs, show and logs.
#pragma once

#include "job/JobRecord.hxx"

#include <string>

namespace osprey::cli {

/// "1m05s"-style time the job ran: started to finished, or to now while it
/// runs; "-" when it never started.
std::string JobRunTime(const JobRecord &r);

/// "job <id> failed after 2m: <reason>": how a job ended (or where it is).
std::string JobEnding(const JobRecord &r);

} // namespace osprey::cli
