#include "channel/Wording.hxx"
#include "channel/telegram/TelegramApi.hxx"
#include "channel/telegram/TelegramFormat.hxx"
#include "json/Parse.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace osprey::daemon::telegram;

static Notice
Announcement()
{
	Notice n;
	n.record.id = "20261122-004512-3f9a1c2b";
	n.record.pipeline = "triage";
	n.record.state = JobState::AwaitingApproval;
	n.topic = "Issue #42";
	n.message = "Fix the <b>bug</b> & </a> ship";
	return n;
}

TEST_CASE("the announcement shows payload text literally")
{
	auto n = Announcement();
	const auto html = AnnouncementHtml(n, {});
	CHECK(html == "<b>Issue #42</b>\nFix the &lt;b&gt;bug&lt;/b&gt; &amp; &lt;/a&gt; ship\n\n"
		      "<i>triage \xc2\xb7 20261122-004512-3f9a1c2b</i>");
	SUBCASE("nobody can press: the command line is named") {
		n.approval_by_command_line = true;
		CHECK(AnnouncementHtml(n, {}).find("osprey approve 20261122-004512-3f9a1c2b") !=
		      std::string::npos);
	}
	SUBCASE("decided: the decision ends it") {
		const auto decided = AnnouncementHtml(n, "Approved by @alice");
		CHECK(decided.substr(decided.size() - 25) == "<b>Approved by @alice</b>");
	}
}

TEST_CASE("a long message is cut within 4096 characters, marked")
{
	auto n = Announcement();
	/* 3000 two-unit characters (U+1F600) and 3000 ASCII ones */
	for (int i = 0; i < 3000; ++i)
		n.message += "\xf0\x9f\x98\x80";
	n.message += std::string(3000, 'x');
	const auto html = AnnouncementHtml(n, "Approved by @alice");
	/* unescape the few entities to count what Telegram counts */
	std::string shown;
	for (std::size_t i = 0; i < html.size(); ++i) {
		if (html[i] == '<') {
			i = html.find('>', i);
			continue;
		}
		if (html[i] == '&') {
			const auto semi = html.find(';', i);
			shown += '?';
			i = semi;
			continue;
		}
		shown += html[i];
	}
	CHECK(ChatLength(shown) <= kMaxText);
	CHECK(html.find("\xe2\x80\xa6 (cut)") != std::string::npos);
	CHECK(html.find("Approved by @alice") != std::string::npos);
}

TEST_CASE("CutText cuts at a character boundary")
{
	CHECK(CutText("héllo", 10, "…") == "héllo");
	CHECK(CutText("héllo", 3, "~") == "hé~");
	CHECK(CutText("\xf0\x9f\x98\x80\xf0\x9f\x98\x80", 3, "~") == "\xf0\x9f\x98\x80~");
	CHECK(ValidText("a\xff" "b") == "a\xef\xbf\xbd" "b");
}

TEST_CASE("buttons and callback data")
{
	const auto body = json::Parse(SendMessageBody("-100123", "hi", {}, "20261122-004512-3f9a1c2b", true));
	const auto &row = body.Find("reply_markup")->Find("inline_keyboard")->GetArray().at(0).GetArray();
	REQUIRE(row.size() == 2);
	for (const auto &button : row)
		CHECK(button.Find("callback_data")->GetText().size() <= kMaxCallbackData);
	const auto data = row[0].Find("callback_data")->GetText();
	const auto parsed = ParseCallbackData(data);
	REQUIRE(parsed);
	CHECK(parsed->action == "approve");
	CHECK(parsed->job == "20261122-004512-3f9a1c2b");
	CHECK_FALSE(ParseCallbackData("delete:x"));
	CHECK_FALSE(ParseCallbackData("approve:"));
	CHECK_FALSE(ParseCallbackData("nonsense"));
}

TEST_CASE("the Bot API's answers")
{
	SUBCASE("ok") {
		const auto a = ParseAnswer(200, R"({"ok":true,"result":{"message_id":7,"chat":{"id":-100123}}})");
		CHECK(a.ok);
		const auto ref = SentMessage(a.result);
		CHECK(ref.chat == "-100123");
		CHECK(ref.message == "7");
		CHECK(ToDelivery(a, ref).outcome == Delivery::Outcome::Delivered);
	}
	SUBCASE("429 waits as long as it says") {
		const auto a = ParseAnswer(429, R"({"ok":false,"error_code":429,"description":"Too Many Requests: retry after 7","parameters":{"retry_after":7}})");
		const auto d = ToDelivery(a);
		CHECK(d.outcome == Delivery::Outcome::Retry);
		CHECK(d.retry_after == std::chrono::seconds(7));
		CHECK(d.error == "Too Many Requests: retry after 7");
	}
	SUBCASE("a 400 is given up with Telegram's words") {
		const auto d = ToDelivery(ParseAnswer(400, R"({"ok":false,"error_code":400,"description":"Bad Request: chat not found"})"));
		CHECK(d.outcome == Delivery::Outcome::Failed);
		CHECK(d.error == "Bad Request: chat not found");
	}
	SUBCASE("garbage and 5xx are tried again") {
		CHECK(ToDelivery(ParseAnswer(502, "<html>Bad Gateway</html>")).outcome == Delivery::Outcome::Retry);
		CHECK(ToDelivery(ParseAnswer(200, "{not json")).outcome == Delivery::Outcome::Retry);
		CHECK(ParseAnswer(200, "[1]").description == "HTTP 200 with a body that is not the Bot API's JSON");
	}
}

TEST_CASE("updates")
{
	const auto a = ParseAnswer(200, R"({"ok":true,"result":[
		{"update_id":10,"callback_query":{"id":"q1","from":{"id":42,"username":"alice","first_name":"Alice"},
		 "message":{"message_id":7,"chat":{"id":-100123}},"data":"approve:20261122-004512-3f9a1c2b"}},
		{"update_id":11,"message":{"text":"hi"}},
		{"update_id":12,"callback_query":{"id":"q2","from":{"id":43,"first_name":"Bob","last_name":"B"},
		 "message":{"message_id":8,"chat":{"id":-100123}},"data":"ignore:x"}},
		{"nonsense":true}]})");
	const auto updates = ParseUpdates(a.result);
	REQUIRE(updates.size() == 3);
	REQUIRE(updates[0].press);
	CHECK(updates[0].press->name == "@alice");
	CHECK(updates[0].press->user == "42");
	CHECK(updates[0].press->chat == "-100123");
	CHECK(updates[0].press->message == "7");
	CHECK_FALSE(updates[1].press);
	CHECK(updates[1].update_id == 11);
	CHECK(updates[2].press->name == "Bob B");
	CHECK_THROWS_AS(ParseUpdates(json::Value()), std::runtime_error);
}
