#include "Error.hxx"

namespace osprey {

static void
Append(std::string &out, const std::exception &e) noexcept
{
	try {
		if (!out.empty())
			out += ": ";
		out += e.what();
		std::rethrow_if_nested(e);
	} catch (const std::exception &nested) {
		Append(out, nested);
	} catch (...) {
		out += ": unknown error";
	}
}

std::string
FullMessage(const std::exception &e) noexcept
{
	std::string out;
	Append(out, e);
	return out;
}

std::string
FullMessage(std::exception_ptr ep) noexcept
{
	try {
		std::rethrow_exception(ep);
	} catch (const std::exception &e) {
		return FullMessage(e);
	} catch (...) {
		return "unknown error";
	}
}

void
ThrowWithContext(const std::string &context)
{
	std::throw_with_nested(std::runtime_error(context));
}

} // namespace osprey
