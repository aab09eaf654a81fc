#include "LeftoverContainers.hxx"
#include "SupervisorLink.hxx"
#include "engine/EngineClient.hxx"
#include "runtime/RuntimeAdapter.hxx"
#include "util/Error.hxx"

namespace osprey {

WorkerExit
RemoveLeftoverContainers(const std::string &engine_socket, const LeftoverSelection &selection,
			 EventReporter &events) noexcept
{
	try {
		const EngineClient engine(engine_socket, std::chrono::seconds(30));
		std::vector<std::string> filter{std::string(kManagedLabel) + "=true"};
		if (!selection.job_id.empty())
			filter.push_back(std::string(kJobLabel) + "=" + selection.job_id);
		else
			filter.push_back(std::string(kHomeLabel) + "=" + selection.home);
		for (const auto &container : engine.ListContainers(filter)) {
			/* the engine's label filters cannot say "not": done here */
			const auto daemon = container.labels.find(kDaemonLabel);
			if (selection.job_id.empty() && daemon != container.labels.end() &&
			    daemon->second == selection.spared_daemon_id)
				continue;
			if (engine.RemoveContainer(container.id, true, true))
				events.Send({WorkerEvent::Kind::Removed, container.id, 0, {}});
		}
		return WorkerExit::Succeeded;
	} catch (...) {
		events.Send({WorkerEvent::Kind::Failed, {}, 0, FullMessage(std::current_exception())});
		return WorkerExit::Engine;
	}
}

} // namespace osprey
