#include "LeftoverContainers.hxx"
#include "Channel.hxx"
#include "engine/EngineClient.hxx"
#include "runtime/RuntimeAdapter.hxx"
#include "util/Error.hxx"

namespace osprey {

WorkerExit
RemoveLeftoverContainers(const std::string &engine_socket, const std::string &job_id,
			 EventChannel &events) noexcept
{
	try {
		const EngineClient engine(engine_socket, std::chrono::seconds(30));
		const std::vector<std::string> filter{job_id.empty()
			? std::string(kManagedLabel) + "=true"
			: std::string(kJobLabel) + "=" + job_id};
		for (const auto &container : engine.ListContainers(filter)) {
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
