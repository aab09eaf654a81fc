#include "WorkerJobBuild.hxx"
#include "config/Home.hxx"
#include "config/Pipeline.hxx"
#include "config/RepoUrl.hxx"

namespace osprey::daemon {

WorkerJob
BuildWorkerJob(const JobRecord &record, const RenderedFields &rendered, const Pipeline &p,
	       const GlobalConfig &global, const Home &home, const std::string &daemon_id)
{
	const auto &c = global.container;
	WorkerJob w;
	w.job_id = record.id;
	w.home = home.Root();
	w.daemon_id = daemon_id;
	w.pipeline = record.pipeline;
	w.job_dir = home.JobsDir() + "/" + record.id;
	w.cache_dir = home.CacheDir();
	w.engine_socket = c.socket;
	w.image = p.agent.image;
	w.user = c.user;
	w.network = c.network;
	w.memory = c.memory;
	w.cpus = c.cpus;
	w.pids = c.pids;
	w.ulimits = c.ulimits;
	w.stop_grace = c.stop_grace;
	w.env = p.agent.env;
	if (p.agent.auth == AgentAuth::ApiKey && !p.agent.api_key_variable.empty())
		w.env.emplace_back(p.agent.api_key_variable, p.agent.api_key);
	w.volumes = p.agent.volumes;
	w.agent = p.agent.type;
	w.auth = p.agent.auth;
	w.oauth_path = p.agent.oauth_path;
	w.provider = p.agent.provider;
	w.base_url = p.agent.base_url;
	w.model = p.agent.model;
	w.workspace = p.workspace.type;
	w.local_path = p.workspace.path;
	w.disk_budget = c.disk_budget;
	if (p.workspace.type == WorkspaceType::GitClone || p.workspace.type == WorkspaceType::GitWorktree) {
		w.repo = rendered.repo;
		w.ref = rendered.ref;
		/* the worker checks a repo chosen by the payload again, before git */
		w.repo_templated = IsTemplated(p.workspace.repo);
		w.allowed_repos = p.workspace.allowed_repos;
	}
	return w;
}

} // namespace osprey::daemon
