#include "Supervisor.hxx"
#include "DaemonHttp.hxx"
#include "PipelineSet.hxx"
#include "channel/Backends.hxx"
#include "channel/Channels.hxx"
#include "Version.h"
#include "control/ControlHandler.hxx"
#include "control/ControlServer.hxx"
#include "control/WatchProtocol.hxx"
#include "cron/CronScheduler.hxx"
#include "http/HttpServer.hxx"
#include "ingest/WebhookIngest.hxx"
#include "jobs/JobTable.hxx"
#include "lib/curl/Global.hxx"
#include "lib/curl/Multi.hxx"
#include "lib/uv/Loop.hxx"
#include "net/HttpClient.hxx"
#include "lib/uv/Signal.hxx"
#include "log/Log.hxx"
#include "status/StatusEndpoints.hxx"
#include "time/Iso8601.hxx"
#include "util/Error.hxx"

#include <csignal>
#include <cstring>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace osprey::daemon {

namespace {

http::HttpLimits
Limits(const ServerSettings &s)
{
	http::HttpLimits l;
	l.max_body_bytes = s.max_body;
	l.header_timeout = s.header_timeout;
	l.body_timeout = s.body_timeout;
	l.keepalive_timeout = s.idle_timeout;
	l.max_connections = s.max_connections;
	return l;
}

class Supervisor final : ControlHandler, uv::Signal::Listener {
	const Home &home;
	uv::Loop loop;
	PipelineSet pipelines;
	JobTable jobs;
	/* the channels' network: one curl multi on the loop */
	CurlGlobal curl_global;
	CurlMulti curl;
	HttpClient http;
	Channels channels;
	WebhookIngest ingest;
	StatusEndpoints status;
	DaemonHttp routes;
	http::HttpServer server;
	std::unique_ptr<CronScheduler> cron;
	ControlServer control;
	uv::Signal sigterm, sigint, sighup;
	const std::string started;
	bool stopping = false;

public:
	Supervisor(const Home &_home, const StartOptions &options)
		: home(_home), pipelines(home),
		  jobs(loop, home, pipelines, options.worker_path),
		  curl(loop), http(curl, {{ProxyConfig::FromEnvironment(), {}}, "osprey", 64 * 1024}),
		  channels(loop, pipelines, jobs, [this](const EffectiveChannel &c) {
			  return MakeBackend(c, BackendContext{loop, curl, http, jobs});
		  }),
		  ingest(pipelines, jobs), status(jobs, ingest.Counters(), channels), routes(ingest, status),
		  server(loop, routes, Limits(pipelines.Global().server)),
		  control(loop, *this),
		  sigterm(loop, *this), sigint(loop, *this), sighup(loop, *this),
		  started(FormatIso8601Utc(std::chrono::system_clock::now())) {}

	void Start() {
		const auto &g = pipelines.Global();
		SetLogFormat(g.log_format);
		SetLogVerbosity(g.log_level);
		pipelines.Watch(loop);
		control.Listen(home.ControlSocket());
		server.Listen(g.server.host, g.server.port);
		LogInfo("osprey started", {{"version", OSPREY_VERSION}, {"home", home.Root()},
			{"listen", g.server.host + ":" + std::to_string(server.Port())},
			{"slots", std::to_string(g.container.max_concurrent)}});
		Announce();
		jobs.AttachChannels(channels);
		jobs.OnChange([this](const JobRecord &r) { PushJob(r); });
		channels.Start();
		jobs.Restore();
		cron = std::make_unique<CronScheduler>(loop, pipelines, jobs);
		sigterm.Start(SIGTERM);
		sigint.Start(SIGINT);
		sighup.Start(SIGHUP);
	}

	void Run() { loop.Run(); }

private:
	void Announce() const {
		for (const auto &name : pipelines.Disabled())
			LogInfo("pipeline disabled; skipped", {{"pipeline", name}});
		for (const auto *p : pipelines.All())
			if (p->trigger.type == TriggerType::Webhook)
				LogInfo("webhook pipeline ready", {{"pipeline", p->name},
					{"url", p->WebhookUrl(pipelines.Global())},
					{"signed", p->trigger.VerifiesSignature() ? "yes" : "no"}});
	}

	/* SIGINT (Ctrl-C) means what SIGTERM means. The first stops taking
	   work and gives live jobs the grace; the management socket stays
	   open meanwhile, so `osprey status` and `cancel` still work. A second
	   one cuts the grace short: live jobs are stopped now (each worker
	   still stops its container, within container.stop_grace). Workers
	   run in sessions of their own, so the terminal's Ctrl-C reaches only
	   the daemon. */
	void Stop(int signum) {
		if (stopping) {
			LogWarning("second stop signal: stopping the running jobs now",
				   {{"signal", ::sigabbrev_np(signum)}});
			jobs.Shutdown(std::chrono::milliseconds(0), [this] { Stopped(); });
			return;
		}
		stopping = true;
		LogInfo("stopping", {{"signal", ::sigabbrev_np(signum)}});
		cron.reset();
		server.StopGracefully([this] { server.Close(); });
		jobs.Shutdown(pipelines.Global().jobs.shutdown_grace, [this] { Stopped(); });
	}

	void Stopped() {
		/* what is still owed waits in notices.json for the next start */
		channels.Stop();
		http.Close();
		curl.Close();
		jobs.Close();
		pipelines.Unwatch();
		server.Close();
		control.Close();
		sigterm.Close();
		sigint.Close();
		sighup.Close();
		LogInfo("stopped");
	}

	/* New pipelines and settings from disk; running jobs keep going. The
	   HTTP listener keeps its address and limits (server.*) until a restart;
	   the rest, container.max_concurrent included, applies at once. The
	   files are read on the thread pool; the swap happens on the loop. */
	void Reload(ReloadDone done = {}) override {
		auto loaded = std::make_shared<std::optional<PipelineSet>>();
		auto error = std::make_shared<std::string>();
		auto refused = std::make_shared<bool>(false);
		try {
			uv::QueueWork(loop, [this, loaded, error, refused] {
				try {
					loaded->emplace(home);
				} catch (const ConfigError &e) {
					*refused = true;
					*error = e.what();
				} catch (const std::exception &e) {
					*error = FullMessage(e);
				}
			}, [this, loaded, error, refused, done](std::exception_ptr) {
				Reloaded(std::move(*loaded), *error, *refused, done);
			});
		} catch (const std::exception &e) {
			LogError("reload failed; keeping the old configuration", {{"error", FullMessage(e)}});
			if (done)
				done(control::Refusal{"cannot reload now: " + FullMessage(e)});
		}
	}

	void Reloaded(std::optional<PipelineSet> fresh, const std::string &error, bool refused,
		      const ReloadDone &done) {
		if (stopping) {
			if (done)
				done(control::Refusal{"the daemon is stopping"});
			return;
		}
		if (!fresh) {
			if (refused)
				LogError("reload refused: the configuration has errors; keeping the old one",
					 {{"errors", error}});
			else
				LogError("reload failed; keeping the old configuration", {{"error", error}});
			if (done)
				done(control::Refusal{(refused ? "the configuration has errors; the daemon "
					"keeps the old one:\n" : "reload failed; the daemon keeps the old "
					"configuration: ") + error});
			return;
		}
		try {
			fresh->Watch(loop);
			cron.reset();
			pipelines = std::move(*fresh);
			cron = std::make_unique<CronScheduler>(loop, pipelines, jobs);
			channels.Reload();
			/* more slots start queued jobs now; the queue itself stays */
			jobs.SettingsChanged();
			SetLogVerbosity(pipelines.Global().log_level);
			LogInfo("pipelines reloaded", {{"pipelines", std::to_string(pipelines.All().size())}});
			Announce();
			if (done)
				done(control::Reloaded{static_cast<std::int64_t>(pipelines.All().size())});
		} catch (const std::exception &e) {
			LogError("reload failed; keeping the old configuration", {{"error", FullMessage(e)}});
			if (done)
				done(control::Refusal{"reload failed: " + FullMessage(e)});
		}
	}

	/* osprey dashboard hears of every job change at once */
	void PushJob(const JobRecord &record) noexcept {
		if (control.ConnectionCount() == 0)
			return;
		try {
			control.Broadcast(control::ToJsonLine(control::JobChanged{ToJson(record)}));
		} catch (const std::exception &e) {
			LogWarning("job change not sent to watchers", {{"job", record.id}, {"error", e.what()}});
		}
	}

	void OnSignal(uv::Signal &, int signum) noexcept override {
		if (signum == SIGHUP)
			Reload();
		else
			Stop(signum);
	}

	// ControlHandler
	control::DaemonStatus Status() override {
		auto num = [](std::uint64_t n) { return static_cast<std::int64_t>(n); };
		control::DaemonStatus s;
		for (const auto *p : pipelines.All())
			++(p->trigger.type == TriggerType::Webhook ? s.webhook_pipelines : s.cron_pipelines);
		/* one flat count per state, as `osprey status` prints them: the
		   live jobs (starting, preparing, running) count as running */
		s.jobs = {{"running", num(jobs.LiveCount())},
			  {"queued", num(jobs.QueuedCount())},
			  {"awaiting_approval", num(jobs.AwaitingCount())}};
		for (const auto &[state, n] : jobs.EndedCounts())
			s.jobs.emplace_back(std::string(Name(state)), num(n));
		s.version = OSPREY_VERSION;
		s.pid = ::getpid();
		s.started = started;
		s.listening = pipelines.Global().server.BaseUrl();
		s.address = pipelines.Global().server.host + ":" + std::to_string(server.Port());
		s.slots_used = num(jobs.UsedSlots());
		s.slots_max = num(jobs.MaxSlots());
		s.queue_length = num(jobs.QueuedCount());
		s.queue_max = num(jobs.QueueCapacity());
		s.disabled_pipelines = num(pipelines.Disabled().size());
		return s;
	}
	/* done hears the answer once the decision is on the disk. A job started
	   during the grace would hold the shutdown up for its whole timeout */
	void Decide(Decision decision, std::string_view id, DecisionSource by,
		    DecisionDone done) override {
		if (stopping && decision == Decision::Approve)
			return done({false, {}, "the daemon is stopping; approve the job after it starts again"});
		jobs.Decide(decision, id, std::move(by), std::move(done));
	}
};

} // namespace

int
RunSupervisor(const Home &home, const StartOptions &options)
{
	/* a client that disconnects mid-write must not kill the daemon */
	std::signal(SIGPIPE, SIG_IGN);
	std::unique_ptr<Supervisor> supervisor;
	try {
		supervisor = std::make_unique<Supervisor>(home, options);
		supervisor->Start();
	} catch (const ConfigError &e) {
		std::fprintf(stderr, "osprey: the configuration has errors; not starting:\n");
		for (const auto &d : e.diagnostics.All())
			if (d.severity == Diagnostic::Severity::Error)
				std::fprintf(stderr, "  %s\n", d.ToString().c_str());
		return 1;
	}
	supervisor->Run();
	return 0;
}

} // namespace osprey::daemon
