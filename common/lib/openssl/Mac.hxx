// Owners of OpenSSL 3 MAC objects: EVP_MAC (a fetched algorithm) and
// EVP_MAC_CTX (a keyed computation). Move-only; the only callers of
// EVP_MAC_free() and EVP_MAC_CTX_free().
#pragma once

#include <openssl/evp.h>

#include <utility>

namespace osprey::openssl {

class Mac {
	EVP_MAC *mac = nullptr;

public:
	/// Fetches @p name ("HMAC") from the default provider; throws
	/// std::runtime_error when it is not available.
	explicit Mac(const char *name);
	Mac(Mac &&other) noexcept : mac(std::exchange(other.mac, nullptr)) {}
	Mac &operator=(Mac &&other) noexcept {
		std::swap(mac, other.mac);
		return *this;
	}
	~Mac() noexcept { EVP_MAC_free(mac); }

	EVP_MAC *Get() const noexcept { return mac; }
};

class MacContext {
	EVP_MAC_CTX *ctx = nullptr;

public:
	/// Throws std::runtime_error when OpenSSL cannot allocate one.
	explicit MacContext(const Mac &mac);
	MacContext(MacContext &&other) noexcept : ctx(std::exchange(other.ctx, nullptr)) {}
	MacContext &operator=(MacContext &&other) noexcept {
		std::swap(ctx, other.ctx);
		return *this;
	}
	~MacContext() noexcept { EVP_MAC_CTX_free(ctx); }

	EVP_MAC_CTX *Get() const noexcept { return ctx; }
};

} // namespace osprey::openssl
