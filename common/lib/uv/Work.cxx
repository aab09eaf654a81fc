#include "Work.hxx"
#include "Error.hxx"
#include "Loop.hxx"

#include <memory>
#include <utility>

namespace osprey::uv {

struct Work::Request {
	uv_work_t req;
	std::function<void()> function, done;
	/** null once the owner cancelled: only the loop's thread reads or
	    writes it (Cancel() and OnDone()), never the pool's */
	Work *owner;
};

void
Work::Queue(Loop &loop, std::function<void()> function, std::function<void()> done)
{
	Cancel();
	auto r = std::make_unique<Request>();
	r->function = std::move(function);
	r->done = std::move(done);
	r->owner = this;
	r->req.data = r.get();
	if (const int err = uv_queue_work(loop.Get(), &r->req, OnWork, OnDone); err < 0)
		throw MakeError(err, "queueing work on the thread pool");
	request = r.release(); // OnDone frees it
}

void
Work::Cancel() noexcept
{
	if (request == nullptr)
		return;
	request->owner = nullptr;
	// Fails harmlessly when the function already runs; OnDone frees the
	// request either way (with UV_ECANCELED when this succeeded).
	uv_cancel(reinterpret_cast<uv_req_t *>(&request->req));
	request = nullptr;
}

void
Work::OnWork(uv_work_t *req) noexcept
{
	auto &r = *static_cast<Request *>(req->data);
	try {
		r.function();
	} catch (...) {
	}
}

void
Work::OnDone(uv_work_t *req, int) noexcept
{
	std::unique_ptr<Request> r(static_cast<Request *>(req->data));
	if (r->owner == nullptr)
		return;
	r->owner->request = nullptr;
	// done may destroy the owner (and this Work): nothing of either is
	// touched after it.
	const auto done = std::move(r->done);
	r.reset();
	try {
		done();
	} catch (...) {
	}
}

void
QueueWork(Loop &loop, std::function<void()> work, std::function<void(std::exception_ptr)> done)
{
	auto owned = std::make_unique<Work>();
	auto *w = owned.get();
	auto error = std::make_shared<std::exception_ptr>();
	w->Queue(loop, [work = std::move(work), error] {
		try {
			work();
		} catch (...) {
			*error = std::current_exception();
		}
	}, [w, error, done = std::move(done)] {
		/* the Work goes with this completion, which it allows */
		const std::unique_ptr<Work> self(w);
		done(*error);
	});
	owned.release();
}

} // namespace osprey::uv
