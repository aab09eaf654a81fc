// Who decides a job through the management socket: the user of the process
// at the other end, from the socket's credentials, never from the request.
#pragma once

#include <string>
#include <sys/types.h>

namespace osprey::daemon {

struct Decider {
	uid_t uid = 0;
	/** the login name; empty when the uid has none */
	std::string name;

	/// What a job records as decided_by: "alice (uid 1000) from the
	/// command line", or "uid 1000 from the command line" without a name.
	std::string Describe() const;
};

/// The login name of @p uid ("" when none). Blocks (NSS may ask a
/// directory server): call it off the loop, e.g. in a uv::Work.
std::string UserNameOf(uid_t uid);

} // namespace osprey::daemon
