// What the dashboard's background threads know, handed to the UI thread under
// one mutex. The UI never waits for the disk or the daemon: it draws whatever
// is here, and the threads wake it through a pipe when something changed.
#pragma once

#include "config/Configuration.hxx"
#include "job/JobRecord.hxx"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace osprey::dashboard {

enum class DaemonLink {
	/** not yet asked */
	Connecting,
	/** watching: job changes are pushed as they happen */
	Live,
	/** no socket, or nobody answers on it */
	Down,
	/** connected, but the subscription was not answered in time */
	Slow,
};

struct Shared {
	/* recursive: a view holds it while Header() and Footer() read it too */
	std::recursive_mutex mutex;

	/** the pipeline directories' names, sorted: listed long before the
	    pipelines themselves are loaded, for the first screen */
	std::vector<std::string> pipeline_names;
	bool config_loaded = false;
	/** until config_loaded, only the first pipelines, loaded ahead */
	Configuration config;

	/** the job records by id (ids sort by time) */
	bool jobs_loaded = false;
	std::map<std::string, JobRecord> jobs;

	DaemonLink daemon = DaemonLink::Connecting;
	std::string daemon_detail;

	/** the job the one-job view follows, its record and the tail of its output.log */
	std::string follow;
	std::string follow_log;

	/** the last decision's outcome, for the status line */
	std::string notice;

	/** the write end of the UI's wake-up pipe */
	int wake_fd = -1;

	/// Tells the UI thread to redraw. Safe from any thread.
	void Wake() noexcept;
};

} // namespace osprey::dashboard
