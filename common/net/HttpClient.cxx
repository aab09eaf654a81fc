#include "HttpClient.hxx"
#include "HttpTransfer.hxx"

#include <map>

namespace osprey {

struct HttpClient::Impl {
	CurlMulti &multi;
	const HttpClientOptions options;
	TransferId last_id = 0;
	std::map<TransferId, std::unique_ptr<HttpTransfer>> transfers;

	Impl(CurlMulti &_multi, HttpClientOptions &&_options)
		: multi(_multi), options(std::move(_options)) {}

	~Impl() noexcept { Close(); }

	void Close() noexcept {
		for (auto &[id, transfer] : transfers)
			multi.Remove(transfer->Get());
		transfers.clear();
	}

	/// From the multi, outside curl's callbacks: the transfer leaves the
	/// table before its callback runs, so the callback may Start(),
	/// Cancel() or Close() freely.
	static void OnDone(void *context, HttpTransfer &transfer, CURLcode code) noexcept {
		auto &self = *static_cast<Impl *>(context);
		auto node = self.transfers.extract(transfer.id);
		self.multi.Remove(transfer.Get());
		HttpResult result = transfer.TakeResult(code);
		HttpCallback callback = std::move(transfer.callback);
		callback(std::move(result));
		// node (the transfer and its easy handle) goes here, after the
		// callback: the client may be gone by now, the transfer is not
	}
};

HttpClient::HttpClient(CurlMulti &multi, HttpClientOptions options)
	: impl(std::make_unique<Impl>(multi, std::move(options))) {}

HttpClient::HttpClient(HttpClient &&) noexcept = default;
HttpClient &HttpClient::operator=(HttpClient &&) noexcept = default;
HttpClient::~HttpClient() noexcept = default;

HttpClient::TransferId
HttpClient::Start(HttpRequest request, HttpCallback callback)
{
	const TransferId id = ++impl->last_id;
	auto transfer = std::make_unique<HttpTransfer>(id, std::move(request),
						       std::move(callback), impl->options,
						       Impl::OnDone, impl.get());
	auto &slot = impl->transfers[id];
	slot = std::move(transfer);
	try {
		impl->multi.Add(slot->Get(), *slot);
	} catch (...) {
		impl->transfers.erase(id);
		throw;
	}
	return id;
}

bool
HttpClient::Cancel(TransferId id) noexcept
{
	auto node = impl->transfers.extract(id);
	if (node.empty())
		return false;
	impl->multi.Remove(node.mapped()->Get());
	return true;
}

std::size_t
HttpClient::Running() const noexcept
{
	return impl->transfers.size();
}

void
HttpClient::Close() noexcept
{
	if (impl != nullptr)
		impl->Close();
}

} // namespace osprey
