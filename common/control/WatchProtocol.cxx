#include "WatchProtocol.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

namespace osprey::control {

namespace {

json::Value
ParseObject(std::string_view line, const char *what)
{
	json::Value value;
	try {
		value = json::Parse(line);
	} catch (const json::ParseError &e) {
		throw ProtocolError("malformed " + std::string(what) + ": " + e.what());
	}
	if (!value.IsObject())
		throw ProtocolError("malformed " + std::string(what) + ": not a JSON object");
	return value;
}

} // namespace

std::string
ToJsonLine(const Watching &)
{
	return R"({"ok":true,"watching":true})";
}

std::string
ToJsonLine(const JobChanged &changed)
{
	auto record = ParseObject(changed.record, "job record");
	return json::Serialize(json::Value::MakeObject({
		{"event", json::Value::String("job")}, {"job", std::move(record)},
	}));
}

std::variant<Watching, Refusal>
ParseWatchAnswer(std::string_view line)
{
	const auto answer = ParseObject(line, "answer");
	const auto *ok = answer.Find("ok");
	if (ok == nullptr || !ok->IsBool())
		throw ProtocolError("malformed answer: \"ok\" must be true or false");
	if (!ok->GetBool()) {
		const auto *error = answer.Find("error");
		if (error == nullptr || !error->IsString() || error->GetText().empty())
			return Refusal{"the daemon refused without saying why"};
		return Refusal{error->GetText()};
	}
	const auto *watching = answer.Find("watching");
	if (watching == nullptr || !watching->IsBool() || !watching->GetBool())
		throw ProtocolError("malformed answer: not a watch answer (no \"watching\")");
	return Watching{};
}

JobChanged
ParseWatchEvent(std::string_view line)
{
	const auto event = ParseObject(line, "event");
	const auto *kind = event.Find("event");
	if (kind == nullptr || !kind->IsString())
		throw ProtocolError("malformed event: missing \"event\"");
	if (kind->GetText() != "job")
		throw ProtocolError("malformed event: unknown event \"" + kind->GetText() + "\"");
	const auto *job = event.Find("job");
	if (job == nullptr || !job->IsObject())
		throw ProtocolError("malformed event: \"job\" must be an object");
	return JobChanged{json::Serialize(*job)};
}

} // namespace osprey::control
