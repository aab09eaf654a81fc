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

class CurlMultiErrorCategory final : public std::error_category {
public:
	const char *name() const noexcept override { return "curl multi"; }

	std::string message(int code) const override {
		return curl_multi_strerror(static_cast<CURLMcode>(code));
	}
};

} // namespace

const std::error_category &
CurlMultiCategory() noexcept
{
	static const CurlMultiErrorCategory category;
	return category;
}

std::system_error
MakeCurlMultiError(CURLMcode code, const char *what)
{
	return std::system_error(static_cast<int>(code), CurlMultiCategory(), what);
}

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
