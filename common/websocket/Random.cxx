#include "Random.hxx"

#include <cerrno>
#include <system_error>
#include <sys/random.h>

namespace osprey::websocket {

void
FillRandom(void *out, std::size_t size)
{
	auto *p = static_cast<unsigned char *>(out);
	while (size > 0) {
		/* may return less than asked (over 256 bytes) or EINTR */
		const ssize_t n = ::getrandom(p, size, 0);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			throw std::system_error(errno, std::generic_category(),
						"reading random bytes");
		}
		p += n;
		size -= std::size_t(n);
	}
}

} // namespace osprey::websocket
