// The channel core against a fake backend and fake job files, on a real
// loop: order per chat, one delivery at a time, retries that hold the queue,
// refusals given up, and what is recorded in notices.json.
#include "PipelineSet.hxx"
#include "channel/Channels.hxx"
#include "config/Home.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Timer.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <deque>

using namespace osprey;
using namespace osprey::daemon;

namespace {

struct TempHome {
	std::string root;
	TempHome() {
		char t[] = "/tmp/osprey-ch-XXXXXX";
		root = ::mkdtemp(t);
		MakeDirectories(root + "/claude");
		Write("config.yaml", "version: 1\ndefaults:\n"
		      "  channel: {type: webhook, webhook: {url: 'http://127.0.0.1:9/hook'}}\n"
		      "  agent: {claude-code: {oauth_path: " + root + "/claude}}\n");
		Write("pipelines/a/pipeline.yaml", "name: a\ntrigger: {type: webhook, path: /a}\n"
		      "workspace: {type: none}\nagent: {prompt: p}\nchannel: {approval: true}\n");
	}
	~TempHome() { RemoveTree(root); }
	void Write(const std::string &rel, std::string_view text) const {
		const auto path = root + "/" + rel;
		MakeDirectories(path.substr(0, path.rfind('/')));
		WriteFileAtomic(path, text, 0600);
	}
};

/* answers when the test says so */
struct FakeFiles final : NoticeFiles {
	std::deque<std::function<void()>> pending;
	std::map<std::string, JobNotices> saved;

	void LoadNoticeText(const JobRecord &record, NoticeKind, std::function<void(NoticeText)> done) override {
		pending.push_back([done, id = record.id] { done({"topic " + id, "message", "result", {}}); });
	}
	void SaveNotices(const JobRecord &record, const JobNotices &notices,
			 std::function<void(std::error_code)> done) override {
		saved[record.id] = notices;
		done({});
	}
	void ScanOwed(std::function<void(std::vector<std::pair<JobRecord, JobNotices>>)> done) override {
		done({});
	}
	void Flush() {
		while (!pending.empty()) {
			auto f = std::move(pending.front());
			pending.pop_front();
			f();
		}
	}
};

struct FakeBackend final : ChannelBackend {
	std::vector<Notice> seen;
	std::deque<DeliveryDone> held;
	void Deliver(const Notice &n, DeliveryDone done) override {
		seen.push_back(n);
		held.push_back(std::move(done));
	}
	std::string ChatOf(const EffectiveChannel &) const override { return "chat"; }
	void Answer(Delivery d) {
		REQUIRE(!held.empty());
		auto done = std::move(held.front());
		held.pop_front();
		done(std::move(d));
	}
};

JobRecord
Job(const std::string &id, JobState state)
{
	JobRecord r;
	r.id = id;
	r.pipeline = "a";
	r.approval = true;
	r.state = state;
	return r;
}

/* runs the loop until @p done or a deadline */
void
RunUntil(uv::Loop &loop, const std::function<bool()> &done)
{
	struct Tick final : uv::Timer::Listener {
		void OnTimer(uv::Timer &) noexcept override {}
	} tick;
	uv::Timer timer(loop, tick);
	timer.Start(10, 10);
	for (int i = 0; i < 1000 && !done(); ++i)
		uv_run(loop.Get(), UV_RUN_ONCE);
	timer.Close();
	uv_run(loop.Get(), UV_RUN_NOWAIT);
}

/* a home with pipeline "a" (webhook channel, approval), the channels on a
   loop with the fakes */
struct Fixture {
	TempHome t;
	const Home home{t.root, t.root};
	PipelineSet pipelines{home};
	uv::Loop loop;
	FakeFiles files;
	FakeBackend *backend = nullptr;
	Channels channels{loop, pipelines, files, [this](const EffectiveChannel &) {
		auto b = std::make_unique<FakeBackend>();
		backend = b.get();
		return std::unique_ptr<ChannelBackend>(std::move(b));
	}};

	Fixture() {
		channels.Start();
		REQUIRE(backend != nullptr);
	}
	~Fixture() {
		channels.Stop();
		RunUntil(loop, [] { return true; });
	}
};

} // namespace

TEST_CASE_FIXTURE(Fixture, "Channels deliver a chat's notifications one at a time, in order")
{

	channels.JobChanged(Job("j1", JobState::AwaitingApproval));
	channels.JobChanged(Job("j2", JobState::AwaitingApproval));
	files.Flush();
	REQUIRE(backend->seen.size() == 1);
	CHECK(backend->seen[0].record.id == "j1");
	CHECK(backend->seen[0].kind == NoticeKind::Announced);
	CHECK(backend->seen[0].id == "j1.announced");
	CHECK(backend->seen[0].topic == "topic j1");
	/* a webhook channel has nobody to press buttons */
	CHECK_FALSE(backend->seen[0].buttons);
	CHECK(backend->seen[0].approval_by_command_line);

	/* j1 is decided while its announcement is on its way */
	auto j1 = Job("j1", JobState::Ignored);
	j1.decided_by = "@alice";
	channels.JobChanged(j1);

	backend->Answer(Delivery::Sent({"chat", "m1"}));
	CHECK(files.saved["j1"].announcement.message == "m1");
	CHECK(files.saved["j1"].IsDone(NoticeKind::Announced));
	/* the webhook channel has no pace: j2 goes next */
	files.Flush();
	REQUIRE(backend->seen.size() == 2);
	CHECK(backend->seen[1].record.id == "j2");

	SUBCASE("a retry holds the queue until it goes") {
		backend->Answer(Delivery::Later("HTTP 502", std::chrono::milliseconds(10)));
		CHECK(channels.DeliveryCounters().at(ChannelType::Webhook).retried == 1);
		RunUntil(loop, [&] { files.Flush(); return backend->seen.size() == 3; });
		REQUIRE(backend->seen.size() == 3);
		CHECK(backend->seen[2].record.id == "j2");
		backend->Answer(Delivery::Sent({"chat", "m2"}));
		files.Flush();
		/* then j1's decision, which knows where the announcement is */
		REQUIRE(backend->seen.size() == 4);
		CHECK(backend->seen[3].id == "j1.decided");
		CHECK(backend->seen[3].announcement.message == "m1");
		CHECK(backend->seen[3].record.state == JobState::Ignored);
	}
	SUBCASE("a refusal is given up, recorded, and the queue goes on") {
		backend->Answer(Delivery::Refused("Bad Request: chat not found"));
		CHECK(files.saved["j2"].error == "Bad Request: chat not found");
		CHECK(files.saved["j2"].IsDone(NoticeKind::Announced));
		CHECK(channels.DeliveryCounters().at(ChannelType::Webhook).failed == 1);
		files.Flush();
		REQUIRE(backend->seen.size() == 3);
		CHECK(backend->seen[2].id == "j1.decided");
		backend->Answer(Delivery::Sent());
		files.Flush();
		REQUIRE(backend->seen.size() == 4);
		CHECK(backend->seen[3].id == "j1.finished");
		backend->Answer(Delivery::Sent());
		CHECK(files.saved["j1"].IsDone(NoticeKind::Finished));
		CHECK(channels.QueueLengths().at(ChannelType::Webhook) == 0);
	}
}

TEST_CASE_FIXTURE(Fixture, "after a restart, only what is owed goes")
{
	JobNotices had;
	had.announcement = {"chat", "m9"};
	had.MarkDone(NoticeKind::Announced);
	auto r = Job("j9", JobState::Succeeded);
	r.decided_by = "@bob";
	channels.JobChanged(r, had);
	files.Flush();
	REQUIRE(backend->seen.size() == 1);
	CHECK(backend->seen[0].id == "j9.decided");
	CHECK(backend->seen[0].announcement.message == "m9");
}
