// Owns a curl_slist (a list of header lines for CURLOPT_HTTPHEADER).
#pragma once

#include <curl/curl.h>

#include <new>
#include <utility>

namespace osprey {

class CurlSlist {
	curl_slist *head = nullptr;

public:
	CurlSlist() noexcept = default;
	CurlSlist(CurlSlist &&other) noexcept : head(std::exchange(other.head, nullptr)) {}
	CurlSlist &operator=(CurlSlist &&other) noexcept {
		std::swap(head, other.head);
		return *this;
	}
	~CurlSlist() noexcept { Clear(); }

	curl_slist *Get() const noexcept { return head; }

	/// Appends a copy of @p line. Throws std::bad_alloc.
	void Append(const char *line) {
		curl_slist *new_head = curl_slist_append(head, line);
		if (new_head == nullptr)
			throw std::bad_alloc();
		head = new_head;
	}

	void Clear() noexcept {
		curl_slist_free_all(std::exchange(head, nullptr));
	}
};

} // namespace osprey
