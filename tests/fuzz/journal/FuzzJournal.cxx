// The job store's journal decoder on any bytes (a journal is a file on disk
// that a crash may tear and anything may overwrite): it never reads past its
// input, counts only whole entries, and what it returns encodes back to the
// bytes it came from.
#include "store/JobJournal.hxx"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace osprey::daemon;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view input(reinterpret_cast<const char *>(data), size);
	std::size_t valid = 0;
	const auto entries = DecodeJournal(input, valid);
	if (valid > size)
		std::abort();
	std::string again;
	for (const auto &e : entries)
		again += EncodeJournalEntry(e);
	if (again != input.substr(0, valid))
		std::abort();
	return 0;
}
