#include "Tree.hxx"

#include <memory>
#include <new>
#include <stdexcept>

namespace osprey {

static JsonTree
Checked(cJSON *node)
{
	if (node == nullptr)
		throw std::bad_alloc();
	return JsonTree(node);
}

JsonTree
JsonTree::NewObject()
{
	return Checked(cJSON_CreateObject());
}

JsonTree
JsonTree::NewArray()
{
	return Checked(cJSON_CreateArray());
}

JsonTree
JsonTree::Parse(std::string_view text)
{
	const char *end = nullptr;
	cJSON *node = cJSON_ParseWithLengthOpts(text.data(), text.size(), &end, false);
	if (node == nullptr) {
		const std::size_t offset = end != nullptr && end >= text.data()
			? static_cast<std::size_t>(end - text.data())
			: 0;
		throw std::runtime_error("invalid JSON at byte " + std::to_string(offset));
	}

	JsonTree tree(node);
	/* cJSON stops after the first value; anything but whitespace after
	   it means the text was not one JSON document */
	for (std::size_t i = static_cast<std::size_t>(end - text.data()); i < text.size(); ++i)
		if (text[i] != ' ' && text[i] != '\n' && text[i] != '\r' && text[i] != '\t')
			throw std::runtime_error("invalid JSON at byte " + std::to_string(i) +
						 ": trailing data");
	return tree;
}

std::string
JsonTree::Print() const
{
	if (root == nullptr)
		return "null";

	std::unique_ptr<char, decltype(&cJSON_free)> text(cJSON_PrintUnformatted(root),
							   &cJSON_free);
	if (!text)
		throw std::bad_alloc();
	return text.get();
}

} // namespace osprey
