#include "ContainerSweeps.hxx"
#include "WorkerProcess.hxx"
#include "log/Log.hxx"
#include "util/Error.hxx"

namespace osprey::daemon {

struct ContainerSweeps::Sweep final : WorkerProcess::Listener {
	ContainerSweeps &owner;
	std::list<std::unique_ptr<Sweep>>::iterator self;
	const std::string job; // empty: all of Osprey's containers
	std::string failure;
	std::unique_ptr<WorkerProcess> process;

	Sweep(ContainerSweeps &_owner, std::string _job) noexcept
		: owner(_owner), job(std::move(_job)) {}

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
		if (status != 0 || signal != 0) {
			const auto why = !failure.empty() ? failure
				: signal != 0 ? "osprey-worker died of signal " + std::to_string(signal)
				: "osprey-worker exited with status " + std::to_string(status);
			LogWarning("cannot remove leftover containers", {{"job", job}, {"error", why}});
		}
		owner.running.erase(self); // destroys this
	}
};

ContainerSweeps::ContainerSweeps(uv::Loop &_loop, std::string _worker_path) noexcept
	: loop(_loop), worker_path(std::move(_worker_path)) {}

ContainerSweeps::~ContainerSweeps() noexcept = default;

void
ContainerSweeps::RemoveOfJob(const std::string &engine_socket, const std::string &job_id) noexcept
{
	Start({worker_path, "--remove-containers", engine_socket, job_id}, job_id);
}

void
ContainerSweeps::RemoveAllBut(const std::string &engine_socket, const std::string &home,
			      const std::string &daemon_id) noexcept
{
	Start({worker_path, "--remove-containers", engine_socket, "--home", home, "--spare-daemon",
	       daemon_id}, {});
}

void
ContainerSweeps::Start(std::vector<std::string> args, const std::string &job) noexcept
{
	auto &sweep = *running.emplace_back(std::make_unique<Sweep>(*this, job));
	sweep.self = std::prev(running.end());
	try {
		sweep.process = std::make_unique<WorkerProcess>(loop, sweep, std::move(args),
								std::string_view{}, "/dev/null");
	} catch (...) {
		LogWarning("cannot remove leftover containers",
			   {{"job", job}, {"error", FullMessage(std::current_exception())}});
		running.erase(sweep.self);
	}
}

void
ContainerSweeps::Close() noexcept
{
	running.clear();
}

} // namespace osprey::daemon
