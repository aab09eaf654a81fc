#include "JobRender.hxx"
#include "config/RepoUrl.hxx"
#include "ingest/BodyParse.hxx"
#include "ingest/TemplateHeaders.hxx"
#include "job/Render.hxx"
#include "json/Serialize.hxx"
#include "store/PayloadStore.hxx"
#include "util/Error.hxx"
#include "util/Text.hxx"

namespace osprey::daemon {

/* payload.json (and the dashboard's copy) hold what the templates saw, as
   JSON: the body byte for byte when it is a JSON object or array, {} for an
   empty one, else the parse (GitHub's form mode: the JSON of its "payload"
   field). */
static std::string
RecordedPayload(std::string_view body, const json::Value &payload)
{
	const auto text = Trim(body);
	if (text.empty())
		return "{}";
	if (text.front() == '{' || text.front() == '[')
		return std::string(body);
	return json::Serialize(payload);
}

/* nullopt: a bad body, said in out */
static std::optional<PreparedTrigger>
Prepare(const RenderInput &in, RenderOutput &out)
{
	json::Value payload;
	try {
		payload = ParseBody(in.content_type, in.body);
	} catch (const BadBody &e) {
		out.status = RenderOutput::Status::BadBody;
		out.error = e.what();
		return std::nullopt;
	}
	const auto headers = ExpandHeaders(in.headers);
	PreparedTrigger p{TemplateData(payload, headers), RecordedPayload(in.body, payload)};
	if (!in.payloads_dir.empty()) {
		try {
			PayloadStore(in.payloads_dir, in.payloads_keep)
				.Save(p.payload, "webhook", json::Serialize(headers));
		} catch (const std::exception &e) {
			out.warning = e.what();
		}
	}
	return p;
}

RenderOutput
FilterTrigger(RenderInput &in) noexcept
{
	RenderOutput out;
	try {
		auto prepared = Prepare(in, out);
		if (!prepared)
			return out;
		try {
			if (!FilterPasses(*in.pipeline, prepared->data))
				out.status = RenderOutput::Status::Filtered;
		} catch (const RenderError &e) {
			out.status = RenderOutput::Status::FilterFailed;
			out.error = e.what();
			out.field_error = e.field_message;
			return out;
		}
		in.prepared = std::move(prepared);
	} catch (const std::exception &e) {
		out.status = RenderOutput::Status::FilterFailed;
		out.error = out.field_error = FullMessage(e);
	}
	return out;
}

RenderOutput
RenderTrigger(RenderInput &in) noexcept
{
	RenderOutput out;
	try {
		std::optional<PreparedTrigger> prepared;
		if (!in.prepared) {
			prepared = Prepare(in, out);
			if (!prepared)
				return out;
		}
		auto &p = in.prepared ? *in.prepared : *prepared;
		out.payload = std::move(p.payload);
		try {
			auto r = RenderData(*in.pipeline, p.data);
			/* a repository the payload chose fails the job now, not in
			   its worker: same check, sooner, and nothing huge to send */
			const auto &ws = in.pipeline->workspace;
			if (ws.type == WorkspaceType::GitClone || ws.type == WorkspaceType::GitWorktree) {
				CheckRepoUrl(r.repo, IsTemplated(ws.repo), ws.allowed_repos);
				CheckRefLength(r.ref);
			}
			out.prompt = std::move(r.prompt);
			out.fields = {std::move(r.topic), std::move(r.message), std::move(r.repo),
				      std::move(r.ref)};
		} catch (const std::exception &e) {
			out.status = RenderOutput::Status::RenderFailed;
			out.error = FullMessage(e);
		}
	} catch (const std::exception &e) {
		out.status = RenderOutput::Status::RenderFailed;
		out.error = FullMessage(e);
	}
	return out;
}

} // namespace osprey::daemon
