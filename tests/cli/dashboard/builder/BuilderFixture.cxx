// The builder's model as a command, for test-real-payloads.sh, which checks it
// against the real `osprey test`:
//   builder-fixture save HOME PIPELINE EXPECTED [PAYLOAD]
//     stores PAYLOAD's content as `osprey test` does (one osprey run less per
//     payload: the script runs 329), then
//     selects every field of the newest stored payload, saves the message
//     into pipeline.yaml, and writes to EXPECTED what the list shows
//     ("<label>: <value>" per field)
//   builder-fixture check EXPECTED
//     reads `osprey test --json` on stdin; exit 0 if its channel.message is
//     EXPECTED, else 1 with the first differing line
#include "dashboard/builder/MessageBuilder.hxx"
#include "json/Parse.hxx"
#include "store/PayloadStore.hxx"
#include "util/File.hxx"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string_view>

using namespace osprey;

static int
Save(const char *home_dir, const char *pipeline, const char *expected_file, const char *payload)
{
	const char *user = std::getenv("HOME");
	const Home home(home_dir, user ? user : "/");
	if (payload != nullptr)
		PayloadStore(home.PayloadsDir(pipeline), 5).Save(ReadFile(payload), "test");
	builder::MessageBuilder b(home, pipeline);
	std::string expected;
	for (std::size_t i = 0; i < b.Fields().size(); ++i) {
		b.Toggle(i);
		expected += b.Selections().back().label + ": " + b.Fields()[i].value + "\n";
	}
	b.Save();
	WriteFileAtomic(expected_file, expected, 0644, Durability::Lazy);
	std::printf("%zu\n", b.Fields().size());
	return 0;
}

static int
Check(const char *expected_file)
{
	const std::string out(std::istreambuf_iterator<char>(std::cin), {});
	const auto j = json::Parse(out);
	const auto *channel = j.Find("channel");
	const auto *message = channel ? channel->Find("message") : nullptr;
	const std::string actual = message ? message->GetText() : "";
	const auto expected = ReadFile(expected_file);
	if (actual == expected)
		return 0;
	std::size_t line = 1, i = 0;
	for (; i < actual.size() && i < expected.size() && actual[i] == expected[i]; ++i)
		line += actual[i] == '\n';
	auto line_at = [](const std::string &s, std::size_t pos) {
		const auto begin = s.rfind('\n', pos == 0 ? 0 : pos - 1);
		const auto b = begin == std::string::npos ? 0 : begin + 1;
		return s.substr(b, s.find('\n', b) - b);
	};
	std::printf("line %zu differs:\n  list:    %s\n  rendered: %s\n", line,
		    line_at(expected, i).c_str(), line_at(actual, i).c_str());
	return 1;
}

int
main(int argc, char **argv)
try {
	const std::string_view mode = argc > 1 ? argv[1] : "";
	if (mode == "save" && (argc == 5 || argc == 6))
		return Save(argv[2], argv[3], argv[4], argc == 6 ? argv[5] : nullptr);
	if (mode == "check" && argc == 3)
		return Check(argv[2]);
	std::fprintf(stderr, "usage: builder-fixture save HOME PIPELINE EXPECTED [PAYLOAD] | check EXPECTED\n");
	return 2;
} catch (const std::exception &e) {
	std::fprintf(stderr, "builder-fixture: %s\n", e.what());
	return 1;
}
