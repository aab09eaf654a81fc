// Process-wide libcurl initialisation. curl_global_init() is not
// thread-safe on every libcurl build: construct one CurlGlobal in main()
// before any thread uses curl, and keep it alive until they are done.
#pragma once

namespace osprey {

class CurlGlobal {
public:
	/// Throws std::system_error (curl category) when libcurl cannot initialise.
	CurlGlobal();
	~CurlGlobal() noexcept;

	CurlGlobal(const CurlGlobal &) = delete;
	CurlGlobal &operator=(const CurlGlobal &) = delete;
};

} // namespace osprey
