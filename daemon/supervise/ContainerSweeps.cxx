#include "ContainerSweeps.hxx"
#include "WorkerProcess.hxx"
#include "lib/uv/Timer.hxx"
#include "log/Log.hxx"
#include "time/Duration.hxx"
#include "util/Error.hxx"

#include <algorithm>

namespace osprey::daemon {

struct ContainerSweeps::Sweep final : WorkerProcess::Listener, uv::Timer::Listener {
	ContainerSweeps &owner;
	std::list<std::unique_ptr<Sweep>>::iterator self;
	const std::vector<std::string> args;
	const std::string job; // empty: all of Osprey's containers
	std::function<void()> on_gone;
	std::string failure;
	unsigned failures = 0;
	std::unique_ptr<WorkerProcess> process;
	uv::Timer retry_timer, hang_timer;

	Sweep(ContainerSweeps &_owner, std::vector<std::string> _args, std::string _job,
	      std::function<void()> _on_gone)
		: owner(_owner), args(std::move(_args)), job(std::move(_job)),
		  on_gone(std::move(_on_gone)), retry_timer(owner.loop, *this),
		  hang_timer(owner.loop, *this) {}

	void Attempt() noexcept {
		failure.clear();
		try {
			process = std::make_unique<WorkerProcess>(owner.loop, *this, args,
								  std::string_view{}, "/dev/null");
			hang_timer.Start(static_cast<std::uint64_t>(owner.timing.hang.count()));
		} catch (...) {
			Failed(FullMessage(std::current_exception()));
		}
	}

	/* logs and schedules the next attempt */
	void Failed(const std::string &why) noexcept {
		const auto delay = std::min(owner.timing.max_retry, std::chrono::milliseconds(
			owner.timing.first_retry.count() << std::min(failures, 20U)));
		++failures;
		LogWarning("cannot remove leftover containers; trying again later",
			   {{"job", job}, {"error", why}, {"attempt", std::to_string(failures)},
			    {"retry_in", FormatDuration(delay)}});
		retry_timer.Start(static_cast<std::uint64_t>(delay.count()));
	}

	void OnTimer(uv::Timer &timer) noexcept override {
		if (&timer == &retry_timer) {
			Attempt();
		} else if (process != nullptr) {
			/* the engine froze under it: what it does not finish, a retry will */
			failure = "the sweep did not finish within " + FormatDuration(owner.timing.hang) +
				"; killed it";
			process->Kill();
		}
	}

	void OnWorkerEvent(WorkerProcess &, const WorkerEvent &event) noexcept override {
		if (event.kind == WorkerEvent::Kind::Removed)
			LogInfo("removed a leftover container", {{"job", job}, {"container", event.container}});
		else if (event.kind == WorkerEvent::Kind::Failed)
			failure = event.reason;
	}

	void OnWorkerProtocolError(WorkerProcess &, const std::string &error) noexcept override {
		LogError("container sweep sent a malformed message", {{"job", job}, {"error", error}});
	}

	void OnWorkerExit(WorkerProcess &, std::int64_t status, int signal) noexcept override {
		hang_timer.Stop();
		process.reset(); // allowed from here
		if (status != 0 || signal != 0) {
			Failed(!failure.empty() ? failure
			       : signal != 0 ? "osprey-worker died of signal " + std::to_string(signal)
			       : "osprey-worker exited with status " + std::to_string(status));
			return;
		}
		auto gone = std::move(on_gone);
		owner.running.erase(self); // destroys this
		if (gone)
			gone();
	}
};

ContainerSweeps::ContainerSweeps(uv::Loop &_loop, std::string _worker_path, Timing _timing) noexcept
	: loop(_loop), worker_path(std::move(_worker_path)), timing(_timing) {}

ContainerSweeps::~ContainerSweeps() noexcept = default;

void
ContainerSweeps::RemoveOfJob(const std::string &engine_socket, const std::string &job_id,
			     std::function<void()> on_gone) noexcept
{
	Start({worker_path, "--remove-containers", engine_socket, job_id}, job_id, std::move(on_gone));
}

void
ContainerSweeps::RemoveAllBut(const std::string &engine_socket, const std::string &home,
			      const std::string &daemon_id) noexcept
{
	Start({worker_path, "--remove-containers", engine_socket, "--home", home, "--spare-daemon",
	       daemon_id}, {}, {});
}

void
ContainerSweeps::Start(std::vector<std::string> args, const std::string &job,
		       std::function<void()> on_gone) noexcept
{
	try {
		auto &sweep = *running.emplace_back(std::make_unique<Sweep>(*this, std::move(args), job,
									    std::move(on_gone)));
		sweep.self = std::prev(running.end());
		sweep.Attempt();
	} catch (...) {
		/* no timer handle: nothing to retry with */
		LogError("cannot remove leftover containers",
			 {{"job", job}, {"error", FullMessage(std::current_exception())}});
	}
}

void
ContainerSweeps::Close() noexcept
{
	running.clear();
}

} // namespace osprey::daemon
