#include "RenderedJob.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"
#include "util/File.hxx"

#include <stdexcept>

namespace osprey::daemon {

std::string
ToJson(const RenderedFields &f)
{
	auto str = [](const std::string &s) { return json::Value::String(s); };
	return json::Serialize(json::Value::MakeObject({
		{"topic", str(f.topic)}, {"message", str(f.message)},
		{"repo", str(f.repo)}, {"ref", str(f.ref)},
	})) + "\n";
}

RenderedFields
ParseRenderedFields(std::string_view text)
{
	const auto root = json::Parse(text);
	if (!root.IsObject())
		throw std::runtime_error("rendered.json is not a JSON object");
	auto str = [&](std::string_view key) -> std::string {
		const auto *v = root.Find(key);
		return v != nullptr && v->IsString() ? v->GetText() : std::string();
	};
	return {str("topic"), str("message"), str("repo"), str("ref")};
}

RenderedFields
LoadRenderedFields(const JobFiles &files)
{
	return ParseRenderedFields(ReadFile(files.Rendered()));
}

JobWrite
NewJobWrite(const JobRecord &record, std::string payload, std::string prompt,
	    const RenderedFields &rendered)
{
	JobWrite w{record.id, true, {}};
	w.files.push_back({"payload.json", std::move(payload), 0600});
	w.files.push_back({"prompt.md", std::move(prompt), 0644});
	w.files.push_back({"rendered.json", ToJson(rendered), 0600});
	/* last: a job.json means the rest is there */
	w.files.push_back({"job.json", ToJson(record) + "\n", 0600});
	return w;
}

JobWrite
RecordWrite(const JobRecord &record)
{
	return {record.id, false, {{"job.json", ToJson(record) + "\n", 0600}}};
}

} // namespace osprey::daemon
