#include "Loop.hxx"
#include "Error.hxx"

#include <cstdio>

namespace osprey::uv {

Loop::Loop()
	: loop(new uv_loop_t)
{
	if (const int err = uv_loop_init(loop); err < 0) {
		delete loop;
		throw MakeError(err, "initialising the event loop");
	}
}

Loop::~Loop() noexcept
{
	if (loop == nullptr)
		return;

	// Let close callbacks of handles closed just before run.
	uv_run(loop, UV_RUN_NOWAIT);
	if (uv_loop_close(loop) == 0) {
		delete loop;
		return;
	}

	try {
		for (const auto &line : AliveHandles())
			std::fprintf(stderr, "osprey: libuv handle still alive at loop close: %s\n",
				     line.c_str());
	} catch (...) {
	}
	// Deliberately leaked: freeing it would leave the handles pointing at garbage.
}

std::vector<std::string>
Loop::AliveHandles() const
{
	std::vector<std::string> result;
	uv_walk(
		loop,
		[](uv_handle_t *handle, void *arg) noexcept {
			auto &out = *static_cast<std::vector<std::string> *>(arg);
			try {
				std::string line = uv_handle_type_name(handle->type);
				if (uv_is_closing(handle))
					line += " (closing)";
				else if (uv_is_active(handle))
					line += " (active)";
				out.push_back(std::move(line));
			} catch (...) {
			}
		},
		&result);
	return result;
}

} // namespace osprey::uv
