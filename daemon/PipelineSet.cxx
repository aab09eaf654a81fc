#include "PipelineSet.hxx"
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"
#include "util/File.hxx"

#include <sys/stat.h>

namespace osprey::daemon {

static constexpr LoadOptions daemon_options{.redact = false, .lint = false};

PipelineSet::PipelineSet(const Home &_home)
	: home(&_home)
{
	auto config = LoadConfiguration(_home, daemon_options);
	if (config.diagnostics.HasErrors())
		throw ConfigError(std::move(config.diagnostics));
	global = std::move(config.global);

	for (auto &p : config.pipelines) {
		if (p.disabled) {
			skipped.push_back(p.name);
			continue;
		}
		const auto name = p.name;
		auto &entry = entries.try_emplace(name, ReadFile(_home.PipelineFile(name)),
						  std::move(p)).first->second;
		Stamp(_home.PipelineDotEnv(name), entry);
		if (entry.pipeline.trigger.type == TriggerType::Webhook)
			paths.emplace(entry.pipeline.trigger.path, name);
	}
}

void
PipelineSet::Stamp(const std::string &path, Entry &entry) noexcept
{
	struct stat st;
	if (::stat(path.c_str(), &st) == 0) {
		entry.env_inode = st.st_ino;
		entry.env_size = st.st_size;
		entry.env_mtime_ns = std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
	} else {
		entry.env_inode = 0;
		entry.env_size = -1;
		entry.env_mtime_ns = -1;
	}
}

void
PipelineSet::Entry::OnFsEvent(uv::FsEvent &, const char *name, int status) noexcept
{
	/* no name, or an error: assume the worst and look */
	if (status < 0 || name == nullptr || std::string_view(name) == ".env")
		maybe_changed = true;
}

void
PipelineSet::Watch(uv::Loop &loop) noexcept
{
	for (auto &[name, entry] : entries) {
		try {
			entry.watch = uv::FsEvent(loop, entry);
			entry.watch.Start(home->PipelineDir(name));
			/* a change between the load and now is looked at once */
			entry.maybe_changed = true;
		} catch (const std::exception &) {
			entry.watch.Close();
			entry.maybe_changed = true;
		}
	}
}

void
PipelineSet::Unwatch() noexcept
{
	for (auto &[name, entry] : entries)
		entry.watch.Close();
}

std::string_view
PipelineSet::NameForPath(std::string_view path) const noexcept
{
	const auto i = paths.find(path);
	return i == paths.end() ? std::string_view() : std::string_view(i->second);
}

const Pipeline &
PipelineSet::Current(std::string_view name)
{
	const auto i = entries.find(name);
	if (i == entries.end())
		throw std::out_of_range("no pipeline " + std::string(name));
	auto &entry = i->second;

	/* called for every webhook request: nothing at all while the kernel
	   reports no change; else one stat(), nothing built */
	if (entry.watch.IsDefined() && !entry.maybe_changed && !entry.broken)
		return entry.pipeline;
	entry.maybe_changed = false;
	const auto dotenv_path = home->PipelineDotEnv(name);
	struct stat st;
	const bool exists = ::stat(dotenv_path.c_str(), &st) == 0;
	const ino_t inode = exists ? st.st_ino : 0;
	const off_t size = exists ? st.st_size : -1;
	const std::int64_t mtime_ns = exists
		? std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec : -1;
	if (inode == entry.env_inode && size == entry.env_size && mtime_ns == entry.env_mtime_ns)
		return entry.pipeline;
	entry.broken = true; // until it resolves again

	/* the .env changed: resolve the loaded pipeline.yaml against it */
	Diagnostics diagnostics;
	DotEnvMap dotenv;
	try {
		dotenv = ToMap(LoadDotEnv(dotenv_path, home->Display(dotenv_path)));
	} catch (const std::exception &e) {
		diagnostics.Error(home->Display(dotenv_path), {}, "", e.what());
		throw ConfigError(std::move(diagnostics));
	}
	const Environment env(&dotenv);
	const PipelineLocation where{std::string(name), home->PipelineDir(name),
				     home->Display(home->PipelineFile(name)), home->Root()};
	auto pipeline = ParsePipeline(entry.text, where, global, env, home->UserHome(), diagnostics);
	if (!pipeline)
		throw ConfigError(std::move(diagnostics));
	/* the path was registered at load; requests cannot move to another one,
	   and the old one must not keep working when it was meant to be retired
	   (a path holding a token): refuse until a reload registers the new one */
	if (pipeline->trigger.path != entry.pipeline.trigger.path) {
		diagnostics.Error(where.display, pipeline->trigger.mark, "trigger.path",
				  "now resolves to another path than the one the daemon registered "
				  "at start; reload the daemon (SIGHUP) to serve the new one");
		throw ConfigError(std::move(diagnostics));
	}
	entry.pipeline = std::move(*pipeline);
	entry.env_inode = inode;
	entry.env_size = size;
	entry.env_mtime_ns = mtime_ns;
	entry.broken = false;
	return entry.pipeline;
}

const Pipeline &
PipelineSet::Validated(std::string_view name)
{
	const auto i = entries.find(name);
	if (i == entries.end() || i->second.broken)
		return Current(name);
	return i->second.pipeline;
}

std::vector<const Pipeline *>
PipelineSet::All() const
{
	std::vector<const Pipeline *> all;
	for (const auto &[name, entry] : entries)
		all.push_back(&entry.pipeline);
	return all;
}

} // namespace osprey::daemon
