// Owns one uv_work_t: a blocking function run on libuv's thread pool, then a
// completion on the loop's thread (uv_queue_work). For what must not block
// the loop and has no asynchronous API, such as getpwuid_r (NSS may ask LDAP).
//
// Like the handles (Handle.hxx), the request is allocated apart from its
// owner: Cancel() (or destroying the Work) detaches it, and the completion is
// then never called. The function itself may already be running and then
// runs to its end on the pool, so it must own everything it touches (capture
// by value or shared_ptr, never the owner). libuv cannot interrupt it: a
// loop with a running Work keeps running until the function returns.
#pragma once

#include <uv.h>

#include <exception>
#include <functional>

namespace osprey::uv {

class Loop;

class Work {
	struct Request;
	Request *request = nullptr;

public:
	Work() noexcept = default;
	~Work() noexcept { Cancel(); }
	Work(const Work &) = delete;
	Work &operator=(const Work &) = delete;

	/// Runs @p function on the pool, then @p done on @p loop's thread
	/// (unless cancelled). Neither may throw (what they throw is dropped).
	/// @p done may destroy this Work. Cancels a Work still pending. Throws
	/// std::system_error when libuv refuses, std::bad_alloc.
	void Queue(Loop &loop, std::function<void()> function, std::function<void()> done);

	/// Whether a completion is still to come.
	bool IsPending() const noexcept { return request != nullptr; }

	/// The completion will not be called. Loop thread only; idempotent.
	void Cancel() noexcept;

private:
	static void OnWork(uv_work_t *req) noexcept;
	static void OnDone(uv_work_t *req, int status) noexcept;
};

/// Fire and forget: runs @p work on the pool, then @p done on the loop's
/// thread with what @p work threw (or null). Nothing can cancel it: @p done
/// must not outlive what it captures. An owner that lives until Loop::Run()
/// returns is safe, since the request keeps the loop running. Throws
/// std::system_error when libuv refuses.
void QueueWork(Loop &loop, std::function<void()> work,
	       std::function<void(std::exception_ptr error)> done);

} // namespace osprey::uv
