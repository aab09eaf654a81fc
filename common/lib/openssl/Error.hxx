// OpenSSL failures become std::runtime_error carrying OpenSSL's own reason.
#pragma once

#include <stdexcept>

namespace osprey::openssl {

/// "what: <first error on OpenSSL's error queue>"; clears the queue.
std::runtime_error MakeError(const char *what);

} // namespace osprey::openssl
