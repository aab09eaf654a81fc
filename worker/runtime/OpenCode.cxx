// opencode: the OpenCode CLI. Its provider key (if any) arrives in the job's
// environment under the provider's standard variable; nothing to mount.
#include "RuntimeAdapter.hxx"

namespace osprey {

namespace {

class OpenCode final : public RuntimeAdapter {
public:
	std::string_view Name() const noexcept override { return "opencode"; }

	void Customise(ContainerSpec &, const WorkerJob &) const override {}
};

} // namespace

const RuntimeAdapter &
OpenCodeAdapter() noexcept
{
	static const OpenCode adapter;
	return adapter;
}

} // namespace osprey
