// EngineClient: engine, images, creating, starting and inspecting containers.
#include "EngineClient.hxx"
#include "EngineAnswer.hxx"
#include "EngineUrl.hxx"
#include "lib/cjson/Read.hxx"
#include "util/Text.hxx"

namespace osprey {

std::string_view
ShortId(std::string_view id) noexcept
{
	return id.substr(0, 12);
}

EngineClient::EngineClient(std::string socket_path, std::chrono::milliseconds _request_timeout)
	: http(std::move(socket_path), "http://d/v1.41"), request_timeout(_request_timeout)
{
}

void
EngineClient::Ping() const
{
	const char *what = "pinging the engine";
	const auto response = Send(EngineRequest::Get(what, "/_ping"));
	if (!response.IsSuccess())
		ThrowEngineError(what, response);
}

EngineVersion
EngineClient::Version() const
{
	const char *what = "asking the engine for its version";
	const JsonTree answer = ParseAnswer(what, Send(EngineRequest::Get(what, "/version")));
	const cJSON *root = answer.Get();
	return {ReadString(root, "Version"), ReadString(root, "ApiVersion"),
		ReadString(root, "Os"), ReadString(root, "Arch")};
}

std::optional<ImageInfo>
EngineClient::InspectImage(std::string_view image) const
{
	const std::string what = "inspecting image " + Quote(image);
	const auto response = Send(EngineRequest::Get(what, "/images/" + UrlEscape(image, true) + "/json"));
	if (response.status == 404)
		return std::nullopt;

	const JsonTree answer = ParseAnswer(what, response);
	const cJSON *config = FindMember(answer.Get(), "Config");
	return ImageInfo{ReadString(answer.Get(), "Id"),
			 ReadStringMap(FindMember(config, "Labels"))};
}

ImageInfo
EngineClient::RequireImage(std::string_view image, std::string_view how_to_build) const
{
	auto info = InspectImage(image);
	if (!info)
		throw ImageNotFound("image " + Quote(image) + " not found on the engine; " +
				    (how_to_build.empty() ? std::string("build or pull it first")
							  : "build it with " + std::string(how_to_build)));
	return std::move(*info);
}

std::string
EngineClient::CreateContainer(const ContainerSpec &spec) const
{
	const auto job = spec.labels.find(kJobLabel);
	const std::string what = "creating container " +
		(job != spec.labels.end() ? "for job " + job->second + " " : std::string()) +
		"from image " + Quote(spec.image);
	std::string target = "/containers/create";
	if (!spec.name.empty())
		target += "?name=" + UrlEscape(spec.name);

	const JsonTree answer = ParseAnswer(what, Send(EngineRequest::Post(what, std::move(target),
								     MakeCreateBody(spec))));
	std::string id = ReadString(answer.Get(), "Id");
	if (id.empty())
		throw std::runtime_error(what + ": the engine's answer has no container id");
	return id;
}

void
EngineClient::StartContainer(std::string_view id) const
{
	const std::string what = "starting container " + std::string(ShortId(id));
	const auto response = Send(EngineRequest::Post(what, "/containers/" + UrlEscape(id) + "/start"));
	/* 304: already running */
	if (!response.IsSuccess() && response.status != 304)
		ThrowEngineError(what, response);
}

ContainerState
EngineClient::InspectContainer(std::string_view id) const
{
	const std::string what = "inspecting container " + std::string(ShortId(id));
	const JsonTree answer = ParseAnswer(what, Send(EngineRequest::Get(what, "/containers/" +
									    UrlEscape(id) + "/json")));
	const cJSON *root = answer.Get();
	const cJSON *state = FindMember(root, "State");
	const cJSON *config = FindMember(root, "Config");

	ContainerState result;
	result.id = ReadString(root, "Id");
	result.name = ReadString(root, "Name");
	if (result.name.starts_with('/'))
		result.name.erase(0, 1);
	result.status = ReadString(state, "Status");
	result.running = FindBool(state, "Running").value_or(false);
	result.oom_killed = FindBool(state, "OOMKilled").value_or(false);
	result.exit_code = static_cast<int>(FindInteger(state, "ExitCode").value_or(0));
	result.tty = FindBool(config, "Tty").value_or(false);
	result.labels = ReadStringMap(FindMember(config, "Labels"));
	return result;
}

} // namespace osprey
