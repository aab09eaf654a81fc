// Owns one cJSON tree. Move-only; the only place that calls cJSON_Delete().
// Nodes inside the tree are borrowed as raw cJSON pointers: they live as long
// as the tree, and the helpers in Build.hxx and Read.hxx work on them.
#pragma once

#include <cjson/cJSON.h>

#include <string>
#include <string_view>
#include <utility>

namespace osprey {

class JsonTree {
	cJSON *root = nullptr;

public:
	JsonTree() noexcept = default;
	/// Adopts @p _root (which may be nullptr).
	explicit JsonTree(cJSON *_root) noexcept : root(_root) {}
	JsonTree(JsonTree &&other) noexcept : root(std::exchange(other.root, nullptr)) {}
	JsonTree &operator=(JsonTree &&other) noexcept {
		std::swap(root, other.root);
		return *this;
	}
	~JsonTree() noexcept { cJSON_Delete(root); }

	/// An empty object or array. Throws std::bad_alloc.
	static JsonTree NewObject();
	static JsonTree NewArray();

	/// Parses @p text, which need not be null-terminated. Throws
	/// std::runtime_error "invalid JSON at byte N" on malformed input.
	static JsonTree Parse(std::string_view text);

	bool IsDefined() const noexcept { return root != nullptr; }
	cJSON *Get() const noexcept { return root; }

	/// Gives up ownership, e.g. to attach the tree to another one.
	cJSON *Release() noexcept { return std::exchange(root, nullptr); }

	/// Compact JSON text. Throws std::bad_alloc.
	std::string Print() const;
};

} // namespace osprey
