#include "ImageCheck.hxx"
#include "Version.h"
#include "config/Configuration.hxx"
#include "lib/curl/Easy.hxx"

#include <map>

namespace osprey::cli {

namespace {

/* 200: there; 404: missing; anything else (no engine, a timeout): unknown */
long
ImageStatus(const std::string &socket, const std::string &image)
{
	try {
		CurlEasy easy;
		char *escaped = curl_easy_escape(easy.Get(), image.c_str(), static_cast<int>(image.size()));
		const std::string name = escaped != nullptr ? escaped : image;
		curl_free(escaped);
		easy.SetOption(CURLOPT_UNIX_SOCKET_PATH, socket.c_str());
		easy.SetURL("http://engine/v1.41/images/" + name + "/json");
		easy.SetOption(CURLOPT_TIMEOUT_MS, 2000L);
		easy.SetOption(CURLOPT_NOBODY, 0L);
		easy.SetOption(CURLOPT_WRITEFUNCTION, +[](char *, size_t size, size_t n, void *) {
			return size * n;
		});
		easy.Perform();
		return easy.GetResponseCode();
	} catch (...) {
		return 0;
	}
}

std::string
HowToBuild(const std::string &image, AgentType type)
{
	const std::string dir = std::string(OSPREY_DATADIR) + "/images";
	const std::string runtime(Name(type));
	std::string how = "build it with `bash scripts/build-images` in Osprey's source tree";
	if (image == (type == AgentType::ClaudeCode ? ClaudeCodeDefaults{}.image : OpenCodeDefaults{}.image))
		return how + ", or: podman build -t " + image + " -f " + dir + "/" + runtime +
			"/Containerfile " + dir;
	return how + " (it makes " + std::string(type == AgentType::ClaudeCode ?
		ClaudeCodeDefaults{}.image : OpenCodeDefaults{}.image) + "), or build your own and tag it " + image;
}

} // namespace

void
CheckImages(const Configuration &config, Diagnostics &diagnostics)
{
	/* image -> a runtime and the first pipeline that uses it */
	std::map<std::string, std::pair<AgentType, std::string>> images;
	for (const auto &p : config.pipelines)
		if (!p.disabled)
			images.emplace(p.agent.image, std::make_pair(p.agent.type, p.file));
	const auto &socket = config.global.container.socket;
	for (const auto &[image, use] : images) {
		if (ImageStatus(socket, image) != 404)
			continue;
		diagnostics.Warning(use.second, {}, "agent.image",
				    "the image " + image + " is not in the container engine at " +
				    socket + "; jobs will fail until it is: " + HowToBuild(image, use.first));
	}
}

} // namespace osprey::cli
