#include "SlackApi.hxx"
#include "SlackFormat.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <charconv>
#include <stdexcept>

namespace osprey::daemon::slack {

static std::string
Text(const json::Value *v)
{
	return v != nullptr && (v->IsString() || v->IsNumber()) ? v->GetText() : std::string();
}

ApiAnswer
ParseAnswer(long status, std::string_view body, std::string_view retry_after)
{
	ApiAnswer a;
	a.status = status;
	unsigned long seconds = 0;
	const auto *end = retry_after.data() + retry_after.size();
	if (auto [p, ec] = std::from_chars(retry_after.data(), end, seconds); ec == std::errc() && p == end)
		a.retry_after = std::chrono::seconds(std::min<unsigned long>(seconds, 3600));
	if (status == 429) {
		a.error = "ratelimited";
		return a;
	}
	try {
		a.root = json::Parse(body);
	} catch (const std::exception &) {
	}
	if (!a.root.IsObject()) {
		a.error = "HTTP " + std::to_string(status) + " with a body that is not the Web API's JSON";
		return a;
	}
	const auto *ok = a.root.Find("ok");
	a.ok = ok != nullptr && ok->GetBool() && status >= 200 && status < 300;
	if (!a.ok) {
		a.error = Text(a.root.Find("error"));
		if (a.error.empty())
			a.error = "HTTP " + std::to_string(status);
	}
	return a;
}

Delivery
ToDelivery(const ApiAnswer &a, MessageRef ref)
{
	if (a.ok)
		return Delivery::Sent(std::move(ref));
	const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(a.retry_after);
	if (a.status == 429 || a.status >= 500 || a.error == "ratelimited" || !a.root.IsObject() ||
	    a.error == "internal_error" || a.error == "fatal_error" || a.error == "service_unavailable" ||
	    a.error == "request_timeout")
		return Delivery::Later(a.error, after);
	return Delivery::Refused(a.error);
}

Envelope
ParseEnvelope(std::string_view text)
{
	const auto root = json::Parse(text);
	if (!root.IsObject())
		throw std::runtime_error("a Socket Mode message that is not a JSON object");
	Envelope e;
	const auto type = Text(root.Find("type"));
	e.envelope_id = Text(root.Find("envelope_id"));
	if (type == "hello") {
		e.type = Envelope::Type::Hello;
		return e;
	}
	if (type == "disconnect") {
		e.type = Envelope::Type::Disconnect;
		e.reason = Text(root.Find("reason"));
		return e;
	}
	if (type != "interactive")
		return e;
	e.type = Envelope::Type::Interactive;
	const auto *payload = root.Find("payload");
	if (payload == nullptr || Text(payload->Find("type")) != "block_actions")
		return e;
	const auto *user = payload->Find("user");
	const auto *actions = payload->Find("actions");
	if (user == nullptr || actions == nullptr || actions->GetArray().empty())
		return e;
	const auto &action = actions->GetArray().front();
	Press p;
	p.user = Text(user->Find("id"));
	auto name = Text(user->Find("name"));
	if (name.empty())
		name = Text(user->Find("username"));
	p.name = name.empty() ? p.user : name + " (" + p.user + ")";
	if (const auto *channel = payload->Find("channel"))
		p.channel = Text(channel->Find("id"));
	if (const auto *container = payload->Find("container")) {
		p.message_ts = Text(container->Find("message_ts"));
		if (p.channel.empty())
			p.channel = Text(container->Find("channel_id"));
	}
	p.action_id = Text(action.Find("action_id"));
	p.value = Text(action.Find("value"));
	if (!p.user.empty() && (p.action_id == kApprove || p.action_id == kIgnore))
		e.press = std::move(p);
	return e;
}

std::string
Acknowledgement(const std::string &envelope_id)
{
	return json::Serialize(json::Value::MakeObject({
		{"envelope_id", json::Value::String(envelope_id)}}));
}

} // namespace osprey::daemon::slack
