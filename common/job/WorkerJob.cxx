#include "WorkerJob.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <array>
#include <cstdio>

namespace osprey {

namespace {

json::Value Str(std::string_view s) { return json::Value::String(std::string(s)); }
json::Value Int(std::int64_t i) { return json::Value::Number(i); }

/* Field access that names what is wrong. */
class Reader {
	const json::Value &object;

public:
	explicit Reader(const json::Value &o) : object(o) {
		if (!o.IsObject())
			throw ProtocolError("expected a JSON object");
	}

	const json::Value &Get(std::string_view key) const {
		const auto *v = object.Find(key);
		if (v == nullptr)
			throw ProtocolError("missing \"" + std::string(key) + "\"");
		return *v;
	}
	std::string String(std::string_view key) const {
		const auto &v = Get(key);
		if (!v.IsString())
			throw ProtocolError("\"" + std::string(key) + "\" must be a string");
		return v.GetText();
	}
	std::int64_t Integer(std::string_view key) const {
		const auto i = Get(key).ToInt64();
		if (!i)
			throw ProtocolError("\"" + std::string(key) + "\" must be an integer");
		return *i;
	}
	bool Has(std::string_view key) const { return object.Find(key) != nullptr; }
	double Number(std::string_view key) const {
		const auto &v = Get(key);
		if (!v.IsNumber())
			throw ProtocolError("\"" + std::string(key) + "\" must be a number");
		return v.ToDouble();
	}
	const json::Array &Array(std::string_view key) const {
		const auto &v = Get(key);
		if (!v.IsArray())
			throw ProtocolError("\"" + std::string(key) + "\" must be an array");
		return v.GetArray();
	}
	template<typename E, std::size_t N>
	E Enum(std::string_view key, const std::array<EnumName<E>, N> &table) const {
		const auto s = String(key);
		for (const auto &e : table)
			if (e.name == s)
				return e.value;
		throw ProtocolError("\"" + std::string(key) + "\" has an unknown value");
	}
};

json::Value
Parse(std::string_view line)
{
	try {
		return json::Parse(line);
	} catch (const json::ParseError &e) {
		throw ProtocolError(std::string("malformed message: ") + e.what());
	}
}

} // namespace

std::string
ToJsonLine(const WorkerJob &j)
{
	json::Array ulimits, env, volumes, allowed_repos;
	for (const auto &pattern : j.allowed_repos)
		allowed_repos.push_back(Str(pattern));
	for (const auto &u : j.ulimits)
		ulimits.push_back(json::Value::MakeObject({{"name", Str(u.name)}, {"soft", Int(u.soft)},
							   {"hard", Int(u.hard)}}));
	for (const auto &[k, v] : j.env)
		env.push_back(json::Value::MakeArray({Str(k), Str(v)}));
	for (const auto &v : j.volumes)
		volumes.push_back(Str(v.ToBind()));

	char cpus[32];
	std::snprintf(cpus, sizeof(cpus), "%.17g", j.cpus);
	return json::Serialize(json::Value::MakeObject({
		{"job", Str(j.job_id)}, {"pipeline", Str(j.pipeline)}, {"home", Str(j.home)},
		{"daemon", Str(j.daemon_id)},
		{"job_dir", Str(j.job_dir)}, {"cache_dir", Str(j.cache_dir)},
		{"engine_socket", Str(j.engine_socket)}, {"image", Str(j.image)},
		{"user", Str(j.user)}, {"network", Str(j.network)},
		{"memory", Int(static_cast<std::int64_t>(j.memory))},
		{"cpus", json::Value::Number(cpus)}, {"pids", Int(j.pids)},
		{"ulimits", json::Value::MakeArray(std::move(ulimits))},
		{"stop_grace_ms", Int(j.stop_grace.count())},
		{"env", json::Value::MakeArray(std::move(env))},
		{"volumes", json::Value::MakeArray(std::move(volumes))},
		{"agent", Str(Name(j.agent))}, {"auth", Str(Name(j.auth))},
		{"oauth_path", Str(j.oauth_path)},
		{"provider", j.provider ? Str(Name(*j.provider)) : json::Value()},
		{"base_url", Str(j.base_url)}, {"model", Str(j.model)},
		{"workspace", Str(Name(j.workspace))}, {"repo", Str(j.repo)}, {"ref", Str(j.ref)},
		{"local_path", Str(j.local_path)},
		{"repo_templated", json::Value(j.repo_templated)},
		{"allowed_repos", json::Value::MakeArray(std::move(allowed_repos))},
		{"disk_budget", Int(static_cast<std::int64_t>(j.disk_budget))},
	})) + "\n";
}

WorkerJob
ParseWorkerJob(std::string_view line)
{
	const auto root = Parse(line);
	const Reader r(root);
	WorkerJob j;
	j.job_id = r.String("job");
	j.pipeline = r.String("pipeline");
	j.home = r.String("home");
	j.daemon_id = r.String("daemon");
	j.job_dir = r.String("job_dir");
	j.cache_dir = r.String("cache_dir");
	j.engine_socket = r.String("engine_socket");
	j.image = r.String("image");
	j.user = r.String("user");
	j.network = r.String("network");
	j.memory = static_cast<std::uint64_t>(r.Integer("memory"));
	j.cpus = r.Number("cpus");
	j.pids = r.Integer("pids");
	for (const auto &u : r.Array("ulimits")) {
		const Reader ur(u);
		j.ulimits.push_back({ur.String("name"), ur.Integer("soft"), ur.Integer("hard")});
	}
	j.stop_grace = std::chrono::milliseconds(r.Integer("stop_grace_ms"));
	for (const auto &pair : r.Array("env")) {
		if (!pair.IsArray() || pair.GetArray().size() != 2 || !pair.GetArray()[0].IsString() ||
		    !pair.GetArray()[1].IsString())
			throw ProtocolError("\"env\" entries must be [name, value] string pairs");
		j.env.emplace_back(pair.GetArray()[0].GetText(), pair.GetArray()[1].GetText());
	}
	for (const auto &v : r.Array("volumes")) {
		if (!v.IsString())
			throw ProtocolError("\"volumes\" entries must be strings");
		try {
			j.volumes.push_back(ParseVolume(v.GetText(), "/"));
		} catch (const std::invalid_argument &e) {
			throw ProtocolError(std::string("bad volume: ") + e.what());
		}
	}
	j.agent = r.Enum("agent", agent_type_names);
	j.auth = r.Enum("auth", agent_auth_names);
	j.oauth_path = r.String("oauth_path");
	/* optional: a supervisor that predates them sends none */
	if (r.Has("provider") && !r.Get("provider").IsNull())
		j.provider = r.Enum("provider", provider_names);
	if (r.Has("base_url"))
		j.base_url = r.String("base_url");
	if (r.Has("model"))
		j.model = r.String("model");
	j.workspace = r.Enum("workspace", workspace_type_names);
	j.repo = r.String("repo");
	j.ref = r.String("ref");
	j.local_path = r.String("local_path");
	/* optional: a supervisor that predates them sends none */
	if (r.Has("repo_templated")) {
		const auto &v = r.Get("repo_templated");
		if (!v.IsBool())
			throw ProtocolError("\"repo_templated\" must be a boolean");
		j.repo_templated = v.GetBool();
	}
	if (r.Has("allowed_repos"))
		for (const auto &v : r.Array("allowed_repos")) {
			if (!v.IsString())
				throw ProtocolError("\"allowed_repos\" entries must be strings");
			j.allowed_repos.push_back(v.GetText());
		}
	if (r.Has("disk_budget"))
		j.disk_budget = static_cast<std::uint64_t>(r.Integer("disk_budget"));
	return j;
}

static constexpr std::array<EnumName<WorkerEvent::Kind>, 6> event_names{{
	{"preparing", WorkerEvent::Kind::Preparing}, {"starting", WorkerEvent::Kind::Starting},
	{"running", WorkerEvent::Kind::Running}, {"finished", WorkerEvent::Kind::Finished},
	{"failed", WorkerEvent::Kind::Failed}, {"removed", WorkerEvent::Kind::Removed},
}};

std::string
ToJsonLine(const WorkerEvent &e)
{
	json::Members m{{"event", Str(NameOf(event_names, e.kind))}};
	if (e.kind == WorkerEvent::Kind::Running || e.kind == WorkerEvent::Kind::Removed)
		m.emplace_back("container", Str(e.container));
	if (e.kind == WorkerEvent::Kind::Finished)
		m.emplace_back("exit_code", Int(e.exit_code));
	if (e.kind == WorkerEvent::Kind::Failed)
		m.emplace_back("reason", Str(e.reason));
	if ((e.kind == WorkerEvent::Kind::Finished || e.kind == WorkerEvent::Kind::Failed) &&
	    e.disk_usage > 0)
		m.emplace_back("disk_usage", Int(static_cast<std::int64_t>(e.disk_usage)));
	if (e.kind == WorkerEvent::Kind::Finished && e.agent)
		m.emplace_back("agent", ToJsonValue(*e.agent));
	return json::Serialize(json::Value::MakeObject(std::move(m))) + "\n";
}

WorkerEvent
ParseWorkerEvent(std::string_view line)
{
	const auto root = Parse(line);
	const Reader r(root);
	WorkerEvent e;
	e.kind = r.Enum("event", event_names);
	if (e.kind == WorkerEvent::Kind::Running || e.kind == WorkerEvent::Kind::Removed)
		e.container = r.String("container");
	if (e.kind == WorkerEvent::Kind::Finished)
		e.exit_code = static_cast<int>(r.Integer("exit_code"));
	if (e.kind == WorkerEvent::Kind::Failed)
		e.reason = r.String("reason");
	if (r.Has("disk_usage"))
		e.disk_usage = static_cast<std::uint64_t>(r.Integer("disk_usage"));
	if (e.kind == WorkerEvent::Kind::Finished && r.Has("agent"))
		e.agent = ParseAgentReport(r.Get("agent"));
	return e;
}

std::string_view
Describe(WorkerExit code) noexcept
{
	switch (code) {
	case WorkerExit::Succeeded: return "the agent succeeded";
	case WorkerExit::AgentFailed: return "the agent exited with an error";
	case WorkerExit::Usage: return "the worker could not read its job";
	case WorkerExit::Workspace: return "preparing the workspace failed";
	case WorkerExit::Engine: return "the container engine failed";
	case WorkerExit::Image: return "the agent image is missing";
	case WorkerExit::Stopped: return "the job was stopped";
	case WorkerExit::Internal: return "the worker failed";
	}
	return "unknown worker exit status";
}

} // namespace osprey
