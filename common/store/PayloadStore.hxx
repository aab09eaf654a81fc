// The last few payloads each pipeline received, for the dashboard's message
// builder (which refuses to open for a pipeline that never fired) and for
// `osprey test`.
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
	/** the body as templates saw it (JSON text); filled by Latest() and Load() */
	std::string body;
	/** the request's headers as templates saw them (.headers): a JSON
	    object's text, "{}" for payloads stored before headers were;
	    filled by Latest() and Load() */
	std::string headers;
};

/// One directory per pipeline, one file per payload, names sorting by time:
/// <dir>/<unix-ns>-<source>.payload holds the headers' JSON on its first
/// line and the body after it. <unix-ns>-<source>.json (older versions)
/// holds the body alone. Nothing else reads these files: use this class.
class PayloadStore {
	std::string dir;
	std::size_t keep;

public:
	/// @p dir is the pipeline's payload directory; at most @p keep are kept.
	PayloadStore(std::string dir, std::size_t keep) : dir(std::move(dir)), keep(keep) {}

	/// Stores @p body (raw JSON text) and @p headers (a JSON object's
	/// compact text, no newline) atomically, then removes the oldest
	/// beyond the limit. Returns the new file's path. Throws
	/// std::system_error.
	std::string Save(std::string_view body, std::string_view source,
			 std::string_view headers = "{}") const;

	/// Stored payloads, oldest first (bodies not read).
	std::vector<StoredPayload> List() const;

	/// Reads the body and headers of @p payload, one List() returned.
	/// Throws std::system_error.
	void Load(StoredPayload &payload) const;

	/// The newest payload with its body and headers, or one with an empty
	/// path if none.
	StoredPayload Latest() const;
};

} // namespace osprey
