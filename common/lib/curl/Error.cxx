#include "Error.hxx"

namespace osprey {

namespace {

class CurlErrorCategory final : public std::error_category {
public:
	const char *name() const noexcept override { return "curl"; }

	std::string message(int code) const override {
		return curl_easy_strerror(static_cast<CURLcode>(code));
	}
};

} // namespace

const std::error_category &
CurlCategory() noexcept
{
	static const CurlErrorCategory category;
	return category;
}

std::system_error
MakeCurlError(CURLcode code, const std::string &detail)
{
	if (detail.empty())
		return std::system_error(MakeCurlErrorCode(code));
	return std::system_error(MakeCurlErrorCode(code), detail);
}

} // namespace osprey
