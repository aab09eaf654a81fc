#include "SignatureVendor.hxx"

#include <array>
#include <cctype>

namespace osprey {

namespace {

/* Only what the senders document, and only HMAC-SHA256 over the raw body
   in hex can be verified here; the rest need a verifying proxy (see
   osprey-pipeline(5)). */
struct Vendor {
	std::string_view header;
	std::string_view sender;
	std::string_view prefix;       // what precedes the hex digest
	std::string_view incompatible; // why it cannot be verified here, or ""
};

constexpr std::array<Vendor, 9> vendors{{
	{"X-Hub-Signature-256", "GitHub", "sha256=", ""},
	{"X-Hub-Signature", "GitHub (legacy) and Bitbucket", "sha256=",
	 "GitHub sends SHA-1 there (sha1=...); use X-Hub-Signature-256 for GitHub, or "
	 "signature_prefix: \"sha256=\" for Bitbucket"},
	{"X-Gitea-Signature", "Gitea", "", ""},
	{"X-Forgejo-Signature", "Forgejo", "", ""},
	{"X-Gogs-Signature", "Gogs", "", ""},
	{"Sentry-Hook-Signature", "Sentry", "", ""},
	{"X-Slack-Signature", "Slack",
	 "", "Slack signs \"v0:<timestamp>:<body>\", not the body alone"},
	{"Stripe-Signature", "Stripe",
	 "", "Stripe signs \"<timestamp>.<body>\" and sends t=...,v1=..."},
	{"X-Gitlab-Token", "GitLab",
	 "", "GitLab sends the secret itself, not a signature of the body"},
}};

bool
SameName(std::string_view a, std::string_view b) noexcept
{
	if (a.size() != b.size())
		return false;
	for (std::size_t i = 0; i < a.size(); ++i)
		if (std::tolower(static_cast<unsigned char>(a[i])) !=
		    std::tolower(static_cast<unsigned char>(b[i])))
			return false;
	return true;
}

const Vendor *
Find(std::string_view header) noexcept
{
	for (const auto &v : vendors)
		if (SameName(v.header, header))
			return &v;
	return nullptr;
}

} // namespace

std::string_view
SignatureVendorPrefix(std::string_view header) noexcept
{
	const auto *v = Find(header);
	return v != nullptr && v->incompatible.empty() ? v->prefix : std::string_view{};
}

std::optional<std::string>
SignatureVendorAdvice(std::string_view header, std::string_view prefix)
{
	const auto *v = Find(header);
	if (v == nullptr)
		return std::nullopt;
	const std::string sender(v->sender);
	if (!v->incompatible.empty()) {
		/* Bitbucket's sha256= on the legacy header is fine */
		if (!v->prefix.empty() && prefix == v->prefix)
			return std::nullopt;
		return "is " + sender + "'s header, which cannot be verified as a bare "
			"HMAC-SHA256 of the body: " + std::string(v->incompatible);
	}
	if (prefix == v->prefix)
		return std::nullopt;
	if (v->prefix.empty())
		return "is " + sender + "'s header, which carries the bare digest: remove "
			"signature_prefix, or every delivery is refused with 401";
	return "is " + sender + "'s header, which carries \"" + std::string(v->prefix) +
		"<hex>\": set signature_prefix: \"" + std::string(v->prefix) +
		"\", or every delivery is refused with 401";
}

} // namespace osprey
