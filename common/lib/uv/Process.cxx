#include "Process.hxx"
#include "Loop.hxx"

namespace osprey::uv {

Process::Process(Loop &loop, Listener &_listener, const Options &options)
	: Handle(_listener)
{
	std::vector<char *> argv;
	for (const auto &a : options.args)
		argv.push_back(const_cast<char *>(a.c_str()));
	argv.push_back(nullptr);

	std::vector<uv_stdio_container_t> stdio(options.fds.size());
	for (std::size_t i = 0; i < options.fds.size(); ++i) {
		if (options.fds[i] < 0) {
			stdio[i].flags = UV_IGNORE; // /dev/null
		} else {
			stdio[i].flags = UV_INHERIT_FD;
			stdio[i].data.fd = options.fds[i];
		}
	}

	uv_process_options_t o{};
	o.exit_cb = OnExitCallback;
	o.file = options.file.c_str();
	o.args = argv.data();
	o.stdio_count = static_cast<int>(stdio.size());
	o.stdio = stdio.data();

	PointAtOwner();
	if (const int err = uv_spawn(loop.Get(), handle, &o); err < 0) {
		/* a failed uv_spawn() still initialised the handle: it must be closed */
		Close();
		throw MakeError(err, "starting " + options.file);
	}
	pid = handle->pid;
}

bool
Process::Kill(int signal) noexcept
{
	return handle != nullptr && uv_process_kill(handle, signal) == 0;
}

void
Process::OnExitCallback(uv_process_t *handle, std::int64_t exit_status, int term_signal) noexcept
{
	if (auto *self = OwnerOf(handle))
		self->listener->OnProcessExit(*self, exit_status, term_signal);
}

} // namespace osprey::uv
