#include "Corpus.hxx"
#include "json/Parse.hxx"
#include "util/File.hxx"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace osprey::test {

namespace fs = std::filesystem;

static std::vector<std::string>
SortedFiles(const fs::path &dir, const std::string &extension)
{
	std::vector<std::string> files;
	for (const auto &e : fs::directory_iterator(dir))
		if (e.path().extension() == extension)
			files.push_back(e.path().string());
	std::sort(files.begin(), files.end());
	return files;
}

static bool
Matches(const std::string &pattern, const std::string &name)
{
	if (!pattern.empty() && pattern.back() == '*')
		return name.starts_with(pattern.substr(0, pattern.size() - 1));
	return pattern == name;
}

static std::vector<std::string>
SelectPayloads(const std::vector<std::string> &words, const std::vector<std::string> &all)
{
	std::vector<std::string> include, exclude, out;
	for (const auto &w : words)
		(w[0] == '!' ? exclude : include).push_back(w[0] == '!' ? w.substr(1) : w);
	std::vector<std::string> candidates{"-"};
	candidates.insert(candidates.end(), all.begin(), all.end());
	for (const auto &p : candidates) {
		bool in = include.empty() && p != "-";
		for (const auto &w : include)
			in = in || Matches(w, p);
		for (const auto &w : exclude)
			if (Matches(w, p))
				in = false;
		if (in)
			out.push_back(p);
	}
	return out;
}

Corpus
Corpus::Load(const std::string &dir)
{
	Corpus corpus;
	corpus.payloads["-"] = json::Value::MakeObject({});
	std::vector<std::string> names;
	for (const auto &file : SortedFiles(fs::path(dir) / "payloads", ".json")) {
		const std::string name = fs::path(file).stem().string();
		corpus.payloads[name] = json::Parse(ReadFile(file));
		names.push_back(name);
	}
	for (const auto &file : SortedFiles(dir, ".cases")) {
		const std::string data = ReadFile(file);
		std::vector<std::string> lines;
		std::size_t start = 0;
		for (;;) {
			const auto nl = data.find('\n', start);
			lines.push_back(data.substr(start, nl == std::string::npos ? std::string::npos
						    : nl - start));
			if (nl == std::string::npos)
				break;
			start = nl + 1;
		}
		CorpusCase *cur = nullptr;
		std::vector<std::string> body;
		auto flush = [&] {
			if (cur == nullptr)
				return;
			for (std::size_t i = 0; i < body.size(); ++i) {
				if (i > 0)
					cur->text += '\n';
				cur->text += body[i];
			}
		};
		for (std::size_t li = 0; li < lines.size(); ++li) {
			const std::string &line = lines[li];
			if (line.starts_with("#|"))
				continue;
			if (line.starts_with("### ")) {
				flush();
				std::istringstream words(line.substr(4));
				std::vector<std::string> fields;
				for (std::string w; words >> w;)
					fields.push_back(w);
				corpus.cases.push_back({fields.at(0), SelectPayloads({fields.begin() + 1, fields.end()}, names), {}});
				cur = &corpus.cases.back();
				body.clear();
				continue;
			}
			body.push_back(line);
		}
		if (!body.empty() && body.back().empty())
			body.pop_back();
		flush();
	}
	return corpus;
}

json::Value
Corpus::Data(const std::string &payload) const
{
	return json::Value::MakeObject({{"body", payloads.at(payload)}});
}

} // namespace osprey::test
