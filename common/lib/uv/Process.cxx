#include "Process.hxx"
#include "Error.hxx"
#include "HandleClose.hxx"
#include "Loop.hxx"

#include <utility>

namespace osprey::uv {

Process::Process(Loop &loop, Listener &_listener, const Options &options)
	: handle(new uv_process_t), listener(&_listener)
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

	handle->data = this;
	if (const int err = uv_spawn(loop.Get(), handle, &o); err < 0) {
		/* a failed uv_spawn() still initialised the handle: it must be closed */
		detail::CloseAndFree(std::exchange(handle, nullptr));
		throw MakeError(err, "starting " + options.file);
	}
	pid = handle->pid;
}

Process::Process(Process &&other) noexcept
	: handle(std::exchange(other.handle, nullptr)),
	  listener(std::exchange(other.listener, nullptr)), pid(std::exchange(other.pid, 0))
{
	if (handle != nullptr)
		handle->data = this;
}

Process &
Process::operator=(Process &&other) noexcept
{
	if (this != &other) {
		Close();
		handle = std::exchange(other.handle, nullptr);
		listener = std::exchange(other.listener, nullptr);
		pid = std::exchange(other.pid, 0);
		if (handle != nullptr)
			handle->data = this;
	}
	return *this;
}

bool
Process::Kill(int signal) noexcept
{
	return handle != nullptr && uv_process_kill(handle, signal) == 0;
}

void
Process::Close() noexcept
{
	detail::CloseAndFree(std::exchange(handle, nullptr));
}

void
Process::OnExitCallback(uv_process_t *handle, std::int64_t exit_status, int term_signal) noexcept
{
	if (auto *self = static_cast<Process *>(handle->data))
		self->listener->OnProcessExit(*self, exit_status, term_signal);
}

} // namespace osprey::uv
