#include "LeftoverContainers.hxx"
#include "Channel.hxx"
#include "engine/EngineClient.hxx"
#include "runtime/RuntimeAdapter.hxx"
#include "util/Error.hxx"

namespace osprey {

WorkerExit
RemoveLeftoverContainers(const std::string &engine_socket, const LeftoverSelection &selection,
			 EventChannel &events) noexcept
{
	try {
		const EngineClient engine(engine_socket, std::chrono::seconds(30));
		const std::vector<std::string> filter{selection.job_id.empty()
			? std::string(kManagedLabel) + "=true"
			: std::string(kJobLabel) + "=" + selection.job_id};
		for (const auto &container : engine.ListContainers(filter)) {
			/* the engine's label filters cannot say "not": done here */
			const auto daemon = container.labels.find(kDaemonLabel);
			if (selection.job_id.empty() && !selection.spared_daemon_id.empty() &&
			    daemon != container.labels.end() && daemon->second == selection.spared_daemon_id)
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
