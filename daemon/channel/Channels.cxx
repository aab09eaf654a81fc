#include "Channels.hxx"
#include "PipelineSet.hxx"
#include "log/Log.hxx"

#include <algorithm>
#include <functional>

namespace osprey::daemon {

static unsigned
Bit(NoticeKind kind) noexcept
{
	return 1u << static_cast<unsigned>(kind);
}

static unsigned
Owed(const JobRecord &record, const JobNotices &notices) noexcept
{
	unsigned owed = 0;
	for (const auto kind : kNoticeKinds)
		if (IsDue(record, kind) && !notices.IsDone(kind))
			owed |= Bit(kind);
	return owed;
}

/* Keys stay in memory and are never logged; hashing the tokens still keeps
   them out of a core dump's obvious places. */
static std::string
Hashed(std::string_view secret)
{
	return std::to_string(std::hash<std::string_view>{}(secret));
}

std::string
BackendKey(const EffectiveChannel &c)
{
	switch (c.type) {
	case ChannelType::Telegram:
		return "telegram " + c.telegram.api_url + " " + Hashed(c.telegram.bot_token);
	case ChannelType::Slack:
		return "slack " + c.slack.api_url + " " + Hashed(c.slack.bot_token) + " " +
			Hashed(c.slack.app_token);
	case ChannelType::Webhook: {
		std::string headers;
		for (const auto &[name, value] : c.webhook.headers)
			headers += name + ":" + value + "\n";
		return "webhook " + c.webhook.url + " " + Hashed(c.webhook.secret) + " " + Hashed(headers);
	}
	case ChannelType::Stdout:
		break;
	}
	return "stdout";
}

bool
KeepsNotices(ChannelType type) noexcept
{
	return type != ChannelType::Stdout;
}

Channels::Channels(uv::Loop &_loop, PipelineSet &_pipelines, NoticeFiles &_files,
		   BackendFactory _factory)
	: loop(_loop), pipelines(_pipelines), files(_files), factory(std::move(_factory)) {}

Channels::~Channels() noexcept
{
	Stop();
}

ChannelBackend *
Channels::BackendFor(const EffectiveChannel &channel)
{
	auto key = BackendKey(channel);
	if (const auto i = backends.find(key); i != backends.end())
		return i->second.get();
	auto backend = factory(channel);
	if (!backend)
		return nullptr;
	auto *b = backend.get();
	backends.emplace(std::move(key), std::move(backend));
	b->Start();
	return b;
}

void
Channels::Start()
{
	stopped = false;
	for (const auto *p : pipelines.All()) {
		try {
			BackendFor(p->channel);
		} catch (const std::exception &e) {
			LogError("cannot start the pipeline's channel", {{"pipeline", p->name},
				 {"channel", Name(p->channel.type)}, {"error", e.what()}});
		}
	}
}

void
Channels::Reload()
{
	std::map<std::string, bool, std::less<>> wanted;
	for (const auto *p : pipelines.All())
		wanted[BackendKey(p->channel)] = true;
	for (auto i = backends.begin(); i != backends.end();) {
		const auto *backend = i->second.get();
		const bool waited_on = std::any_of(queues.begin(), queues.end(), [&](const auto &q) {
			return q.second->backend == backend && !q.second->items.empty();
		});
		if (wanted.count(i->first) > 0 || waited_on) {
			++i;
			continue;
		}
		for (auto q = queues.begin(); q != queues.end();)
			q = q->second->backend == backend ? queues.erase(q) : std::next(q);
		i->second->Stop();
		i = backends.erase(i);
	}
	Start();
}

void
Channels::Stop() noexcept
{
	if (stopped)
		return;
	stopped = true;
	for (auto &[key, queue] : queues)
		queue->timer.Close();
	for (auto &[key, backend] : backends)
		backend->Stop();
}

Channels::Queue *
Channels::QueueFor(const JobRecord &record)
{
	const auto &channel = pipelines.Current(record.pipeline).channel;
	auto *backend = BackendFor(channel);
	if (backend == nullptr)
		return nullptr;
	const auto chat = backend->ChatOf(channel);
	const auto key = BackendKey(channel) + "\n" + chat;
	auto i = queues.find(key);
	if (i == queues.end()) {
		auto queue = std::make_unique<Queue>();
		queue->key = key;
		queue->backend = backend;
		queue->type = channel.type;
		queue->chat = chat;
		queue->timer = uv::Timer(loop, *this);
		i = queues.emplace(key, std::move(queue)).first;
	}
	return i->second.get();
}

void
Channels::JobChanged(const JobRecord &record, const JobNotices &notices, const NoticeText *text)
{
	if (stopped)
		return;
	auto i = jobs.find(record.id);
	if (i == jobs.end()) {
		bool keeps = true;
		try {
			keeps = KeepsNotices(pipelines.Current(record.pipeline).channel.type);
		} catch (const std::exception &) {
		}
		/* a new job's notices.json was written with it, owing its
		   announcement; one read back after a restart is rewritten
		   with what its state owes now */
		bool fresh = true;
		for (const auto kind : kNoticeKinds)
			fresh = fresh && !notices.IsDone(kind);
		const unsigned saved = fresh ? Bit(NoticeKind::Announced) : 0;
		i = jobs.emplace(record.id, Tracked{record, notices, 0, saved, keeps, std::nullopt}).first;
	} else {
		i->second.record = record;
	}
	/* notices.json says what is owed: a decision or an end adds to it */
	auto &job = i->second;
	if (text != nullptr && !job.notices.IsDone(NoticeKind::Announced)) {
		/* kept only when it goes out next: a long queue holds ids, not text */
		Queue *queue = nullptr;
		try {
			queue = QueueFor(job.record);
		} catch (const std::exception &) {
		}
		if (queue != nullptr && queue->items.empty() && !queue->busy)
			job.text = *text;
	}
	if (job.keeps_notices && Owed(job.record, job.notices) != job.saved_owed)
		Save(job);
	Enqueue(job);
}

void
Channels::Enqueue(Tracked &job)
{
	const auto id = job.record.id;
	Queue *queue = nullptr;
	try {
		queue = QueueFor(job.record);
	} catch (const std::exception &e) {
		LogWarning("notification not sent: the pipeline is gone or broken",
			   {{"pipeline", job.record.pipeline}, {"job", id}, {"error", e.what()}});
	}
	if (queue == nullptr) {
		Forget(id);
		return;
	}
	for (const auto kind : kNoticeKinds) {
		if (!IsDue(job.record, kind) || job.notices.IsDone(kind) || (job.queued & Bit(kind)))
			continue;
		if (queue->items.size() >= kMaxQueued) {
			if (!overflowed)
				LogWarning("a channel's queue is full; notifications wait on disk until it drains",
					   {{"channel", Name(queue->type)}, {"chat", queue->chat},
					    {"queued", std::to_string(queue->items.size())}});
			overflowed = true;
			/* it is owed on disk; memory keeps only live and pending jobs */
			if (IsTerminal(job.record.state) && job.queued == 0 && job.keeps_notices) {
				Forget(id);
				Pump(*queue);
				return;
			}
			break;
		}
		queue->items.push_back({id, kind});
		job.queued |= Bit(kind);
	}
	if (job.queued == 0 && !NextOwed(job.record, job.notices) && IsTerminal(job.record.state))
		Forget(id);
	Pump(*queue);
}

void
Channels::Pump(Queue &queue) noexcept
{
	while (!stopped && !queue.busy && !queue.items.empty()) {
		const auto now = std::chrono::steady_clock::now();
		if (now < queue.not_before) {
			const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(
				queue.not_before - now);
			queue.timer.Start(static_cast<std::uint64_t>(wait.count()) + 1);
			return;
		}
		const auto item = queue.items.front();
		const auto i = jobs.find(item.job);
		if (i == jobs.end()) {
			queue.items.pop_front();
			continue;
		}
		queue.busy = true;
		const std::string key = queue.key;
		if (item.kind == NoticeKind::Announced && i->second.text) {
			auto text = std::move(*i->second.text);
			i->second.text.reset();
			Deliver(queue, i->second, item.kind, std::move(text));
			return;
		}
		i->second.text.reset();
		try {
			files.LoadNoticeText(i->second.record, item.kind, [this, key, item](NoticeText text) {
				const auto q = queues.find(key);
				const auto j = jobs.find(item.job);
				if (stopped || q == queues.end())
					return;
				if (j == jobs.end()) {
					Delivered(*q->second, item.job, item.kind, Delivery::Sent());
					return;
				}
				Deliver(*q->second, j->second, item.kind, std::move(text));
			});
		} catch (const std::exception &e) {
			queue.busy = false;
			Delivered(queue, item.job, item.kind, Delivery::Later(e.what()));
		}
		return;
	}
	if (queue.items.empty())
		ScanWhenDrained();
}

void
Channels::Deliver(Queue &queue, Tracked &job, NoticeKind kind, NoticeText text) noexcept
{
	try {
		const auto &channel = pipelines.Current(job.record.pipeline).channel;
		Notice n;
		n.kind = kind;
		n.id = job.record.id + "." + std::string(Name(kind));
		n.chat = queue.chat;
		n.record = job.record;
		n.topic = std::move(text.topic);
		n.message = std::move(text.message);
		n.result = std::move(text.result);
		n.result_file = std::move(text.result_file);
		n.announcement = job.notices.announcement;
		const bool awaiting = kind == NoticeKind::Announced &&
			job.record.state == JobState::AwaitingApproval;
		n.buttons = awaiting && channel.HasApprovers();
		n.approval_by_command_line = awaiting && !channel.HasApprovers();
		n.approval_timeout = channel.approval_timeout;
		const std::string key = queue.key, id = job.record.id;
		queue.backend->Deliver(n, [this, key, id, kind](Delivery delivery) {
			if (const auto q = queues.find(key); q != queues.end() && !stopped)
				Delivered(*q->second, id, kind, std::move(delivery));
		});
	} catch (const std::exception &e) {
		/* the pipeline went away meanwhile: nowhere to send it */
		Delivered(queue, job.record.id, kind, Delivery::Refused(e.what()));
	}
}

void
Channels::Delivered(Queue &queue, const std::string &id, NoticeKind kind, Delivery d) noexcept
{
	queue.busy = false;
	const auto now = std::chrono::steady_clock::now();
	auto &count = counters[queue.type];
	const auto j = jobs.find(id);
	const std::string pipeline = j != jobs.end() ? j->second.record.pipeline : std::string();

	if (d.outcome == Delivery::Outcome::Retry) {
		++count.retried;
		queue.backoff = queue.backoff.count() == 0 ? std::chrono::seconds(1)
			: std::min(queue.backoff * 2, std::chrono::milliseconds(kMaxBackoff));
		const auto wait = std::max(queue.backoff, d.retry_after);
		queue.not_before = now + wait;
		LogWarning("notification not delivered; trying again",
			   {{"channel", Name(queue.type)}, {"pipeline", pipeline}, {"job", id},
			    {"notification", Name(kind)}, {"in", std::to_string(wait.count()) + "ms"},
			    {"error", d.error}});
		Pump(queue);
		return;
	}

	if (!queue.items.empty() && queue.items.front().job == id && queue.items.front().kind == kind)
		queue.items.pop_front();
	queue.backoff = {};
	queue.not_before = now + queue.backend->Pace(queue.chat);
	if (d.outcome == Delivery::Outcome::Failed) {
		++count.failed;
		LogError("notification refused by the channel; not sent",
			 {{"channel", Name(queue.type)}, {"pipeline", pipeline}, {"job", id},
			  {"notification", Name(kind)}, {"error", d.error}});
	} else {
		++count.sent;
	}

	if (j != jobs.end()) {
		auto &job = j->second;
		job.queued &= ~Bit(kind);
		job.notices.MarkDone(kind);
		if (kind == NoticeKind::Announced && !d.ref.Empty())
			job.notices.announcement = d.ref;
		if (d.outcome == Delivery::Outcome::Failed)
			job.notices.error = d.error;
		if (job.keeps_notices)
			Save(job);
		if (job.queued == 0 && !NextOwed(job.record, job.notices) &&
		    IsTerminal(job.record.state))
			Forget(id);
	}
	Pump(queue);
}

void
Channels::Save(Tracked &job) noexcept
{
	job.saved_owed = Owed(job.record, job.notices);
	try {
		files.SaveNotices(job.record, job.notices, [id = job.record.id](std::error_code error) {
			if (error)
				LogWarning("cannot record what the job's channel has had; a notification may "
					   "be sent again after a restart", {{"job", id}, {"error", error.message()}});
		});
	} catch (const std::exception &e) {
		LogWarning("cannot record what the job's channel has had",
			   {{"job", job.record.id}, {"error", e.what()}});
	}
}

void
Channels::Forget(const std::string &id) noexcept
{
	jobs.erase(id);
}

/* A queue was full: what did not fit is owed on disk. Once the queues have
   room again, read it back. */
void
Channels::ScanWhenDrained() noexcept
{
	if (!overflowed || scanning || stopped)
		return;
	for (const auto &[key, queue] : queues)
		if (queue->items.size() > kMaxQueued / 2)
			return;
	overflowed = false;
	scanning = true;
	try {
		files.ScanOwed([this](std::vector<std::pair<JobRecord, JobNotices>> owed) {
			scanning = false;
			for (auto &[record, notices] : owed) {
				const auto i = jobs.find(record.id);
				if (i == jobs.end())
					JobChanged(record, notices);
				else
					Enqueue(i->second);
			}
		});
	} catch (const std::exception &e) {
		scanning = false;
		LogError("cannot read the notifications still owed", {{"error", e.what()}});
	}
}

std::map<ChannelType, std::size_t>
Channels::QueueLengths() const
{
	std::map<ChannelType, std::size_t> lengths;
	for (const auto &[key, queue] : queues)
		lengths[queue->type] += queue->items.size();
	return lengths;
}

void
Channels::OnTimer(uv::Timer &timer) noexcept
{
	for (auto &[key, queue] : queues)
		if (&queue->timer == &timer) {
			Pump(*queue);
			return;
		}
}

} // namespace osprey::daemon
