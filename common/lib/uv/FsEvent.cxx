#include "FsEvent.hxx"
#include "Loop.hxx"

namespace osprey::uv {

FsEvent::FsEvent(Loop &loop, Listener &_listener)
	: Handle(_listener)
{
	Initialised(uv_fs_event_init(loop.Get(), handle), "creating a file system watch");
}

void
FsEvent::Start(const std::string &path)
{
	if (const int err = uv_fs_event_start(handle, OnEvent, path.c_str(), 0); err < 0)
		throw MakeError(err, "watching " + path);
}

void
FsEvent::OnEvent(uv_fs_event_t *handle, const char *name, int, int status) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->listener->OnFsEvent(*self, name, status);
}

} // namespace osprey::uv
