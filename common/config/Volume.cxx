#include "Volume.hxx"
#include "Path.hxx"
#include "util/Text.hxx"

#include <stdexcept>

namespace osprey {

std::string
VolumeSpec::ToBind() const
{
	return source + ":" + target + (read_only ? ":ro" : ":rw");
}

VolumeSpec
ParseVolume(std::string_view spec, const std::string &home_dir)
{
	const auto parts = Split(spec, ':');
	if (parts.size() < 2 || parts.size() > 3 || parts[0].empty() || parts[1].empty())
		throw std::invalid_argument("expected \"source:target\" or \"source:target:ro|rw\", got " +
					    Quote(spec));

	VolumeSpec v;
	const auto source = ExpandHome(parts[0], home_dir);
	if (!source.starts_with('/'))
		throw std::invalid_argument("the source " + Quote(parts[0]) +
					    " must be an absolute path or start with ~/");
	if (!parts[1].starts_with('/'))
		throw std::invalid_argument("the target " + Quote(parts[1]) +
					    " must be an absolute path inside the container");
	/* the engine's bind syntax has no escaping: ',' would split the options */
	if (spec.find(',') != std::string_view::npos)
		throw std::invalid_argument("paths must not contain \",\": " + Quote(spec));
	v.source = NormalizePath(source);
	v.target = NormalizePath(parts[1]);
	if (parts.size() == 3) {
		if (parts[2] == "rw")
			v.read_only = false;
		else if (parts[2] != "ro")
			throw std::invalid_argument("the mode " + Quote(parts[2]) +
						    " must be \"ro\" or \"rw\"");
	}
	return v;
}

std::optional<std::string>
BlockedMountReason(std::string_view source, std::string_view engine_socket)
{
	const auto real = ResolvePath(source);
	const auto shown = real == NormalizePath(source) ? Quote(real)
		: Quote(source) + " (which is " + Quote(real) + ")";

	if (real == "/")
		return "mounting " + shown + " would give the agent the whole host";
	if (real == "/root")
		return "mounting " + shown + " would give the agent root's home directory";
	if (real == "/etc" || real.starts_with("/etc/"))
		return "mounting " + shown + " would expose the host's system configuration";
	for (const auto socket : {std::string_view("/var/run/docker.sock"), engine_socket})
		if (!socket.empty() && real == ResolvePath(socket))
			return "mounting " + shown + " would give the agent control of the container engine";
	return std::nullopt;
}

} // namespace osprey
