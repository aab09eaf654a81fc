// osprey status: what the running daemon says about itself, asked over the
// management socket.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "Output.hxx"
#include "config/Home.hxx"
#include "json/Serialize.hxx"

#include <array>
#include <cstdio>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"json", false, "print the daemon's answer as JSON"},
}};
const std::span<const OptionSpec> status_options = options;

namespace {

/// A member as text: strings and numbers as written, "?" when missing (an
/// older or newer daemon may not send it).
std::string
Text(const json::Value *v)
{
	if (v == nullptr || v->IsNull())
		return "?";
	if (v->IsString() || v->IsNumber())
		return v->GetText();
	if (v->IsBool())
		return v->GetBool() ? "yes" : "no";
	return json::Serialize(*v);
}

std::string
Member(const json::Value &object, std::string_view a, std::string_view b = {})
{
	const auto *v = object.Find(a);
	if (v != nullptr && !b.empty())
		v = v->Find(b);
	return Text(v);
}

/// "2 running, 1 awaiting_approval": the counts the daemon sent, in its
/// order, zeros left out.
std::string
JobCounts(const json::Value *jobs)
{
	std::string text;
	if (jobs != nullptr)
		for (const auto &[state, count] : jobs->GetMembers())
			if (count.GetText() != "0")
				text += (text.empty() ? "" : ", ") + Text(&count) + " " + state;
	return text.empty() ? "none" : text;
}

} // namespace

int
RunStatus(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto answer = ControlCommand(Home::FromEnvironment().ControlSocket(),
					   json::Value::MakeObject({
						   {"command", json::Value::String("status")},
					   }));
	if (args.Has("json")) {
		json::Members members;
		for (const auto &m : answer.GetMembers())
			if (m.first != "ok")
				members.push_back(m);
		std::printf("%s\n", json::Serialize(json::Value::MakeObject(std::move(members))).c_str());
		return 0;
	}

	std::printf("osprey %s is running (pid %s) since %s\n", Member(answer, "version").c_str(),
		    Member(answer, "pid").c_str(), Member(answer, "started").c_str());
	const std::vector<std::vector<std::string>> rows{
		{"listening", Member(answer, "listening")},
		{"slots", Member(answer, "slots", "used") + " of " + Member(answer, "slots", "max") +
		 " in use"},
		{"pipelines", Member(answer, "pipelines", "webhook") + " webhook, " +
		 Member(answer, "pipelines", "cron") + " cron, " +
		 Member(answer, "pipelines", "disabled") + " disabled"},
		{"jobs", JobCounts(answer.Find("jobs"))},
	};
	std::fputs(FormatTable(rows).c_str(), stdout);
	return 0;
}

} // namespace osprey::cli
