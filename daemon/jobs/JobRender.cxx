#include "JobRender.hxx"
#include "config/RepoUrl.hxx"
#include "ingest/BodyParse.hxx"
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

RenderOutput
RenderTrigger(const RenderInput &in) noexcept
{
	RenderOutput out;
	try {
		json::Value payload;
		try {
			payload = ParseBody(in.content_type, in.body);
		} catch (const BadBody &e) {
			out.status = RenderOutput::Status::BadBody;
			out.error = e.what();
			return out;
		}
		out.payload = RecordedPayload(in.body, payload);
		if (!in.payloads_dir.empty()) {
			try {
				PayloadStore(in.payloads_dir, in.payloads_keep).Save(out.payload, "webhook");
			} catch (const std::exception &e) {
				out.warning = e.what();
			}
		}
		try {
			auto r = osprey::Render(*in.pipeline, payload);
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
