// Runs tests/common/net/peer.js (the real servers and proxy the network
// tests talk to) under Node and waits, with a deadline, for its ready line.
// The peer exits when its standard input closes: when this object goes, or
// when the test process dies.
#pragma once

#include "lib/posix/Spawn.hxx"

#include <map>
#include <string>

namespace osprey::test {

class NodePeer {
	SpawnedChild child;
	UniqueFd input;
	std::map<std::string, std::string> values;

public:
	/// Node and the script come from $OSPREY_NODE and $OSPREY_NET_PEER
	/// (set by meson). Throws std::runtime_error when the peer does not
	/// get ready within 30 s.
	NodePeer();
	~NodePeer() noexcept;

	NodePeer(const NodePeer &) = delete;
	NodePeer &operator=(const NodePeer &) = delete;

	/// "http", "https", "proxy", "echo", "tlsecho".
	int Port(const std::string &name) const { return std::stoi(values.at(name)); }
	/// The self-signed certificate of the TLS servers (their CA).
	const std::string &CaFile() const { return values.at("ca"); }
};

} // namespace osprey::test
