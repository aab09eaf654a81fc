// The webhook channel: every notification POSTed to a URL as one JSON
// object {"id","event","time","job","pipeline","state","topic","message",
// "reason","result","decided_by"}, event one of announced, decided,
// finished. The id is the same on every retry (and in X-Osprey-Delivery),
// so receivers can drop a duplicate; with a secret, the body is signed like
// inbound webhooks (bare lowercase hex HMAC-SHA256 in X-Osprey-Signature).
// Any 2xx is delivered; 429 and 5xx (and no answer) are tried again,
// honouring Retry-After; any other answer is refused for good.
#pragma once

#include "channel/ChannelBackend.hxx"
#include "net/HttpClient.hxx"

#include <map>

namespace osprey::daemon {

class WebhookChannel final : public ChannelBackend {
	HttpClient &http;
	const WebhookChannelSettings settings;
	std::map<HttpClient::TransferId, bool> calls;
	bool stopped = false;

public:
	WebhookChannel(HttpClient &http, WebhookChannelSettings settings);
	~WebhookChannel() noexcept override;

	void Start() override { stopped = false; }
	void Stop() noexcept override;
	void Deliver(const Notice &notice, DeliveryDone done) override;
	std::string ChatOf(const EffectiveChannel &) const override { return "url"; }
};

/// The JSON body for @p notice.
std::string WebhookBody(const Notice &notice);

/// How an answer with HTTP @p status and Retry-After @p retry_after
/// (seconds, or an HTTP date; "" when absent) counts.
Delivery WebhookDelivery(long status, std::string_view retry_after);

} // namespace osprey::daemon
