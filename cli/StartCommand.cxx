// osprey start: the daemon, in the foreground (systemd, or a terminal).
#include "Command.hxx"
#include "Executable.hxx"
#include "Supervisor.hxx"
#include "config/Home.hxx"

#include <stdexcept>

namespace osprey::cli {

/* --worker, $OSPREY_WORKER, the build tree's layout, the installed layout. */
static std::string
FindWorker(const Args &args)
{
	if (auto w = args.Get("worker"))
		return *w;
	return FindHelper("OSPREY_WORKER", "osprey-worker", "../worker/osprey-worker",
			  "; pass --worker PATH");
}

int
RunStart(const Args &args)
{
	args.ExpectPositionals(0, "");
	daemon::StartOptions options;
	options.worker_path = FindWorker(args);
	if (!IsExecutable(options.worker_path))
		throw std::runtime_error(options.worker_path + " is not an executable osprey-worker");
	return daemon::RunSupervisor(Home::FromEnvironment(), options);
}

} // namespace osprey::cli
