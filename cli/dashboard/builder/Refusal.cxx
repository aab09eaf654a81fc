#include "Refusal.hxx"
#include "Payloads.hxx"
#include "config/Pipeline.hxx"
#include "util/File.hxx"

namespace osprey::builder {

void
RequirePayload(const Home &home, std::string_view pipeline)
{
	if (!IsValidPipelineName(pipeline) || !PathExists(home.PipelineFile(pipeline)))
		throw std::runtime_error("no pipeline \"" + std::string(pipeline) + "\" (" +
					 home.Display(home.PipelineFile(pipeline)) + " not found)");
	(void)ListPayloads(home, pipeline);
}

} // namespace osprey::builder
