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

/// Why @p source may not be mounted, or nullopt if it may. Checked on the
/// resolved path (symlinks, "..", repeated slashes): "/", "/root", the
/// container engine's socket (@p engine_socket and /var/run/docker.sock), and
/// "/etc" with everything under it.
std::optional<std::string> BlockedMountReason(std::string_view source,
					      std::string_view engine_socket = {});

} // namespace osprey
