// EngineClient: waiting for, stopping, killing, removing and listing containers.
#include "EngineClient.hxx"
#include "EngineAnswer.hxx"
#include "EngineUrl.hxx"
#include "lib/cjson/Build.hxx"
#include "lib/cjson/Read.hxx"

namespace osprey {

static const char *
ConditionName(WaitCondition condition) noexcept
{
	switch (condition) {
	case WaitCondition::kNotRunning:
		return "not-running";
	case WaitCondition::kNextExit:
		return "next-exit";
	case WaitCondition::kRemoved:
		return "removed";
	}
	return "not-running";
}

int
EngineClient::WaitContainer(std::string_view id, WaitCondition condition,
			    std::stop_token stop) const
{
	const std::string what = "waiting for container " + std::string(ShortId(id));
	auto request = EngineRequest::Post(what, "/containers/" + UrlEscape(id) +
					 "/wait?condition=" + ConditionName(condition));
	request.timeout = {};
	request.stop = std::move(stop);
	const JsonTree answer = ParseAnswer(what, http.Send(request));

	/* Docker: {"StatusCode":N,"Error":{"Message":"..."}} or "Error":null */
	const auto error = FindString(FindMember(answer.Get(), "Error"), "Message");
	if (error && !error->empty())
		throw std::runtime_error(what + ": " + std::string(*error));

	const auto code = FindInteger(answer.Get(), "StatusCode");
	if (!code)
		throw std::runtime_error(what + ": the engine's answer has no StatusCode");
	return static_cast<int>(*code);
}

void
EngineClient::StopContainer(std::string_view id, std::chrono::seconds grace) const
{
	const std::string what = "stopping container " + std::string(ShortId(id));
	auto request = EngineRequest::Post(what, "/containers/" + UrlEscape(id) + "/stop?t=" +
					 std::to_string(grace.count()));
	/* the engine answers after the grace period at worst */
	const auto response = Send(std::move(request), grace);
	/* 304: already stopped */
	if (!response.IsSuccess() && response.status != 304)
		ThrowEngineError(what, response);
}

bool
EngineClient::KillContainer(std::string_view id, std::string_view signal) const
{
	const std::string what = "killing container " + std::string(ShortId(id));
	const auto response = Send(EngineRequest::Post(what, "/containers/" + UrlEscape(id) +
						       "/kill?signal=" + UrlEscape(signal)));
	if (response.IsSuccess())
		return true;
	/* Docker answers 409 for a container that is not running, Podman 500
	   ("container state improper"): ask rather than parse messages */
	if (response.status == 409 || !InspectContainer(id).running)
		return false;
	ThrowEngineError(what, response);
}

bool
EngineClient::RemoveContainer(std::string_view id, bool force, bool volumes) const
{
	const std::string what = "removing container " + std::string(ShortId(id));
	const auto response = Send(EngineRequest::Delete(what, "/containers/" + UrlEscape(id) +
							 "?force=" + (force ? "true" : "false") +
							 "&v=" + (volumes ? "true" : "false")));
	if (response.status == 404)
		return false;
	if (!response.IsSuccess())
		ThrowEngineError(what, response);
	return true;
}

std::vector<ContainerSummary>
EngineClient::ListContainers(const std::vector<std::string> &label_filters, bool all) const
{
	JsonTree filters = JsonTree::NewObject();
	cJSON &labels = AddArray(*filters.Get(), "label");
	for (const auto &filter : label_filters)
		AppendString(labels, filter);

	const std::string what = "listing containers";
	const JsonTree answer = ParseAnswer(what, Send(EngineRequest::Get(what, std::string("/containers/json?all=") +
							 (all ? "true" : "false") + "&filters=" +
							 UrlEscape(filters.Print()))));

	std::vector<ContainerSummary> result;
	const cJSON *entry;
	cJSON_ArrayForEach(entry, answer.Get()) {
		ContainerSummary &summary = result.emplace_back();
		summary.id = ReadString(entry, "Id");
		summary.image = ReadString(entry, "Image");
		summary.state = ReadString(entry, "State");
		summary.labels = ReadStringMap(FindMember(entry, "Labels"));
		const cJSON *name;
		cJSON_ArrayForEach(name, FindMember(entry, "Names"))
			if (const auto value = StringValue(name))
				summary.names.emplace_back(value->starts_with('/') ? value->substr(1)
										   : *value);
	}
	return result;
}

} // namespace osprey
