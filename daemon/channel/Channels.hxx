// The channels: every job's notifications, from the moment its record says
// it owes one to the moment the chat has it. One queue per chat keeps them
// in order and paced to the service's rate limit; a failed delivery waits
// (its Retry-After, else a backoff up to 5 minutes) and holds its chat's
// queue so nothing overtakes it; a refused one is logged with the API's own
// words and given up. What went out is recorded in the job's notices.json
// (through the job store), so a restart sends what is still owed.
//
// A queue holds job ids, not text: a notification's text is read from the
// job's files when its turn comes. Queues are capped (kMaxQueued per chat);
// past the cap a notification stays owed on disk and is picked up when the
// queue has drained (or after a restart), never held in memory.
//
// Loop thread only. Nothing here blocks: backends talk through the loop's
// HTTP client, files are read and written on the thread pool.
#pragma once

#include "ChannelBackend.hxx"
#include "lib/uv/Timer.hxx"

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <system_error>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class PipelineSet;

/// A notification's text, read from the job's files.
struct NoticeText {
	std::string topic, message, result;
	/** the file holding all of the result, when result is only its tail */
	std::string result_file;
};

/// What Channels needs of the job store; JobTable implements it. Both
/// calls answer later, on the loop's thread.
class NoticeFiles {
public:
	/// Reads what @p kind of @p record shows (rendered.json; for Finished
	/// also result.md or the tail of output.log).
	virtual void LoadNoticeText(const JobRecord &record, NoticeKind kind,
				    std::function<void(NoticeText)> done) = 0;
	/// Writes notices.json durably.
	virtual void SaveNotices(const JobRecord &record, const JobNotices &notices,
				 std::function<void(std::error_code)> done) = 0;
	/// Reads, on the pool, every job that owes its channel something
	/// (a notices.json with something undelivered), oldest first.
	virtual void ScanOwed(std::function<void(std::vector<std::pair<JobRecord, JobNotices>>)> done) = 0;

protected:
	~NoticeFiles() = default;
};

/// Makes the backend for a channel; Channels keeps one per distinct bot,
/// app or URL. Tests give their own.
using BackendFactory = std::function<std::unique_ptr<ChannelBackend>(const EffectiveChannel &)>;

/// Which backend serves @p channel: equal keys share one (one poller per
/// bot token). Never contains a secret in the clear.
std::string BackendKey(const EffectiveChannel &channel);

/// Whether @p type keeps notices.json (every chat and the webhook
/// channel; stdout is a log line, written once and never retried).
bool KeepsNotices(ChannelType type) noexcept;

class Channels final : uv::Timer::Listener {
public:
	static constexpr std::size_t kMaxQueued = 10000;
	static constexpr std::chrono::milliseconds kMaxBackoff = std::chrono::minutes(5);

	struct Counters {
		std::uint64_t sent = 0, retried = 0, failed = 0;
	};

private:
	struct Item {
		std::string job;
		NoticeKind kind;
	};

	struct Queue {
		std::string key;
		ChannelBackend *backend = nullptr;
		ChannelType type = ChannelType::Stdout;
		std::string chat;
		std::deque<Item> items;
		/* the head is being delivered */
		bool busy = false;
		/* the head may go at this time (pace, backoff) */
		std::chrono::steady_clock::time_point not_before{};
		std::chrono::milliseconds backoff{0};
		uv::Timer timer;
	};

	/* a job that owes (or may soon owe) its channel something */
	struct Tracked {
		JobRecord record;
		JobNotices notices;
		/* kinds in a queue now, a bit per kind */
		unsigned queued = 0;
		/* kinds notices.json says are owed, as last written */
		unsigned saved_owed = 0;
		bool keeps_notices = true;
		/* the announcement's text, when it was at hand and the queue
		   was empty: the next delivery needs no read from disk */
		std::optional<NoticeText> text;
	};

	uv::Loop &loop;
	PipelineSet &pipelines;
	NoticeFiles &files;
	BackendFactory factory;

	std::map<std::string, std::unique_ptr<ChannelBackend>, std::less<>> backends;
	std::map<std::string, std::unique_ptr<Queue>, std::less<>> queues;
	std::map<std::string, Tracked, std::less<>> jobs;
	std::map<ChannelType, Counters> counters;
	/* a queue hit its cap: scan the disk for what is owed once it drains */
	bool overflowed = false, scanning = false;
	bool stopped = false;

public:
	Channels(uv::Loop &loop, PipelineSet &pipelines, NoticeFiles &files, BackendFactory factory);
	~Channels() noexcept;

	Channels(const Channels &) = delete;
	Channels &operator=(const Channels &) = delete;

	/// Starts the backends of the pipelines as they are now (pollers and
	/// sockets listen for presses before any job is announced).
	void Start();

	/// After the pipelines were reloaded: starts backends for new bots;
	/// stops those no pipeline uses and no queue waits on.
	void Reload();

	/// Stops every backend; nothing is delivered after. What is owed
	/// stays in notices.json for the next start.
	void Stop() noexcept;

	/// @p record changed durably (created, decided, ended): queue what it
	/// owes now. A record Channels never saw starts with @p notices.
	/// @p text: the job's rendered text, when the caller has it at hand.
	void JobChanged(const JobRecord &record, const JobNotices &notices = {},
			const NoticeText *text = nullptr);

	/// Notifications waiting, per channel type.
	std::map<ChannelType, std::size_t> QueueLengths() const;
	const std::map<ChannelType, Counters> &DeliveryCounters() const noexcept { return counters; }

private:
	ChannelBackend *BackendFor(const EffectiveChannel &channel);
	Queue *QueueFor(const JobRecord &record);
	void Enqueue(Tracked &job);
	void Pump(Queue &queue) noexcept;
	void Deliver(Queue &queue, Tracked &job, NoticeKind kind, NoticeText text) noexcept;
	void Delivered(Queue &queue, const std::string &id, NoticeKind kind, Delivery delivery) noexcept;
	void Forget(const std::string &id) noexcept;
	void Save(Tracked &job) noexcept;
	void ScanWhenDrained() noexcept;
	void OnTimer(uv::Timer &timer) noexcept override;
};

} // namespace osprey::daemon
