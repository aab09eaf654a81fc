// Internal to the pipeline loader: each block of pipeline.yaml is read by its
// own function, in its own file.
#pragma once

#include "Pipeline.hxx"

namespace osprey {

class Section;

void ReadTrigger(Section &root, Trigger &trigger);
void ReadWorkspace(Section &root, Workspace &workspace, const HostPaths &host);
void ReadChannel(Section &root, const GlobalConfig &global, bool is_cron, EffectiveChannel &channel);
void ReadAgent(Section &root, const GlobalConfig &global, const HostPaths &host,
	       EffectiveAgent &agent);

} // namespace osprey
