// What the network tests share: curl initialised, a loop and a multi on it,
// and the one Node peer of the test process (started on first use).
#pragma once

#include "NodePeer.hxx"
#include "RunLoop.hxx"
#include "lib/curl/Global.hxx"
#include "lib/curl/Multi.hxx"
#include "lib/uv/Loop.hxx"

#include <string>

namespace osprey::test {

inline NodePeer &
Peer()
{
	static NodePeer peer;
	return peer;
}

inline std::string
UrlOf(const std::string &scheme, const std::string &host, const std::string &server,
      const std::string &path = "")
{
	return scheme + "://" + host + ":" + std::to_string(Peer().Port(server)) + path;
}

struct NetFixture {
	CurlGlobal global;
	uv::Loop loop;
	CurlMulti multi{loop};
};

} // namespace osprey::test
