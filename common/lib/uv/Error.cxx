#include "Error.hxx"

#include <uv.h>

namespace osprey::uv {

namespace {

class UvErrorCategory final : public std::error_category {
public:
	const char *name() const noexcept override { return "libuv"; }
	std::string message(int code) const override { return uv_strerror(code); }
};

} // namespace

const std::error_category &
ErrorCategory() noexcept
{
	static const UvErrorCategory category;
	return category;
}

std::system_error
MakeError(int code, const std::string &context)
{
	return std::system_error(code, ErrorCategory(), context);
}

} // namespace osprey::uv
