// Keeping one rendering within its Limits: steps, time, output and built
// strings. The errors name the limit, not a position: a template that is
// fine for a small payload stops only for a big one.
#include "Exec.hxx"

#include <time.h>

#include <limits>

namespace osprey::tmpl {

static constexpr std::uint64_t clock_interval = 256;

static std::string
FormatBytes(std::size_t n)
{
	constexpr std::size_t kib = 1024, mib = kib * kib;
	if (n >= mib && n % mib == 0)
		return std::to_string(n / mib) + " MiB";
	if (n >= kib && n % kib == 0)
		return std::to_string(n / kib) + " KiB";
	return std::to_string(n) + (n == 1 ? " byte" : " bytes");
}

static std::string
FormatDuration(std::chrono::milliseconds d)
{
	const auto ms = d.count();
	if (ms >= 1000 && ms % 1000 == 0)
		return std::to_string(ms / 1000) + " s";
	return std::to_string(ms) + " ms";
}

/// CPU time of this thread: what a rendering costs, whatever the load.
static std::uint64_t
ThreadCpuNs() noexcept
{
	timespec ts{};
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return std::uint64_t(ts.tv_sec) * 1'000'000'000u + std::uint64_t(ts.tv_nsec);
}

static constexpr const char *too_large = " (a loop or recursion too large for its payload)";

void
Exec::StartLimits()
{
	const std::size_t base = out_.size();
	const std::size_t max = std::numeric_limits<std::size_t>::max();
	output_end_ = limits_.output_bytes > max - base ? max : base + limits_.output_bytes;
	next_check_ = 0; // the first Step() sets the real mark
}

void
Exec::CheckSteps()
{
	if (steps_ > limits_.steps)
		throw LimitError("rendering stopped after " + std::to_string(limits_.steps) + " steps" +
				 too_large);
	// The clock starts after the first interval: a short rendering never
	// reads it.
	if (limits_.time.count() > 0 && steps_ > 1) {
		const std::uint64_t now = ThreadCpuNs();
		if (deadline_ns_ == 0)
			deadline_ns_ = now + std::uint64_t(limits_.time.count()) * 1'000'000u;
		else if (now >= deadline_ns_)
			throw LimitError("rendering stopped after " + FormatDuration(limits_.time) +
					 too_large);
	}
	// The next check: at the step limit or the next clock reading.
	const std::uint64_t past_limit = limits_.steps == std::numeric_limits<std::uint64_t>::max()
		? limits_.steps : limits_.steps + 1;
	next_check_ = std::min(steps_ + clock_interval, past_limit);
}

void
Exec::OutputFull() const
{
	throw LimitError("rendering stopped at " + FormatBytes(limits_.output_bytes));
}

void
Exec::Emit(std::string_view s)
{
	if (s.size() > output_end_ - out_.size())
		OutputFull();
	out_ += s;
}

void
Exec::CheckOutput()
{
	if (out_.size() <= output_end_)
		return;
	out_.resize(output_end_);
	OutputFull();
}

std::string_view
Exec::Intern(std::string &&s)
{
	if (s.size() > limits_.output_bytes)
		OutputFull();
	if (s.size() > limits_.built_bytes - std::min(built_, limits_.built_bytes))
		throw LimitError("rendering stopped at " + FormatBytes(limits_.built_bytes) +
				 " of built strings" + too_large);
	built_ += s.size();
	return strings_.emplace_front(std::move(s));
}

} // namespace osprey::tmpl
