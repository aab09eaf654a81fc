// Unpredictable bytes for the handshake key and the frame masks (RFC 6455
// section 10.3 wants masks an intermediary cannot guess).
//
// From the kernel's CSPRNG through getrandom(2) rather than OpenSSL's
// RAND_bytes(): libcrypto is linked statically for its hashes only (see
// common/lib/openssl/meson.build), and RAND_bytes() would bring in the DRBG
// and the provider machinery that linking avoids, for a few bytes per frame.
#pragma once

#include <cstddef>

namespace osprey::websocket {

/// Fills @p size bytes at @p out. Blocks only before the kernel's pool is
/// first seeded (early boot). Throws std::system_error when the kernel has no
/// getrandom(2), which Debian 12's has.
void FillRandom(void *out, std::size_t size);

} // namespace osprey::websocket
