#include "ContainerSpec.hxx"
#include "lib/cjson/Build.hxx"
#include "lib/cjson/Tree.hxx"
#include "util/Text.hxx"

#include <stdexcept>

namespace osprey {

[[noreturn]] static void
Invalid(const std::string &message)
{
	throw std::invalid_argument("invalid container spec: " + message);
}

static bool
IsRootUser(std::string_view user) noexcept
{
	const std::string_view name = user.substr(0, user.find(':'));
	return name == "0" || name == "root";
}

static void
CheckPath(std::string_view what, const std::string &path)
{
	if (path.empty() || path.front() != '/')
		Invalid(std::string(what) + " " + Quote(path) + " is not an absolute path");
	/* the engine splits "source:target:mode" at every ':' */
	if (path.find(':') != std::string::npos)
		Invalid(std::string(what) + " " + Quote(path) + " contains ':'");
}

static void
Check(const ContainerSpec &spec)
{
	if (spec.image.empty())
		Invalid("no image");
	if (spec.user.empty())
		Invalid("no user (containers never run as root)");
	if (IsRootUser(spec.user))
		Invalid("user " + Quote(spec.user) + " is root");
	for (const auto &bind : spec.binds) {
		CheckPath("bind source", bind.source);
		CheckPath("bind target", bind.target);
	}
	for (const auto &[path, options] : spec.tmpfs)
		CheckPath("tmpfs path", path);
	for (const auto &ulimit : spec.ulimits)
		if (ulimit.soft < 0 || ulimit.hard < 0)
			Invalid("ulimit " + ulimit.name + " is negative");
		else if (ulimit.soft > ulimit.hard)
			Invalid("ulimit " + ulimit.name + ": soft limit " +
				std::to_string(ulimit.soft) + " above hard limit " +
				std::to_string(ulimit.hard));
	for (const auto &entry : spec.env)
		if (entry.find('=') == std::string::npos)
			Invalid("environment entry " + Quote(entry) + " is not KEY=value");
}

std::string
FormatBind(const BindMount &bind)
{
	return bind.source + ":" + bind.target + (bind.read_only ? ":ro" : ":rw");
}

static void
AddStrings(cJSON &object, const char *key, const std::vector<std::string> &values)
{
	cJSON &array = AddArray(object, key);
	for (const auto &value : values)
		AppendString(array, value);
}

static void
AddHostConfig(cJSON &root, const ContainerSpec &spec)
{
	cJSON &host = AddObject(root, "HostConfig");

	cJSON &binds = AddArray(host, "Binds");
	for (const auto &bind : spec.binds)
		AppendString(binds, FormatBind(bind));

	if (!spec.tmpfs.empty()) {
		cJSON &tmpfs = AddObject(host, "Tmpfs");
		for (const auto &[path, options] : spec.tmpfs)
			AddString(tmpfs, path.c_str(), options);
	}

	AddString(host, "NetworkMode", spec.network_mode);
	AddBool(host, "ReadonlyRootfs", spec.read_only_rootfs);
	if (spec.memory_bytes > 0)
		AddInteger(host, "Memory", spec.memory_bytes);
	if (spec.nano_cpus > 0)
		AddInteger(host, "NanoCpus", spec.nano_cpus);
	if (spec.pids_limit > 0)
		AddInteger(host, "PidsLimit", spec.pids_limit);

	cJSON &ulimits = AddArray(host, "Ulimits");
	for (const auto &ulimit : spec.ulimits) {
		cJSON &entry = AppendObject(ulimits);
		AddString(entry, "Name", ulimit.name);
		AddInteger(entry, "Soft", ulimit.soft);
		AddInteger(entry, "Hard", ulimit.hard);
	}

	if (spec.drop_all_capabilities)
		AddStrings(host, "CapDrop", {"ALL"});
	if (spec.no_new_privileges)
		AddStrings(host, "SecurityOpt", {"no-new-privileges"});
}

std::string
MakeCreateBody(const ContainerSpec &spec)
{
	Check(spec);

	JsonTree tree = JsonTree::NewObject();
	cJSON &root = *tree.Get();
	AddString(root, "Image", spec.image);
	if (!spec.cmd.empty())
		AddStrings(root, "Cmd", spec.cmd);
	AddStrings(root, "Env", spec.env);
	AddString(root, "User", spec.user);
	if (!spec.working_dir.empty())
		AddString(root, "WorkingDir", spec.working_dir);

	cJSON &labels = AddObject(root, "Labels");
	for (const auto &[key, value] : spec.labels)
		AddString(labels, key.c_str(), value);

	AddBool(root, "Tty", spec.tty);
	AddBool(root, "OpenStdin", false);
	AddBool(root, "AttachStdin", false);
	AddBool(root, "AttachStdout", true);
	AddBool(root, "AttachStderr", true);

	AddHostConfig(root, spec);
	return tree.Print();
}

} // namespace osprey
