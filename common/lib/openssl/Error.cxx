#include "Error.hxx"

#include <openssl/err.h>

#include <string>

namespace osprey::openssl {

std::runtime_error
MakeError(const char *what)
{
	std::string message = what;
	if (const unsigned long code = ERR_get_error(); code != 0) {
		char buffer[256];
		ERR_error_string_n(code, buffer, sizeof(buffer));
		message += ": ";
		message += buffer;
	}
	ERR_clear_error();
	return std::runtime_error(message);
}

} // namespace osprey::openssl
