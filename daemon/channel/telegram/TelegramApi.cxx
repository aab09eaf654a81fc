#include "TelegramApi.hxx"
#include "json/Parse.hxx"

#include <stdexcept>

namespace osprey::daemon::telegram {

static std::string
Text(const json::Value *v)
{
	if (v == nullptr)
		return {};
	if (v->IsString() || v->IsNumber())
		return v->GetText();
	return {};
}

ApiAnswer
ParseAnswer(long status, std::string_view body)
{
	ApiAnswer a;
	a.error_code = status;
	json::Value root;
	try {
		root = json::Parse(body);
	} catch (const std::exception &) {
	}
	if (!root.IsObject()) {
		a.description = "HTTP " + std::to_string(status) + " with a body that is not the Bot API's JSON";
		return a;
	}
	const auto *ok = root.Find("ok");
	a.ok = ok != nullptr && ok->GetBool() && status >= 200 && status < 300;
	if (a.ok) {
		if (const auto *r = root.Find("result"))
			a.result = *r;
		return a;
	}
	if (const auto *code = root.Find("error_code"); code != nullptr && code->ToInt64())
		a.error_code = static_cast<long>(*code->ToInt64());
	a.description = Text(root.Find("description"));
	if (a.description.empty())
		a.description = "HTTP " + std::to_string(status);
	if (const auto *p = root.Find("parameters"); p != nullptr)
		if (const auto *r = p->Find("retry_after"); r != nullptr && r->ToInt64() && *r->ToInt64() > 0)
			a.retry_after = std::chrono::seconds(std::min<std::int64_t>(*r->ToInt64(), 3600));
	return a;
}

Delivery
ToDelivery(const ApiAnswer &a, MessageRef ref)
{
	if (a.ok)
		return Delivery::Sent(std::move(ref));
	if (a.error_code == 429 || a.error_code >= 500 || a.error_code < 400)
		return Delivery::Later(a.description,
				       std::chrono::duration_cast<std::chrono::milliseconds>(a.retry_after));
	return Delivery::Refused(a.description);
}

static std::string
NameOf(const json::Value &from)
{
	if (const auto username = Text(from.Find("username")); !username.empty())
		return "@" + username;
	auto name = Text(from.Find("first_name"));
	if (const auto last = Text(from.Find("last_name")); !last.empty())
		name += (name.empty() ? "" : " ") + last;
	return name.empty() ? "user " + Text(from.Find("id")) : name;
}

std::vector<Update>
ParseUpdates(const json::Value &result)
{
	if (!result.IsArray())
		throw std::runtime_error("getUpdates did not answer with a list of updates");
	std::vector<Update> updates;
	for (const auto &u : result.GetArray()) {
		const auto *id = u.Find("update_id");
		if (id == nullptr || !id->ToInt64())
			continue;
		Update update;
		update.update_id = *id->ToInt64();
		const auto *q = u.Find("callback_query");
		const auto *from = q != nullptr ? q->Find("from") : nullptr;
		const auto *message = q != nullptr ? q->Find("message") : nullptr;
		const auto *chat = message != nullptr ? message->Find("chat") : nullptr;
		if (q != nullptr && from != nullptr && from->IsObject() && chat != nullptr) {
			Press p;
			p.query_id = Text(q->Find("id"));
			p.user = Text(from->Find("id"));
			p.name = NameOf(*from);
			p.chat = Text(chat->Find("id"));
			p.message = Text(message->Find("message_id"));
			p.data = Text(q->Find("data"));
			if (!p.query_id.empty() && !p.user.empty())
				update.press = std::move(p);
		}
		updates.push_back(std::move(update));
	}
	return updates;
}

MessageRef
SentMessage(const json::Value &result)
{
	MessageRef ref;
	ref.message = Text(result.Find("message_id"));
	if (const auto *chat = result.Find("chat"))
		ref.chat = Text(chat->Find("id"));
	return ref;
}

} // namespace osprey::daemon::telegram
