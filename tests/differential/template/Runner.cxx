// The differential test: runs the Go reference over the corpus, renders the
// same cases with Osprey, and compares byte for byte (a failure only has to
// match a failure, not its message).
//
//	template-differential <reference-binary> <corpus-dir>
#include "Corpus.hxx"
#include "template/Template.hxx"

#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

using namespace osprey;

namespace {

struct Record {
	std::string name, payload;
	bool ok;
	std::string output; // or Go's error message

};

std::string
RunReference(const std::string &binary, const std::string &corpus)
{
	const std::string command = "'" + binary + "' '" + corpus + "'";
	std::unique_ptr<FILE, int (*)(FILE *)> pipe(popen(command.c_str(), "r"), pclose);
	if (!pipe)
		throw std::runtime_error("cannot run " + binary);
	std::string out;
	char buf[65536];
	for (std::size_t n; (n = fread(buf, 1, sizeof(buf), pipe.get())) > 0;)
		out.append(buf, n);
	return out;
}

std::vector<Record>
ParseRecords(const std::string &text)
{
	std::vector<Record> records;
	std::size_t pos = 0;
	while (pos < text.size()) {
		const auto nl = text.find('\n', pos);
		std::istringstream header(text.substr(pos, nl - pos));
		std::string at, status;
		std::size_t length;
		Record r;
		header >> at >> r.name >> r.payload >> status >> length;
		if (at != "@@")
			throw std::runtime_error("bad reference output near: " + text.substr(pos, 80));
		r.ok = status == "ok";
		r.output = text.substr(nl + 1, length);
		pos = nl + 1 + length + 1;
		records.push_back(std::move(r));
	}
	return records;
}

} // namespace

int
main(int argc, char **argv)
try {
	if (argc != 3) {
		std::cerr << "usage: template-differential <reference> <corpus-dir>\n";
		return 2;
	}
	const auto corpus = test::Corpus::Load(argv[2]);
	const auto records = ParseRecords(RunReference(argv[1], argv[2]));
	std::size_t index = 0, mismatches = 0, failures = 0;
	for (const auto &c : corpus.cases) {
		std::unique_ptr<tmpl::Template> t;
		std::string parse_error;
		try {
			t = std::make_unique<tmpl::Template>(tmpl::Parse(c.text));
		} catch (const tmpl::ParseError &e) {
			parse_error = e.what();
		}
		for (const auto &p : c.payloads) {
			if (index >= records.size())
				throw std::runtime_error("reference output ends early at " + c.name);
			const Record &want = records[index++];
			if (want.name != c.name || want.payload != p)
				throw std::runtime_error("corpus out of step at " + c.name + " " + p);
			bool ok = false;
			std::string got;
			if (t) {
				try {
					got = tmpl::Render(*t, corpus.Data(p));
					ok = true;
				} catch (const tmpl::ExecError &e) {
					got = e.what();
				}
			} else {
				got = parse_error;
			}
			if (!want.ok)
				++failures;
			if (ok == want.ok && (!ok || got == want.output))
				continue;
			++mismatches;
			std::cout << "MISMATCH " << c.name << " [" << p << "]\n--- template:\n" << c.text
				  << "\n--- go (" << (want.ok ? "ok" : "failed") << "):\n" << want.output
				  << "\n--- osprey (" << (ok ? "ok" : "failed") << "):\n" << got << "\n\n";
		}
	}
	if (index != records.size())
		throw std::runtime_error("reference output has extra records");
	std::cout << corpus.cases.size() << " templates, " << records.size() << " renderings ("
		  << failures << " expected failures), " << mismatches << " mismatches\n";
	return mismatches == 0 ? 0 : 1;
} catch (const std::exception &e) {
	std::cerr << "template-differential: " << e.what() << "\n";
	return 2;
}
