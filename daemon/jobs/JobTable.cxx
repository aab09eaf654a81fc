#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "job/Render.hxx"
#include "json/Serialize.hxx"
#include "lib/uv/Loop.hxx"
#include "log/Log.hxx"
#include "notify/Notifier.hxx"
#include "store/PayloadStore.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"
#include "util/Error.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <cerrno>
#include <cstdio>
#include <random>
#include <sys/stat.h>

namespace osprey::daemon {

static std::string
Now()
{
	return FormatIso8601Utc(std::chrono::system_clock::now());
}

static std::string
NewDaemonId()
{
	std::random_device random;
	char id[17];
	std::snprintf(id, sizeof(id), "%08x%08x", random(), random());
	return id;
}

JobTable::JobTable(uv::Loop &_loop, const Home &_home, PipelineSet &_pipelines,
		   Notifier &_notifier, std::string _worker_path)
	: loop(_loop), home(_home), pipelines(_pipelines), notifier(_notifier),
	  worker_path(std::move(_worker_path)), daemon_id(NewDaemonId()), sweeps(loop, worker_path),
	  reaper(loop, *this), retention_timer(loop, *this)
{
	MakeDirectories(home.JobsDir(), 0700);
	/* retention runs now and then, never per request: a flood of rejected
	   jobs must not turn into a flood of directory scans */
	retention_timer.Start(10 * 60 * 1000, 10 * 60 * 1000);
}

JobTable::~JobTable() noexcept = default;

unsigned
JobTable::MaxSlots() const noexcept
{
	return pipelines.Global().container.max_concurrent;
}

std::size_t
JobTable::LiveCount() const noexcept
{
	std::size_t n = 0;
	for (const auto &[id, job] : jobs)
		n += IsLive(job->record.state);
	return n;
}

std::size_t
JobTable::AwaitingCount() const noexcept
{
	return jobs.size() - LiveCount();
}

void
JobTable::Save(Job &job) noexcept
{
	job.record.updated = Now();
	/* preparing and running are transient: if the daemon dies, the restart
	   makes them interrupted whatever they said; every other state (the
	   first, awaiting approval, the end) is synced before anything follows */
	const bool durable = job.record.state != JobState::Preparing &&
		job.record.state != JobState::Running;
	try {
		SaveJobRecord(job.files, job.record, durable);
	} catch (const std::exception &e) {
		LogError("cannot write the job record", {{"pipeline", job.record.pipeline},
			 {"job", job.record.id}, {"error", e.what()}});
	}
}

void
JobTable::SetState(Job &job, JobState state) noexcept
{
	job.record.state = state;
	Save(job);
	LogInfo("job " + std::string(Name(state)), {{"pipeline", job.record.pipeline},
		{"job", job.record.id}});
}

/* A new directory with an id nobody has: the id has 32 random bits per
   second, so a collision is rare but possible. */
static JobFiles
CreateJobDirectory(const Home &home, JobRecord &record)
{
	for (int attempt = 0;; ++attempt) {
		record.id = NewJobId();
		JobFiles files{home.JobsDir() + "/" + record.id};
		if (::mkdir(files.dir.c_str(), 0700) == 0)
			return files;
		if (errno != EEXIST || attempt > 10)
			throw std::system_error(errno, std::system_category(), "creating " + files.dir);
	}
}

void
JobTable::Render(Job &job, const Pipeline &pipeline)
{
	const auto rendered = osprey::Render(pipeline, job.payload);
	job.channel = pipeline.channel;
	job.topic = rendered.topic;
	job.message = rendered.message;
	job.record.timeout = pipeline.agent.timeout;
	/* the container's non-root user reads it through a read-only bind mount;
	   the job directory (0700) keeps other host users out */
	WriteFileAtomic(job.files.Prompt(), rendered.prompt, 0644, Durability::Lazy);
}

/* payload.json (and the dashboard's copy) hold what the templates saw, as
   JSON: the body byte for byte when it is a JSON object or array, {} for an
   empty one, else the parse (GitHub's form mode: the JSON of its "payload"
   field). A restart renders a pending job again from payload.json, so it
   must always parse. */
static std::string
RecordedPayload(std::string_view body, const json::Value &payload)
{
	const auto text = Trim(body);
	if (text.empty())
		return "{}";
	if (text.front() == '{' || text.front() == '[')
		return std::string(body);
	return json::Serialize(payload);
}

JobTable::Submitted
JobTable::Submit(std::string_view pipeline_name, std::string_view body, json::Value payload,
		 std::string_view trigger)
{
	auto job = std::make_unique<Job>(*this);
	auto &r = job->record;
	r.pipeline = pipeline_name;
	r.trigger = trigger;
	r.created = Now();
	job->files = CreateJobDirectory(home, r);
	const auto recorded = RecordedPayload(body, payload);
	job->payload = std::move(payload);
	/* synced by the job record's first (synced) save, which follows */
	WriteFileAtomic(job->files.Payload(), recorded, 0600, Durability::Lazy);
	if (trigger == "webhook") {
		try {
			PayloadStore(home.PayloadsDir(pipeline_name), pipelines.Global().jobs.payloads)
				.Save(recorded, "webhook");
		} catch (const std::exception &e) {
			LogWarning("cannot record the payload for the dashboard",
				   {{"pipeline", r.pipeline}, {"job", r.id}, {"error", e.what()}});
		}
	}

	const Pipeline *pipeline;
	try {
		pipeline = &pipelines.Current(pipeline_name);
		Render(*job, *pipeline);
	} catch (const std::exception &e) {
		return FinishNew(std::move(job), JobState::Failed, FullMessage(e));
	}

	LogInfo("job received", {{"pipeline", r.pipeline}, {"job", r.id}, {"trigger", r.trigger}});
	/* the contract: approval applies to webhook triggers only */
	if (trigger == "webhook" && pipeline->channel.approval) {
		r.state = JobState::AwaitingApproval;
		Save(*job);
		job->approval_timer = uv::Timer(loop, *job);
		job->approval_timer.Start(static_cast<std::uint64_t>(pipeline->channel.approval_timeout.count()));
		Notification n{Notification::Kind::ApprovalRequested, r.id, r.pipeline, job->topic,
			       job->message, r.state, {}, {}};
		notifier.Send(job->channel, n);
		const auto id = r.id;
		jobs.emplace(id, std::move(job));
		return {id, JobState::AwaitingApproval, {}};
	}
	return StartOrReject(std::move(job), *pipeline);
}

static WorkerJob
BuildWorkerJob(const Job &job, const Pipeline &p, const GlobalConfig &global, const Home &home,
	       const std::string &daemon_id)
{
	const auto &c = global.container;
	WorkerJob w;
	w.job_id = job.record.id;
	w.home = home.Root();
	w.daemon_id = daemon_id;
	w.pipeline = job.record.pipeline;
	w.job_dir = job.files.dir;
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
	w.workspace = p.workspace.type;
	w.local_path = p.workspace.path;
	if (p.workspace.type == WorkspaceType::GitClone || p.workspace.type == WorkspaceType::GitWorktree) {
		const auto rendered = osprey::Render(p, job.payload);
		w.repo = rendered.repo;
		w.ref = rendered.ref;
	}
	return w;
}

JobTable::Submitted
JobTable::StartOrReject(std::unique_ptr<Job> job, const Pipeline &pipeline)
{
	const auto max = MaxSlots();
	if (used_slots >= max)
		return FinishNew(std::move(job), JobState::Rejected,
				 "all " + std::to_string(max) + " agent slots are busy");

	auto &r = job->record;
	try {
		const auto spec = BuildWorkerJob(*job, pipeline, pipelines.Global(), home, daemon_id);
		job->worker = std::make_unique<WorkerProcess>(loop, *job, std::vector{worker_path},
							      ToJsonLine(spec), job->files.WorkerLog());
	} catch (const std::exception &e) {
		return FinishNew(std::move(job), JobState::Failed,
				 "cannot start osprey-worker: " + FullMessage(e));
	}
	++used_slots;
	job->holds_slot = true;
	r.started = Now();
	SetState(*job, JobState::Starting);
	job->deadline_timer = uv::Timer(loop, *job);
	job->deadline_timer.Start(static_cast<std::uint64_t>(r.timeout.count()));
	job->kill_timer = uv::Timer(loop, *job);
	const auto id = r.id;
	jobs.insert_or_assign(id, std::move(job));
	return {id, JobState::Starting, {}};
}

JobTable::Submitted
JobTable::FinishNew(std::unique_ptr<Job> job, JobState state, std::string reason)
{
	auto &ref = *job;
	const auto id = job->record.id;
	jobs.insert_or_assign(id, std::move(job));
	Finish(ref, state, reason);
	return {id, state, std::move(reason)};
}

void
JobTable::OnTimer(uv::Timer &timer) noexcept
{
	if (&timer == &reaper)
		graveyard.clear();
	else if (&timer == &retention_timer)
		PruneOldJobs();
}

} // namespace osprey::daemon
