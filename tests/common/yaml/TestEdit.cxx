#include "yaml/Edit.hxx"
#include "yaml/Node.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <array>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

using namespace osprey::yaml;

static constexpr std::array<std::string_view, 2> message_path{"channel", "message"};
static const std::string message = "Title: {{ .body.issue.title }}\nNumber: {{ .body.number }}\n";

/* what every edit must hold to: the file loads, the message is the new one,
   and nothing outside the edited range moved */
static std::string
Edited(const std::string &before, const std::string &value = message)
{
	const auto edit = SetScalar(before, message_path, value);
	CAPTURE(edit.text);
	CHECK(edit.text.substr(0, edit.begin) == before.substr(0, edit.begin));
	CHECK(edit.text.substr(edit.new_end) == before.substr(edit.old_end));
	const auto root = Load(edit.text);
	const auto *channel = root.Find("channel");
	REQUIRE(channel != nullptr);
	const auto *m = channel->Find("message");
	REQUIRE(m != nullptr);
	CHECK(m->value == value);
	return edit.text;
}

static const std::string head = "# Deploy on every push\nname: deploy   # must match the directory\n"
	"trigger: {type: webhook, path: '/hooks/deploy'}\n";
static const std::string tail = "  approval: true  # ask first\n\n# the agent\nagent:\n  prompt: \"do it\"\n";
static const std::string block = "|\n    Title: {{ .body.issue.title }}\n    Number: {{ .body.number }}\n";

TEST_CASE("SetScalar replaces an existing message in each scalar style, keeping every other byte")
{
	struct Case {
		const char *style;
		std::string old_value; // after "  message:"
	};
	const Case cases[] = {
		{"plain", " old text\n"},
		{"plain with a comment", " old text   # keep me\n"},
		{"single-quoted", " 'it''s old'\n"},
		{"double-quoted", " \"old\\n{{ .body.x }}\"\n"},
		{"double-quoted over two lines", " \"old\n    text\"\n"},
		{"literal", " |\n    old\n    lines\n"},
		{"literal, keep", " |+\n    old\n\n"},
		{"folded", " >-\n    old\n    folded\n"},
		{"empty", "\n"},
		{"null", " ~\n"},
	};
	for (const auto &c : cases) {
		const std::string style = c.style;
		CAPTURE(style);
		const auto before = head + "channel:\n  type: stdout\n  message:" + c.old_value + tail;
		const auto after = Edited(before);
		std::string expected_value = " " + block;
		/* the old value's kept blank line is now a blank line after the new one */
		if (style == "literal, keep")
			expected_value += "\n";
		if (style == "plain with a comment")
			expected_value = " |   # keep me\n    Title: {{ .body.issue.title }}\n    Number: {{ .body.number }}\n";
		CHECK(after == head + "channel:\n  type: stdout\n  message:" + expected_value + tail);
	}
}

TEST_CASE("SetScalar keeps an existing block scalar's indentation and the blank lines after it")
{
	const std::string before = "channel:\n  message: >\n      old\n\n  type: stdout\n";
	CHECK(Edited(before, "a\nb\n") == "channel:\n  message: |\n      a\n      b\n\n  type: stdout\n");
}

TEST_CASE("SetScalar adds a missing message after the channel block's last entry")
{
	const auto before = head + "channel:\n  type: telegram\n  telegram:\n    chat_id: -100\n"
		"# comment after the block\n" + tail;
	CHECK(Edited(before) == head + "channel:\n  type: telegram\n  telegram:\n    chat_id: -100\n"
	      "# comment after the block\n  approval: true  # ask first\n  message: " + block +
	      "\n# the agent\nagent:\n  prompt: \"do it\"\n");
}

TEST_CASE("SetScalar adds a missing channel block at the end of the document")
{
	SUBCASE("with a final line break") {
		const auto before = head + "agent:\n  prompt: |\n    fix it\n# trailing comment\n";
		CHECK(Edited(before) == head + "agent:\n  prompt: |\n    fix it\n"
		      "channel:\n  message: " + block + "# trailing comment\n");
	}
	SUBCASE("without one") {
		const std::string before = "name: x\nagent: {prompt: hi}";
		CHECK(Edited(before) == before + "\nchannel:\n  message: " + block);
	}
	SUBCASE("an empty document") {
		CHECK(Edited("") == "channel:\n  message: " + block);
		CHECK(Edited("# nothing yet\n") == "# nothing yet\nchannel:\n  message: " + block);
	}
	SUBCASE("an empty channel") {
		CHECK(Edited("channel:   # later\nname: x\n") == "channel:   # later\n  message: " + block +
		      "name: x\n");
		CHECK(Edited("channel: ~\n") == "channel: \n  message: " + block);
	}
}

TEST_CASE("SetScalar writes a double-quoted scalar inside flow collections")
{
	const std::string quoted = "\"Title: {{ .body.issue.title }}\\nNumber: {{ .body.number }}\\n\"";
	SUBCASE("a flow channel without message") {
		CHECK(Edited("name: x\nchannel: {type: stdout}  # flow\n") ==
		      "name: x\nchannel: {type: stdout, message: " + quoted + "}  # flow\n");
	}
	SUBCASE("an empty flow channel") {
		CHECK(Edited("channel: {}\n") == "channel: {message: " + quoted + "}\n");
	}
	SUBCASE("a flow channel with a message") {
		CHECK(Edited("channel: {message: old, type: stdout}\n") ==
		      "channel: {message: " + quoted + ", type: stdout}\n");
	}
	SUBCASE("a flow document without channel") {
		CHECK(Edited("{name: x}\n") == "{name: x, channel: {message: " + quoted + "}}\n");
	}
}

TEST_CASE("SetScalar falls back to double quotes when a block scalar cannot hold the value")
{
	const std::string before = "channel:\n  message: old\n";
	CHECK(Edited(before, "bell \x07 and \xc2\x85 NEL") ==
	      "channel:\n  message: \"bell \\x07 and \\x85 NEL\"\n");
	CHECK(Edited(before, "cr\r\n") == "channel:\n  message: \"cr\\r\\n\"\n");
	CHECK(Edited(before, "") == "channel:\n  message: |-\n");
	CHECK(Edited(before, "  indented\nnext") == "channel:\n  message: |2-\n      indented\n    next\n");
	/* a more-indented comment after the value would become its content */
	CHECK(Edited("channel:\n  message: old\n      # deep\n", "a\n") ==
	      "channel:\n  message: \"a\\n\"\n      # deep\n");
}

TEST_CASE("SetScalar handles non-ASCII, a BOM and CRLF line breaks")
{
	CHECK(Edited("\xef\xbb\xbf" "channel:\n  message: \"h\xc3\xa9\"  # caf\xc3\xa9\n", "\xc3\xa9t\xc3\xa9\n") ==
	      "\xef\xbb\xbf" "channel:\n  message: |  # caf\xc3\xa9\n    \xc3\xa9t\xc3\xa9\n");
	CHECK(Edited("n\xc3\xa9: 1\r\nchannel:\r\n  message: old\r\n  type: stdout\r\n", "x\n") ==
	      "n\xc3\xa9: 1\r\nchannel:\r\n  message: |\r\n    x\n  type: stdout\r\n");
}

TEST_CASE("SetScalar refuses what it cannot edit")
{
	CHECK_THROWS_WITH_AS(SetScalar("channel: [a]\n", message_path, "x"),
			     "line 1: channel is a list, not a mapping", EditError);
	CHECK_THROWS_WITH_AS(SetScalar("channel:\n  message: {a: b}\n", message_path, "x"),
			     "line 2: channel.message is a mapping, not a single value", EditError);
	CHECK_THROWS_WITH_AS(SetScalar("c: &c {type: stdout}\nchannel: *c\n", message_path, "x"),
			     "line 2: channel is an alias (*name), not a mapping", EditError);
	CHECK_THROWS_WITH_AS(SetScalar("a: [\n", message_path, "x"),
			     doctest::Contains("line 2"), EditError);
	CHECK_THROWS_WITH_AS(SetScalar("a: 1\n", message_path, "\xff"),
			     "the new value of channel.message is not valid UTF-8", EditError);
}

TEST_CASE("SetScalarInFile writes atomically, keeps the mode and a symlink, and writes nothing when refused")
{
	char t[] = "/tmp/osprey-yaml-edit-XXXXXX";
	const std::string dir = ::mkdtemp(t);
	const auto file = dir + "/real.yaml", link = dir + "/pipeline.yaml";
	osprey::WriteFileAtomic(file, "a: 1\n", 0640);
	REQUIRE(::symlink("real.yaml", link.c_str()) == 0);

	SetScalarInFile(link, message_path, "x\n", [](std::string_view) {});
	CHECK(osprey::ReadFile(file) == "a: 1\nchannel:\n  message: |\n    x\n");
	struct stat st;
	REQUIRE(::lstat(link.c_str(), &st) == 0);
	CHECK(S_ISLNK(st.st_mode));
	REQUIRE(::stat(file.c_str(), &st) == 0);
	CHECK((st.st_mode & 07777) == 0640);

	CHECK_THROWS_WITH(SetScalarInFile(link, message_path, "y\n",
					  [](std::string_view) { throw std::runtime_error("no"); }),
			  "no");
	CHECK(osprey::ReadFile(file) == "a: 1\nchannel:\n  message: |\n    x\n");
	CHECK_THROWS_AS(SetScalarInFile(dir + "/missing.yaml", message_path, "y", [](std::string_view) {}),
			std::system_error);
	osprey::RemoveTree(dir);
}

TEST_CASE("SetScalar on less common layouts")
{
	SUBCASE("the old value on the line after its key") {
		CHECK(Edited("channel:\n  message:\n    \"old\"\n  type: stdout\n", "a\n") ==
		      "channel:\n  message:\n    |\n    a\n  type: stdout\n");
	}
	SUBCASE("a tagged and anchored old value") {
		CHECK(Edited("channel:\n  message: &m !!str old\n", "a\n") == "channel:\n  message: |\n    a\n");
	}
	SUBCASE("document markers") {
		CHECK(Edited("---\nname: x\n...\n", "a\n") == "---\nname: x\nchannel:\n  message: |\n    a\n...\n");
	}
	SUBCASE("trailing blank lines in the new value") {
		CHECK(Edited("channel:\n  message: old\n  type: x\n", "a\n\n") ==
		      "channel:\n  message: |+\n    a\n\n  type: x\n");
	}
	SUBCASE("a multi-line flow channel") {
		CHECK(Edited("channel: {\n  type: stdout\n}\n", "a") ==
		      "channel: {\n  type: stdout, message: \"a\"\n}\n");
	}
}
