// agent.volumes entries: "source:target[:ro|rw]".
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace osprey {

struct VolumeSpec {
	/** absolute host path, "~" expanded and normalised (symlinks not resolved) */
	std::string source;
	std::string target;
	bool read_only = true;

	/// "source:target:ro" as handed to the engine's Binds.
	std::string ToBind() const;
};

/// Parses "source:target[:ro|rw]"; "~" in the source is @p home_dir. Throws
/// std::invalid_argument saying what was expected.
VolumeSpec ParseVolume(std::string_view spec, const std::string &home_dir);

/// The host paths BlockedMountReason() needs that vary per installation;
/// an empty one is not checked.
struct HostPaths {
	/** container.socket: the socket itself and its whole directory */
	std::string engine_socket;
	/** OSPREY_HOME: its .env files hold secrets, osprey.sock controls the daemon */
	std::string osprey_home;
	/** the user's home: a rootless engine keeps its storage under it */
	std::string user_home;
};

/// Why @p source may not be mounted, or nullopt if it may; the reason reads
/// "\"/proc/self\" (which is \"/proc/42\") is blocked: it is inside \"/proc\",
/// which exposes the host's processes". Checked on the resolved path
/// (symlinks, "..", repeated slashes). Blocked: "/" and "/root" themselves;
/// "/etc", "/proc", "/sys", "/dev", "/run", "/var/run", "/boot", the
/// engine's storage and socket directory, and OSPREY_HOME with everything
/// under them; the engine's socket; and any directory that contains one of
/// these, since a bind mount exposes everything below its source.
std::optional<std::string> BlockedMountReason(std::string_view source,
					      const HostPaths &host = {});

} // namespace osprey
