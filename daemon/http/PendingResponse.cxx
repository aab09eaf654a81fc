#include "PendingResponse.hxx"
#include "HttpConnectionProtocol.hxx"

#include <utility>

namespace osprey::http {

PendingResponse::PendingResponse(HttpConnectionProtocol &_protocol) noexcept
	: protocol(&_protocol)
{
	protocol->pending = this;
}

PendingResponse::PendingResponse(PendingResponse &&other) noexcept
	: protocol(std::exchange(other.protocol, nullptr))
{
	if (protocol != nullptr)
		protocol->pending = this;
}

PendingResponse &
PendingResponse::operator=(PendingResponse &&other) noexcept
{
	if (this != &other) {
		// Overwriting an unanswered token drops it: 500, as in the destructor.
		if (protocol != nullptr)
			std::exchange(protocol, nullptr)->AnswerDropped();
		protocol = std::exchange(other.protocol, nullptr);
		if (protocol != nullptr)
			protocol->pending = this;
	}
	return *this;
}

PendingResponse::~PendingResponse() noexcept
{
	if (protocol != nullptr)
		std::exchange(protocol, nullptr)->AnswerDropped();
}

void
PendingResponse::Complete(const Response &response) noexcept
{
	if (protocol != nullptr)
		std::exchange(protocol, nullptr)->Answer(response);
}

} // namespace osprey::http
