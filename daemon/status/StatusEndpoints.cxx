#include "StatusEndpoints.hxx"
#include "channel/Channels.hxx"
#include "ingest/WebhookIngest.hxx"
#include "jobs/JobTable.hxx"
#include "json/Quote.hxx"
#include "time/Iso8601.hxx"

namespace osprey::daemon {

StatusEndpoints::StatusEndpoints(const JobTable &_jobs, const WebhookCounters &_webhooks,
				 const Channels &_channels)
	: jobs(_jobs), webhooks(_webhooks), channels(_channels),
	  started(FormatIso8601Utc(std::chrono::system_clock::now()))
{
}

http::Response
StatusEndpoints::Health() const
{
	std::string body = "{\"status\":\"ok\",\"started\":";
	json::AppendQuoted(body, started, json::ControlEscape::Unicode);
	body += ",\"slots\":{\"used\":" + std::to_string(jobs.UsedSlots()) +
		",\"max\":" + std::to_string(jobs.MaxSlots()) + "},\"jobs\":{\"live\":" +
		std::to_string(jobs.LiveCount()) + ",\"awaiting_approval\":" +
		std::to_string(jobs.AwaitingCount()) + ",\"queued\":" +
		std::to_string(jobs.QueuedCount()) + "},\"queue\":{\"length\":" +
		std::to_string(jobs.QueuedCount()) + ",\"max\":" +
		std::to_string(jobs.QueueCapacity()) + "}}";
	return http::Response::Json(200, std::move(body));
}

http::Response
StatusEndpoints::Metrics(std::uint64_t not_found) const
{
	std::string m;
	auto metric = [&](std::string_view name, std::string_view type, std::string_view help) {
		m += "# HELP " + std::string(name) + " " + std::string(help) + "\n# TYPE " +
			std::string(name) + " " + std::string(type) + "\n";
	};
	auto line = [&](std::string_view name, std::uint64_t value) {
		m += std::string(name) + " " + std::to_string(value) + "\n";
	};
	metric("osprey_webhook_requests_total", "counter", "Webhook requests by outcome.");
	const auto &w = webhooks;
	for (const auto &[outcome, n] : {std::pair{"accepted", w.accepted},
					 {"unauthorized", w.unauthorized}, {"rejected", w.rejected},
					 {"bad_request", w.bad}, {"unavailable", w.unavailable},
					 {"not_found", not_found}, {"filtered", w.filtered},
					 {"filter_failed", w.filter_failed}})
		line("osprey_webhook_requests_total{outcome=\"" + std::string(outcome) + "\"}", n);
	metric("osprey_jobs_ended_total", "counter", "Jobs that reached a final state since start.");
	for (const auto &[state, n] : jobs.EndedCounts())
		line("osprey_jobs_ended_total{state=\"" + std::string(Name(state)) + "\"}", n);
	metric("osprey_agent_slots_used", "gauge", "Agent containers running or starting.");
	line("osprey_agent_slots_used", jobs.UsedSlots());
	metric("osprey_agent_slots_max", "gauge", "container.max_concurrent.");
	line("osprey_agent_slots_max", jobs.MaxSlots());
	metric("osprey_jobs_awaiting_approval", "gauge", "Jobs waiting for a human.");
	line("osprey_jobs_awaiting_approval", jobs.AwaitingCount());
	metric("osprey_jobs_queued", "gauge", "Jobs waiting for an agent slot.");
	line("osprey_jobs_queued", jobs.QueuedCount());
	metric("osprey_jobs_queue_max", "gauge", "container.queue: jobs that may wait for a slot.");
	line("osprey_jobs_queue_max", jobs.QueueCapacity());
	metric("osprey_job_store_syncs_total", "counter",
	       "Journal syncs of the job store (one per batch of changes).");
	line("osprey_job_store_syncs_total", jobs.Store().Commits());
	metric("osprey_job_store_writes_total", "counter", "Job changes made durable.");
	line("osprey_job_store_writes_total", jobs.Store().CommittedWrites());

	/* every channel type, so that a dashboard's series exist from the start */
	const auto &delivered = channels.DeliveryCounters();
	const auto queued = channels.QueueLengths();
	metric("osprey_notifications_total", "counter",
	       "Notifications by channel type and outcome: sent, retried (each failed try "
	       "that will be tried again), failed (refused for good).");
	for (const auto type : {ChannelType::Telegram, ChannelType::Slack, ChannelType::Webhook,
				ChannelType::Stdout}) {
		const auto i = delivered.find(type);
		const auto c = i != delivered.end() ? i->second : Channels::Counters{};
		const auto label = "osprey_notifications_total{channel=\"" + std::string(Name(type)) + "\",outcome=\"";
		line(label + "sent\"}", c.sent);
		line(label + "retried\"}", c.retried);
		line(label + "failed\"}", c.failed);
	}
	metric("osprey_notifications_queued", "gauge", "Notifications waiting to be delivered, by channel type.");
	for (const auto type : {ChannelType::Telegram, ChannelType::Slack, ChannelType::Webhook,
				ChannelType::Stdout}) {
		const auto i = queued.find(type);
		line("osprey_notifications_queued{channel=\"" + std::string(Name(type)) + "\"}",
		     i != queued.end() ? i->second : 0);
	}

	http::Response r;
	r.body = std::move(m);
	r.content_type = "text/plain; version=0.0.4";
	return r;
}

} // namespace osprey::daemon
