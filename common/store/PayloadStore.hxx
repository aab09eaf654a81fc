// The last few payloads each pipeline received, for the dashboard's message
// builder (which refuses to open for a pipeline that never fired).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {

struct StoredPayload {
	std::string path;
	/** "webhook" or "test" */
	std::string source;
	/** ISO 8601 UTC */
	std::string received;
	std::string body;
};

/// One directory per pipeline: <dir>/<unix-ns>-<source>.json, newest last.
class PayloadStore {
	std::string dir;
	std::size_t keep;

public:
	/// @p dir is the pipeline's payload directory; at most @p keep are kept.
	PayloadStore(std::string dir, std::size_t keep) : dir(std::move(dir)), keep(keep) {}

	/// Stores @p body (raw JSON text) atomically, then removes the oldest
	/// beyond the limit. Throws std::system_error.
	void Save(std::string_view body, std::string_view source) const;

	/// Stored payloads, oldest first (bodies not read).
	std::vector<StoredPayload> List() const;

	/// The newest payload with its body, or one with an empty path if none.
	StoredPayload Latest() const;

	/// Reads the body of @p payload (one of List()). Throws std::system_error.
	void Load(StoredPayload &payload) const;
};

} // namespace osprey
