// Owns one uv_fs_event_t: changes in a directory (inotify on Linux),
// delivered as loop callbacks, so that nothing has to stat() a file on every
// request to learn that it changed.
#pragma once

#include "Handle.hxx"

#include <string>

namespace osprey::uv {

class Loop;
class FsEvent;

class FsEventListener {
public:
	/// @p name: the entry of the watched directory that changed (may be
	/// null when the system cannot tell); @p status < 0: the watch failed.
	virtual void OnFsEvent(FsEvent &event, const char *name, int status) noexcept = 0;

protected:
	~FsEventListener() = default;
};

class FsEvent final : public detail::Handle<uv_fs_event_t, FsEvent, FsEventListener> {
public:
	using Listener = FsEventListener;

	FsEvent() noexcept = default;
	/// Throws std::system_error when uv_fs_event_init() fails.
	FsEvent(Loop &loop, Listener &listener);
	FsEvent(FsEvent &&) noexcept = default;
	FsEvent &operator=(FsEvent &&) noexcept = default;

	/// Watches the directory @p path. Throws std::system_error (no such
	/// directory, no inotify watches left).
	void Start(const std::string &path);

private:
	static void OnEvent(uv_fs_event_t *handle, const char *name, int events, int status) noexcept;
};

} // namespace osprey::uv
