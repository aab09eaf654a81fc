#include "Mac.hxx"
#include "Error.hxx"

namespace osprey::openssl {

Mac::Mac(const char *name)
	: mac(EVP_MAC_fetch(nullptr, name, nullptr))
{
	if (mac == nullptr)
		throw MakeError("fetching the MAC algorithm");
}

MacContext::MacContext(const Mac &mac)
	: ctx(EVP_MAC_CTX_new(mac.Get()))
{
	if (ctx == nullptr)
		throw MakeError("creating a MAC context");
}

} // namespace osprey::openssl
