#include "Volume.hxx"
#include "Path.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <stdexcept>
#include <vector>

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

namespace {

/* One blocked host path: what it is, as the end of "it ..." / "which ...". */
struct BlockedPath {
	std::string path;
	/** everything under it is blocked too; else only the path itself */
	bool whole;
	std::string_view what;
};

} // namespace

static constexpr std::string_view engine_storage = "is the container engine's storage";
static constexpr std::string_view runtime_state = "holds the host's service sockets and runtime state";

static std::vector<BlockedPath>
BlockedPaths(const HostPaths &host)
{
	std::vector<BlockedPath> list;
	/* the most specific first: the first match gives the reason */
	for (const auto socket : {std::string_view("/var/run/docker.sock"),
				  std::string_view(host.engine_socket)})
		if (!socket.empty())
			list.push_back({ResolvePath(socket), false,
				"is the container engine's socket, and the engine is root on the host"});
	if (!host.engine_socket.empty()) {
		const auto socket = NormalizePath(host.engine_socket);
		list.push_back({ResolvePath(socket.substr(0, std::max<std::size_t>(socket.rfind('/'), 1))),
				true, "holds the container engine's socket"});
	}
	if (!host.osprey_home.empty())
		list.push_back({ResolvePath(host.osprey_home), true,
			"is Osprey's home: its .env files hold secrets and osprey.sock controls the daemon"});
	if (!host.user_home.empty())
		list.push_back({ResolvePath(host.user_home + "/.local/share/containers"), true,
				engine_storage});
	list.push_back({ResolvePath("/var/lib/docker"), true, engine_storage});
	list.push_back({ResolvePath("/var/lib/containers"), true, engine_storage});
	list.push_back({"/proc", true, "exposes the host's processes"});
	list.push_back({"/sys", true, "exposes the host's kernel and hardware settings"});
	list.push_back({"/dev", true, "exposes the host's devices"});
	list.push_back({ResolvePath("/var/run"), true, runtime_state});
	list.push_back({ResolvePath("/run"), true, runtime_state});
	list.push_back({"/boot", true, "holds the host's kernel and boot loader"});
	list.push_back({ResolvePath("/etc"), true, "holds the host's system configuration"});
	list.push_back({"/root", false, "is root's home directory"});
	list.push_back({"/", false, "is the whole host"});
	return list;
}

/* "/a/b" is below "/a"; nothing is below "/" here: it is never blocked whole */
static bool
IsBelow(std::string_view path, std::string_view dir) noexcept
{
	return dir != "/" && path.size() > dir.size() && path.starts_with(dir) &&
		path[dir.size()] == '/';
}

std::optional<std::string>
BlockedMountReason(std::string_view source, const HostPaths &host)
{
	const auto real = ResolvePath(source);
	const auto shown = (real == NormalizePath(source) ? Quote(real)
			    : Quote(source) + " (which is " + Quote(real) + ")") + " is blocked: ";
	const auto blocked = BlockedPaths(host);

	for (const auto &b : blocked)
		if (real == b.path)
			return shown + "it " + std::string(b.what);
	for (const auto &b : blocked)
		if (b.whole && IsBelow(real, b.path))
			return shown + "it is inside " + Quote(b.path) + ", which " + std::string(b.what);
	/* a bind mount shows everything below its source */
	for (const auto &b : blocked)
		if (IsBelow(b.path, real))
			return shown + "it contains " + Quote(b.path) + ", which " + std::string(b.what);
	return std::nullopt;
}

} // namespace osprey
