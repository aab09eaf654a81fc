// osprey reload: the running daemon loads config.yaml and the pipelines
// again (what SIGHUP does), and says whether that worked.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "config/Home.hxx"

#include <cstdio>

namespace osprey::cli {

const std::span<const OptionSpec> reload_options{};

int
RunReload(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto r = AskReload(Home::FromEnvironment().ControlSocket());
	std::printf("Reloaded: the daemon serves %lld pipeline%s.\n",
		    static_cast<long long>(r.pipelines), r.pipelines == 1 ? "" : "s");
	return 0;
}

} // namespace osprey::cli
