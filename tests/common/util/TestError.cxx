#include "util/Error.hxx"

#include <doctest/doctest.h>
#include <system_error>

using namespace osprey;

TEST_CASE("FullMessage joins nested exceptions outermost first")
{
	try {
		try {
			try {
				throw std::system_error(ENOENT, std::system_category(), "cannot open x");
			} catch (...) {
				ThrowWithContext("reading pipeline.yaml");
			}
		} catch (...) {
			ThrowWithContext("loading pipelines/deploy");
		}
	} catch (const std::exception &e) {
		CHECK(FullMessage(e) ==
		      "loading pipelines/deploy: reading pipeline.yaml: cannot open x: No such file or directory");
		CHECK(FullMessage(std::current_exception()) == FullMessage(e));
	}
}
