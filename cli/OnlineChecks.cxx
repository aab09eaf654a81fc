#include "OnlineChecks.hxx"
#include "config/Configuration.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"
#include "lib/curl/Easy.hxx"
#include "lib/curl/Slist.hxx"
#include "net/Connection.hxx"
#include "net/Redact.hxx"

#include <algorithm>
#include <map>

namespace osprey::cli {

namespace {

struct Answer {
	/** empty when an answer came */
	std::string error;
	long status = 0;
	json::Value body;
};

/* One blocking POST; errors never name the URL's path (a Telegram token
   sits there). */
Answer
Post(const std::string &url, const std::vector<std::string> &headers, const std::string &body)
{
	Answer a;
	try {
		CurlEasy easy;
		SetUpConnection(easy, url, ConnectionOptions{ProxyConfig::FromEnvironment(), {}},
				std::chrono::seconds(10));
		easy.SetURL(url);
		easy.SetOption(CURLOPT_TIMEOUT_MS, 15000L);
		easy.SetOption(CURLOPT_POSTFIELDS, body.c_str());
		easy.SetOption(CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
		CurlSlist list;
		for (const auto &h : headers)
			list.Append(h.c_str());
		easy.SetOption(CURLOPT_HTTPHEADER, list.Get());
		std::string received;
		easy.SetOption(CURLOPT_WRITEFUNCTION, +[](char *p, size_t s, size_t n, void *ud) -> size_t {
			auto &out = *static_cast<std::string *>(ud);
			if (out.size() + s * n > (1u << 20))
				return 0;
			out.append(p, s * n);
			return s * n;
		});
		easy.SetOption(CURLOPT_WRITEDATA, &received);
		easy.Perform();
		a.status = easy.GetResponseCode();
		try {
			a.body = json::Parse(received);
		} catch (const std::exception &) {
		}
	} catch (const std::exception &e) {
		a.error = RedactUrl(e.what(), url);
	}
	return a;
}

std::string
Text(const json::Value &v, std::string_view key)
{
	const auto *f = v.Find(key);
	return f != nullptr && (f->IsString() || f->IsNumber()) ? f->GetText() : std::string();
}

std::string
Names(const std::vector<std::string> &pipelines)
{
	std::string s;
	for (const auto &p : pipelines)
		s += (s.empty() ? "" : ", ") + p;
	return (pipelines.size() == 1 ? "pipeline " : "pipelines ") + s;
}

OnlineResult
CheckTelegram(const TelegramSettings &t, const std::vector<std::int64_t> &chats,
	      const std::vector<std::string> &pipelines)
{
	OnlineResult r;
	r.subject = "telegram bot at " + UrlOrigin(t.api_url) + " (" + Names(pipelines) + ")";
	const auto base = t.api_url + "/bot" + t.bot_token + "/";
	const std::vector<std::string> json_header{"Content-Type: application/json"};
	const auto me = Post(base + "getMe", json_header, "{}");
	if (!me.error.empty()) {
		r.lines.push_back("cannot reach Telegram: " + me.error);
		return r;
	}
	if (me.status == 401 || me.status == 404) {
		r.lines.push_back("the Telegram bot token was rejected (" + Text(me.body, "description") +
				  "); get a new one from @BotFather");
		return r;
	}
	if (const auto *ok = me.body.Find("ok"); ok == nullptr || !ok->GetBool()) {
		r.lines.push_back("getMe failed: HTTP " + std::to_string(me.status) + " " +
				  Text(me.body, "description"));
		return r;
	}
	const auto *result = me.body.Find("result");
	r.lines.push_back("the token works: the bot is @" + (result ? Text(*result, "username") : "?"));
	r.ok = true;
	for (const auto chat : chats) {
		const auto id = std::to_string(chat);
		const auto c = Post(base + "getChat", json_header,
				    json::Serialize(json::Value::MakeObject({{"chat_id", json::Value::String(id)}})));
		if (!c.error.empty()) {
			r.ok = false;
			r.lines.push_back("chat " + id + ": cannot reach Telegram: " + c.error);
		} else if (const auto *ok = c.body.Find("ok"); ok != nullptr && ok->GetBool()) {
			const auto *chat_info = c.body.Find("result");
			const auto title = chat_info ? Text(*chat_info, "title") : std::string();
			r.lines.push_back("chat " + id + ": the bot can post there" +
					  (title.empty() ? "" : " (\"" + title + "\")"));
		} else {
			r.ok = false;
			r.lines.push_back("chat " + id + ": the bot cannot see this chat (" +
					  Text(c.body, "description") + "); add the bot to it, or check chat_id");
		}
	}
	return r;
}

OnlineResult
CheckSlack(const SlackSettings &s, const std::vector<std::string> &channels,
	   const std::vector<std::string> &pipelines)
{
	OnlineResult r;
	r.subject = "slack app at " + UrlOrigin(s.api_url) + " (" + Names(pipelines) + ")";
	const std::vector<std::string> bot{"Authorization: Bearer " + s.bot_token,
					   "Content-Type: application/json; charset=utf-8"};
	auto ok = [](const Answer &a) { const auto *v = a.body.Find("ok"); return v != nullptr && v->GetBool(); };
	const auto auth = Post(s.api_url + "/auth.test", bot, "{}");
	if (!auth.error.empty()) {
		r.lines.push_back("cannot reach Slack: " + auth.error);
		return r;
	}
	if (!ok(auth)) {
		r.lines.push_back("the Slack bot token was rejected (" + Text(auth.body, "error") + ")");
		return r;
	}
	r.ok = true;
	r.lines.push_back("the bot token works: team " + Text(auth.body, "team") + ", bot user " +
			  Text(auth.body, "user_id"));
	for (const auto &channel : channels) {
		const auto info = Post(s.api_url + "/conversations.info", bot,
				       json::Serialize(json::Value::MakeObject({{"channel", json::Value::String(channel)}})));
		const auto *ch = info.body.Find("channel");
		const auto *member = ch != nullptr ? ch->Find("is_member") : nullptr;
		if (!info.error.empty()) {
			r.ok = false;
			r.lines.push_back("channel " + channel + ": cannot reach Slack: " + info.error);
		} else if (!ok(info) && Text(info.body, "error") == "missing_scope") {
			r.lines.push_back("channel " + channel + ": not checked (the bot token lacks the "
					  "channels:read scope to look)");
		} else if (!ok(info)) {
			r.ok = false;
			r.lines.push_back("channel " + channel + ": " + Text(info.body, "error") +
					  " (check channel_id)");
		} else if (member != nullptr && !member->GetBool()) {
			r.ok = false;
			r.lines.push_back("the bot is not a member of channel " + channel +
					  "; invite it there (/invite @your-bot)");
		} else {
			r.lines.push_back("channel " + channel + ": the bot is a member");
		}
	}
	if (s.app_token.empty()) {
		r.lines.push_back("no app_token: presses on Approve and Ignore cannot arrive");
		return r;
	}
	const auto open = Post(s.api_url + "/apps.connections.open",
			       {"Authorization: Bearer " + s.app_token,
				"Content-Type: application/x-www-form-urlencoded"}, "");
	if (!open.error.empty()) {
		r.ok = false;
		r.lines.push_back("Socket Mode: cannot reach Slack: " + open.error);
	} else if (!ok(open)) {
		r.ok = false;
		const auto error = Text(open.body, "error");
		r.lines.push_back(error == "not_allowed_token_type"
			? "Socket Mode: the app token is not an app-level token (xapp-...)"
			: "Socket Mode: the app token was rejected (" + error + "); it needs connections:write "
			  "and Socket Mode turned on");
	} else {
		r.lines.push_back("Socket Mode: the app token can open a connection");
	}
	return r;
}

} // namespace

std::vector<OnlineResult>
CheckOnline(const Configuration &config)
{
	struct TelegramBot { TelegramSettings settings; std::vector<std::int64_t> chats; std::vector<std::string> pipelines; };
	struct SlackApp { SlackSettings settings; std::vector<std::string> channels, pipelines; };
	std::map<std::string, TelegramBot> telegram;
	std::map<std::string, SlackApp> slack;
	for (const auto &p : config.pipelines) {
		if (p.disabled)
			continue;
		const auto &c = p.channel;
		if (c.type == ChannelType::Telegram) {
			auto &bot = telegram[c.telegram.api_url + "\n" + c.telegram.bot_token];
			bot.settings = c.telegram;
			if (std::find(bot.chats.begin(), bot.chats.end(), c.telegram.chat_id) == bot.chats.end())
				bot.chats.push_back(c.telegram.chat_id);
			bot.pipelines.push_back(p.name);
		} else if (c.type == ChannelType::Slack) {
			auto &app = slack[c.slack.api_url + "\n" + c.slack.bot_token + "\n" + c.slack.app_token];
			app.settings = c.slack;
			if (std::find(app.channels.begin(), app.channels.end(), c.slack.channel_id) == app.channels.end())
				app.channels.push_back(c.slack.channel_id);
			app.pipelines.push_back(p.name);
		}
	}
	std::vector<OnlineResult> results;
	for (const auto &[key, bot] : telegram)
		results.push_back(CheckTelegram(bot.settings, bot.chats, bot.pipelines));
	for (const auto &[key, app] : slack)
		results.push_back(CheckSlack(app.settings, app.channels, app.pipelines));
	return results;
}

} // namespace osprey::cli
