// The pipelines the daemon serves: loaded at start (and on SIGHUP) from the
// Osprey home, looked up by webhook path, and re-resolved whenever the
// pipeline's .env changes, so secret edits apply without a restart while
// pipeline.yaml itself is the snapshot taken at load. Once Watch()ed, a
// change is learnt from the kernel (inotify), not from a stat() per request.
#pragma once

#include "config/Configuration.hxx"
#include "lib/uv/FsEvent.hxx"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace osprey::daemon {

class PipelineSet {
	struct Entry final : uv::FsEvent::Listener {
		std::string text; // pipeline.yaml as loaded
		Pipeline pipeline;
		/* the .env as last read: a change means re-resolving */
		ino_t env_inode = 0;
		off_t env_size = -1;
		std::int64_t env_mtime_ns = -1;
		/* the .env changed and the pipeline no longer resolves against it */
		bool broken = false;
		/* the pipeline's directory is watched: stat() its .env only
		   after the kernel said something there changed */
		uv::FsEvent watch;
		bool maybe_changed = true;

		Entry(std::string t, Pipeline p) : text(std::move(t)), pipeline(std::move(p)) {}
		void OnFsEvent(uv::FsEvent &, const char *name, int status) noexcept override;
	};

	const Home *home;
	GlobalConfig global;
	std::map<std::string, Entry, std::less<>> entries; // enabled pipelines
	std::map<std::string, std::string, std::less<>> paths; // webhook path -> name
	std::vector<std::string> skipped; // disabled

public:
	/// Loads config.yaml and every pipeline. Throws ConfigError with every
	/// error (doctor's messages) if anything is wrong.
	explicit PipelineSet(const Home &home);
	PipelineSet(PipelineSet &&) noexcept = default;
	PipelineSet &operator=(PipelineSet &&) noexcept = default;

	const GlobalConfig &Global() const noexcept { return global; }

	/// From now on, learn of .env changes from the kernel. A directory that
	/// cannot be watched (no inotify watches left) is stat()ed as before.
	void Watch(uv::Loop &loop) noexcept;
	/// Stops watching, so the loop can end.
	void Unwatch() noexcept;

	/// The enabled pipeline on webhook @p path, or "".
	std::string_view NameForPath(std::string_view path) const noexcept;

	/// The pipeline as it applies now: re-resolved if its .env changed
	/// since the last call. Throws ConfigError if the pipeline no longer
	/// resolves (e.g. a ${VAR} went missing), std::out_of_range if unknown.
	const Pipeline &Current(std::string_view name);

	/// The pipeline as the last Current() found it, without looking at the
	/// .env again (Current() itself when that call threw). For a webhook
	/// request whose head already went through Current(): the answer is then
	/// the one it would have had at that moment, a stat() cheaper.
	const Pipeline &Validated(std::string_view name);

	/// Enabled pipelines, by name.
	std::vector<const Pipeline *> All() const;
	const std::vector<std::string> &Disabled() const noexcept { return skipped; }

private:
	static void Stamp(const std::string &path, Entry &entry) noexcept;
};

} // namespace osprey::daemon
