#include "PipelineSet.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Timer.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <utime.h>

using namespace osprey;
using namespace osprey::daemon;

namespace {

struct TempHome {
	std::string root;
	TempHome() {
		char t[] = "/tmp/osprey-ps-XXXXXX";
		root = ::mkdtemp(t);
		MakeDirectories(root + "/claude");
		Write("config.yaml", "version: 1\ndefaults:\n  channel: {type: stdout}\n"
		      "  agent: {claude-code: {oauth_path: " + root + "/claude}}\n");
	}
	~TempHome() { RemoveTree(root); }
	void Write(const std::string &rel, std::string_view text, mode_t mode = 0600) const {
		const auto path = root + "/" + rel;
		MakeDirectories(path.substr(0, path.rfind('/')));
		WriteFileAtomic(path, text, mode);
	}
	Home GetHome() const { return Home(root, root); }
};

constexpr std::string_view signed_pipeline =
	"name: a\ntrigger: {type: webhook, path: /a, secret: '${S}', signature_header: X-Sig}\n"
	"workspace: {type: none}\nagent: {prompt: p}\n";

} // namespace

TEST_CASE("PipelineSet serves enabled webhook paths and skips disabled pipelines")
{
	TempHome t;
	t.Write("pipelines/a/pipeline.yaml", signed_pipeline);
	t.Write("pipelines/a/.env", "S=one\n");
	t.Write("pipelines/b/pipeline.yaml",
		"name: b\ndisabled: true\ntrigger: {type: webhook, path: /b}\nworkspace: {type: none}\nagent: {prompt: p}\n");
	t.Write("pipelines/c/pipeline.yaml",
		"name: c\ntrigger: {type: cron, cron: '0 3 * * *'}\nworkspace: {type: none}\nagent: {prompt: p}\n");
	const auto home = t.GetHome();
	PipelineSet set(home);
	CHECK(set.NameForPath("/a") == "a");
	CHECK(set.NameForPath("/b").empty());
	CHECK(set.NameForPath("/c").empty());
	CHECK(set.Disabled() == std::vector<std::string>{"b"});
	CHECK(set.All().size() == 2);
	CHECK_THROWS_AS(set.Current("b"), std::out_of_range);

	SUBCASE("a changed .env applies without a reload") {
		CHECK(set.Current("a").trigger.secret == "one");
		t.Write("pipelines/a/.env", "S=two-longer\n");
		CHECK(set.Current("a").trigger.secret == "two-longer");
	}
	SUBCASE("pipeline.yaml is the snapshot taken at load") {
		t.Write("pipelines/a/pipeline.yaml", "garbage: [");
		CHECK(set.Current("a").trigger.path == "/a");
	}
	SUBCASE("a .env that loses a variable makes the pipeline fail, with the contract's words") {
		t.Write("pipelines/a/.env", "OTHER=x\n");
		CHECK_THROWS_WITH_AS(set.Current("a"), doctest::Contains("trigger.secret references ${S} but it is not set"),
				     ConfigError);
	}
	SUBCASE("a .env that empties the secret makes the pipeline fail, not accept anything") {
		t.Write("pipelines/a/.env", "S=\n");
		CHECK_THROWS_WITH_AS(set.Current("a"), doctest::Contains("trigger.secret: ${S} is set but empty"),
				     ConfigError);
	}
}

TEST_CASE("PipelineSet registers a trigger.path from the .env and keeps it until a reload")
{
	TempHome t;
	t.Write("pipelines/a/pipeline.yaml", "name: a\ntrigger: {type: webhook, path: '${P}'}\n"
		"workspace: {type: none}\nagent: {prompt: p}\n");
	t.Write("pipelines/a/.env", "P=/from-env\n");
	const auto home = t.GetHome();
	PipelineSet set(home);
	CHECK(set.NameForPath("/from-env") == "a");
	CHECK(set.Current("a").trigger.path == "/from-env");

	t.Write("pipelines/a/.env", "P=/elsewhere\n");
	CHECK_THROWS_WITH_AS(set.Current("a"), doctest::Contains("trigger.path: now resolves to another path"),
			     ConfigError);
	CHECK(set.NameForPath("/elsewhere").empty());

	t.Write("pipelines/a/.env", "P=/from-env\n# back\n");
	CHECK(set.Current("a").trigger.path == "/from-env");
}

TEST_CASE("PipelineSet refuses a configuration with errors")
{
	TempHome t;
	t.Write("pipelines/a/pipeline.yaml", "name: a\ntrigger: {type: webhook, path: nope}\nworkspace: {type: none}\nagent: {prompt: p}\n");
	const auto home = t.GetHome();
	CHECK_THROWS_WITH_AS(PipelineSet{home},
			     "pipelines/a/pipeline.yaml:2:32: trigger.path: must start with \"/\"", ConfigError);
}

TEST_CASE("A watched PipelineSet learns of a changed .env from the kernel")
{
	TempHome t;
	t.Write("pipelines/a/pipeline.yaml", signed_pipeline);
	t.Write("pipelines/a/.env", "S=one\n");
	const auto home = t.GetHome();
	uv::Loop loop;
	PipelineSet set(home);
	set.Watch(loop);
	CHECK(set.Current("a").trigger.secret == "one");

	/* no event yet: the answer is the one the last look found, with no
	   look at the file (what makes a request cheap) */
	t.Write("pipelines/a/.env", "S=two\n");
	CHECK(set.Current("a").trigger.secret == "one");

	/* the loop delivers the kernel's word; then the change applies */
	uv::Timer deadline;
	struct Stop final : uv::Timer::Listener {
		uv::Loop &loop;
		explicit Stop(uv::Loop &l) : loop(l) {}
		void OnTimer(uv::Timer &) noexcept override { loop.Stop(); }
	} stop{loop};
	deadline = uv::Timer(loop, stop);
	deadline.Start(5000);
	while (set.Current("a").trigger.secret == "one" && loop.Run(UV_RUN_ONCE) != 0) {
	}
	CHECK(set.Current("a").trigger.secret == "two");
	deadline.Close();
	set.Unwatch();
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}
