#include "ProcessTree.hxx"
#include "StopSwitch.hxx"
#include "WorkerLog.hxx"
#include "engine/EngineClient.hxx"
#include "util/Error.hxx"

#include <csignal>

namespace osprey {

std::string
StopSwitch::GetStopReason()
{
	const std::lock_guard lock(mutex);
	return reason;
}

bool
StopSwitch::SetChild(pid_t pgid)
{
	const std::lock_guard lock(mutex);
	child = pgid;
	return !stopping;
}

void
StopSwitch::ClearChild()
{
	const std::lock_guard lock(mutex);
	child = 0;
}

bool
StopSwitch::SetContainer(const EngineClient &_engine, std::string id, std::chrono::seconds _grace)
{
	const std::lock_guard lock(mutex);
	engine = &_engine;
	container = std::move(id);
	grace = _grace;
	return !stopping;
}

void
StopSwitch::ClearContainer()
{
	const std::lock_guard lock(mutex);
	container.clear();
}

void
StopSwitch::RequestFailure(const std::string &reason) noexcept
{
	Stop(reason, true);
}

void
StopSwitch::RequestStop(const std::string &why) noexcept
{
	Stop(why, false);
}

void
StopSwitch::Stop(const std::string &why, bool is_failure) noexcept
{
	std::string id;
	const EngineClient *stop_engine = nullptr;
	std::chrono::seconds stop_grace{};
	{
		const std::lock_guard lock(mutex);
		if (stopping) {
			if (log != nullptr)
				log->Line(why + " (already stopping)");
			return;
		}
		stopping = true;
		failure = is_failure;
		reason = why;
		if (child > 0)
			/* git and whatever it started (ssh, remote helpers):
			   they share our process group, so not kill(-child) */
			SignalDescendants(SIGTERM);
		id = container;
		stop_engine = engine;
		stop_grace = grace;
	}
	if (log != nullptr)
		log->Line(why + ": stopping the job");

	if (id.empty() || stop_engine == nullptr) {
		stop_source.request_stop();
		return;
	}
	try {
		if (log != nullptr)
			log->Line("stopping container " + std::string(ShortId(id)) + " (grace " +
				  std::to_string(stop_grace.count()) + " s)");
		/* the main thread's attached output stream ends when the
		   container exits, so the agent's last words are kept */
		stop_engine->StopContainer(id, stop_grace);
		/* the container has exited, so its output stream ends anyway;
		   cancelling also frees a main thread that started the
		   container just after the stop (a race no lock can close
		   without holding it across engine calls) */
		stop_source.request_stop();
	} catch (...) {
		if (log != nullptr)
			log->Line("stopping the container failed: " +
				  FullMessage(std::current_exception()));
		/* free the main thread from whatever it is blocked in */
		stop_source.request_stop();
	}
}

} // namespace osprey
