// How every outgoing connection is set up, for HTTP requests and byte
// streams alike: http and https only, certificates verified, the proxy
// chosen by ProxyConfig, never a signal.
#pragma once

#include "Proxy.hxx"

#include <chrono>
#include <string>
#include <string_view>

namespace osprey {

class CurlEasy;

struct ConnectionOptions {
	ProxyConfig proxy;

	/// A PEM file of CA certificates trusted besides the system's (tests'
	/// self-signed servers, a company CA). The system store stays in use
	/// through its hashed directory (/etc/ssl/certs, curl's CAPATH).
	std::string extra_ca_file;
};

/// Applies @p options to @p easy for a connection to @p url, with TCP and
/// TLS (and proxy CONNECT) limited to @p connect_timeout. Throws
/// std::system_error (curl category).
void SetUpConnection(CurlEasy &easy, std::string_view url,
		     const ConnectionOptions &options,
		     std::chrono::milliseconds connect_timeout);

} // namespace osprey
