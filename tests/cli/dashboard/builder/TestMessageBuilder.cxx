#include "dashboard/builder/MessageBuilder.hxx"
#include "dashboard/builder/Payloads.hxx"
#include "dashboard/builder/Refusal.hxx"
#include "dashboard/builder/SaveMessage.hxx"
#include "store/PayloadStore.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>
#include <sys/stat.h>

using namespace osprey;
using namespace osprey::builder;

namespace {

/* a throw-away Osprey home with one pipeline */
struct TempHome {
	std::string root;
	Home home;

	static std::string Make() {
		char t[] = "/tmp/osprey-builder-XXXXXX";
		return ::mkdtemp(t);
	}

	TempHome() : root(Make()), home(root + "/home", root + "/user") {
		MakeDirectories(root + "/user/.claude");
		MakeDirectories(home.PipelineDir("p"));
		WriteFileAtomic(home.ConfigFile(), "version: 1\ndefaults:\n  channel: {type: stdout}\n");
	}
	~TempHome() { RemoveTree(root); }

	void Pipeline(const std::string &text, mode_t mode = 0644) const {
		WriteFileAtomic(home.PipelineFile("p"), text, mode);
	}
	void Payload(std::string_view body) const {
		PayloadStore(home.PayloadsDir("p"), 5).Save(body, "test");
	}
};

const std::string pipeline_text =
	"# a pipeline with comments\nname: p\n"
	"trigger: {type: webhook, path: /hooks/p}   # flow style\n"
	"workspace:\n  type: none\n"
	"agent:\n  prompt: 'fix {{ .body.issue.title }}'\n";

} // namespace

TEST_CASE("the builder refuses a pipeline without a stored payload")
{
	TempHome t;
	t.Pipeline(pipeline_text);
	CHECK_THROWS_WITH_AS(RequirePayload(t.home, "p"),
			     "p has no payload yet: trigger its webhook once, or run osprey test p "
			     "--payload '<json>'", NoPayloadError);
	CHECK_THROWS_WITH_AS(MessageBuilder(t.home, "p"), doctest::Contains("has no payload yet"),
			     NoPayloadError);
	CHECK_THROWS_WITH_AS(RequirePayload(t.home, "nope"),
			     "no pipeline \"nope\" (pipelines/nope/pipeline.yaml not found)",
			     std::runtime_error);
	t.Payload("{}");
	CHECK_NOTHROW(RequirePayload(t.home, "p"));
}

TEST_CASE("MessageBuilder: newest payload first, filter, selections, preview and save")
{
	TempHome t;
	t.Pipeline(pipeline_text, 0640);
	t.Payload(R"({"issue": {"title": "Old"}})");
	t.Payload(R"({"issue": {"title": "Crash", "number": 7}, "x-event": "opened"})");

	MessageBuilder b(t.home, "p");
	REQUIRE(b.Payloads().size() == 2);
	CHECK(b.CurrentPayload() == 0);
	REQUIRE(b.Fields().size() == 3);
	CHECK(b.Fields()[0].display == "issue.title");
	CHECK(b.Fields()[0].value == "Crash");
	CHECK(b.Filter("issue") == std::vector<std::size_t>{0, 1});
	CHECK(b.Filter("") == std::vector<std::size_t>{0, 1, 2});
	CHECK(b.Filter("zzz").empty());

	b.Toggle(2);
	b.Toggle(0);
	b.Toggle(1);
	b.Toggle(1); // unselected again
	CHECK(b.IsSelected(0));
	CHECK_FALSE(b.IsSelected(1));
	REQUIRE(b.Selections().size() == 2);
	b.SetLabel(0, "Event");
	CHECK(b.Message() == "Event: {{ index .body \"x-event\" }}\nIssue title: {{ .body.issue.title }}\n");
	CHECK(b.RenderPreview().text == "Event: opened\nIssue title: Crash\n");

	SUBCASE("an older payload keeps the selections") {
		b.SwitchPayload(1);
		CHECK(b.Fields().size() == 1);
		CHECK(b.RenderPreview().text == "Event: <no value>\nIssue title: Old\n");
		CHECK(b.IsSelected(0));
	}
	SUBCASE("save writes channel.message and keeps every other byte and the mode") {
		b.Save();
		CHECK(ReadFile(t.home.PipelineFile("p")) == pipeline_text +
		      "channel:\n  message: |\n    Event: {{ index .body \"x-event\" }}\n"
		      "    Issue title: {{ .body.issue.title }}\n");
		struct stat st;
		REQUIRE(::stat(t.home.PipelineFile("p").c_str(), &st) == 0);
		CHECK((st.st_mode & 07777) == 0640);
	}
}

TEST_CASE("SaveMessage refuses a result the config loader rejects, leaving the file alone")
{
	TempHome t;
	const std::string broken = "name: p\ntrigger: {type: webhook, path: nope}\nworkspace: {type: none}\n"
		"agent: {prompt: x}\n";
	t.Pipeline(broken);
	CHECK_THROWS_WITH_AS(SaveMessage(t.home, "p", "x\n"),
			     doctest::Contains("pipelines/p/pipeline.yaml:2"), std::runtime_error);
	CHECK(ReadFile(t.home.PipelineFile("p")) == broken);
}

TEST_CASE("a stored body that is not JSON is one string")
{
	CHECK(ParseBody("payload=%7B%7D").GetText() == "payload=%7B%7D");
	CHECK(ParseBody("bad \xff byte").GetText() == "bad \xef\xbf\xbd byte");
	CHECK(ParseBody("[1]").IsArray());
}

TEST_CASE("SaveMessage keeps a commented pipeline byte for byte around the message, in every style")
{
	TempHome t;
	const std::string head = "# GitHub issues\nname: p   # the directory's name\n"
		"trigger: {type: webhook, path: '/hooks/p'}  # flow\n"
		"workspace:\n  type: none\n";
	const std::string tail = "\n# what the agent does\nagent:\n  prompt: |\n    fix {{ .body.issue.title }}\n";
	const std::string written = "|\n    Issue title: {{ .body.issue.title }}\n";
	const std::string message = "Issue title: {{ .body.issue.title }}\n";
	struct Case {
		const char *name;
		std::string channel, expected;
	};
	const Case cases[] = {
		{"a flow channel block", "channel: {type: stdout, approval: false}\n",
		 "channel: {type: stdout, approval: false, message: \"Issue title: {{ .body.issue.title }}\\n\"}\n"},
		{"no message key", "channel:\n  type: stdout   # for now\n",
		 "channel:\n  type: stdout   # for now\n  message: " + written},
		{"a plain message", "channel:\n  message: hello\n  type: stdout\n",
		 "channel:\n  message: " + written + "  type: stdout\n"},
		{"a single-quoted message", "channel:\n  message: 'it''s {{ .body.x }}'\n",
		 "channel:\n  message: " + written},
		{"a double-quoted message", "channel:\n  message: \"a\\tb\"  # quoted\n",
		 "channel:\n  message: |  # quoted\n    Issue title: {{ .body.issue.title }}\n"},
		{"a literal message", "channel:\n  message: |-\n    old\n  type: stdout\n",
		 "channel:\n  message: " + written + "  type: stdout\n"},
		{"a folded message", "channel:\n  message: >\n    old\n    text\n",
		 "channel:\n  message: " + written},
	};
	for (const auto &c : cases) {
		const std::string name = c.name;
		CAPTURE(name);
		t.Pipeline(head + c.channel + tail);
		SaveMessage(t.home, "p", message);
		CHECK(ReadFile(t.home.PipelineFile("p")) == head + c.expected + tail);
	}
	/* no channel block: added after the last top-level entry */
	t.Pipeline(head + tail);
	SaveMessage(t.home, "p", message);
	CHECK(ReadFile(t.home.PipelineFile("p")) == head + tail + "channel:\n  message: " + written);
}
