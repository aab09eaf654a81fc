#include "channel/Wording.hxx"
#include "channel/slack/SlackApi.hxx"
#include "channel/slack/SlackFormat.hxx"
#include "json/Parse.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::slack;

static Notice
Announcement()
{
	Notice n;
	n.record.id = "20261122-004512-3f9a1c2b";
	n.record.pipeline = "triage";
	n.record.state = JobState::AwaitingApproval;
	n.chat = "C0123";
	n.topic = "Issue *42*";
	n.message = "Hey <!channel> and <@U0999>, see <https://x|this> & more";
	n.buttons = true;
	return n;
}

TEST_CASE("payload text pings nobody")
{
	const auto body = json::Parse(AnnouncementBody(Announcement()));
	const auto &blocks = body.Find("blocks")->GetArray();
	const auto text = blocks.at(0).Find("text")->Find("text")->GetText();
	CHECK(text == "*Issue *42**\nHey &lt;!channel&gt; and &lt;@U0999&gt;, see &lt;https://x|this&gt; &amp; more");
	CHECK(body.Find("channel")->GetText() == "C0123");
	const auto &actions = blocks.back();
	CHECK(actions.Find("type")->GetText() == "actions");
	const auto &buttons = actions.Find("elements")->GetArray();
	REQUIRE(buttons.size() == 2);
	CHECK(buttons[0].Find("action_id")->GetText() == kApprove);
	CHECK(buttons[1].Find("action_id")->GetText() == kIgnore);
	CHECK(buttons[0].Find("value")->GetText() == "20261122-004512-3f9a1c2b");
}

TEST_CASE("sections stay within 3000 characters once escaped")
{
	auto n = Announcement();
	n.message = std::string(50000, '<');
	const auto body = json::Parse(AnnouncementBody(n));
	std::size_t sections = 0, total = 0;
	for (const auto &block : body.Find("blocks")->GetArray()) {
		if (block.Find("type")->GetText() != "section")
			continue;
		++sections;
		const auto length = ChatLength(block.Find("text")->Find("text")->GetText());
		CHECK(length <= kMaxSection);
		total += length;
	}
	CHECK(sections == kMaxSections);
	CHECK(total <= 40000);
	CHECK(body.Find("blocks")->GetArray().at(kMaxSections - 1).Find("text")->Find("text")->GetText().find("(cut)") !=
	      std::string::npos);
}

TEST_CASE("decisions and ends")
{
	auto n = Announcement();
	n.kind = NoticeKind::Decided;
	n.record.state = JobState::Ignored;
	n.record.decided_by = "Alice (U0123)";
	n.record.updated = "2026-11-23T12:34:56Z";
	n.announcement = {"C0123", "1732300000.000100"};
	const auto update = json::Parse(DecidedBody(n));
	CHECK(update.Find("ts")->GetText() == "1732300000.000100");
	const auto &blocks = update.Find("blocks")->GetArray();
	for (const auto &b : blocks)
		CHECK(b.Find("type")->GetText() != "actions");
	CHECK(blocks.back().Find("text")->Find("text")->GetText() ==
	      "*Ignored by Alice (U0123) at 2026-11-23 12:34 UTC*");

	n.kind = NoticeKind::Finished;
	n.record.state = JobState::Failed;
	n.record.started = "2026-11-23T12:00:00Z";
	n.record.finished = "2026-11-23T12:02:03Z";
	n.record.reason = "the agent exited with status 1";
	n.result = "oops <b>";
	const auto end = json::Parse(EndBody(n));
	CHECK(end.Find("thread_ts")->GetText() == "1732300000.000100");
	CHECK(end.Find("blocks")->GetArray().at(0).Find("text")->Find("text")->GetText() ==
	      "*Failed after 2m3s*\nthe agent exited with status 1");
	CHECK(end.Find("blocks")->GetArray().at(1).Find("text")->Find("text")->GetText() == "```oops &lt;b&gt;```");
}

TEST_CASE("the Web API's answers")
{
	CHECK(ToDelivery(ParseAnswer(200, R"({"ok":true,"ts":"1.2"})", "")).outcome == Delivery::Outcome::Delivered);
	const auto limited = ToDelivery(ParseAnswer(429, "", "7"));
	CHECK(limited.outcome == Delivery::Outcome::Retry);
	CHECK(limited.retry_after == std::chrono::seconds(7));
	const auto refused = ToDelivery(ParseAnswer(200, R"({"ok":false,"error":"not_in_channel"})", ""));
	CHECK(refused.outcome == Delivery::Outcome::Failed);
	CHECK(refused.error == "not_in_channel");
	CHECK(ToDelivery(ParseAnswer(503, "<html>", "")).outcome == Delivery::Outcome::Retry);
	CHECK(ToDelivery(ParseAnswer(200, "garbage", "")).outcome == Delivery::Outcome::Retry);
}

TEST_CASE("Socket Mode envelopes")
{
	CHECK(ParseEnvelope(R"({"type":"hello","num_connections":1})").type == Envelope::Type::Hello);
	const auto d = ParseEnvelope(R"({"type":"disconnect","reason":"refresh_requested"})");
	CHECK(d.type == Envelope::Type::Disconnect);
	CHECK(d.reason == "refresh_requested");
	const auto e = ParseEnvelope(R"({"envelope_id":"e1","type":"interactive","accepts_response_payload":false,
		"payload":{"type":"block_actions","user":{"id":"U0123","username":"alice","name":"Alice"},
		"channel":{"id":"C0123"},"container":{"type":"message","message_ts":"1.2","channel_id":"C0123"},
		"actions":[{"action_id":"osprey_approve","block_id":"b","value":"20261122-004512-3f9a1c2b","type":"button"}]}})");
	CHECK(e.envelope_id == "e1");
	REQUIRE(e.press);
	CHECK(e.press->user == "U0123");
	CHECK(e.press->name == "Alice (U0123)");
	CHECK(e.press->channel == "C0123");
	CHECK(e.press->message_ts == "1.2");
	CHECK(e.press->value == "20261122-004512-3f9a1c2b");
	CHECK(Acknowledgement("e1") == R"({"envelope_id":"e1"})");
	/* someone else's button: acknowledged, not a press */
	const auto other = ParseEnvelope(R"({"envelope_id":"e2","type":"interactive","payload":{"type":"block_actions",
		"user":{"id":"U1"},"actions":[{"action_id":"their_button","value":"x"}]}})");
	CHECK(other.envelope_id == "e2");
	CHECK_FALSE(other.press);
	CHECK_THROWS_AS(ParseEnvelope("[]"), std::runtime_error);
}
