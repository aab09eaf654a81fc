// Every real GitHub payload of @octokit/webhooks-examples, in process: each
// field's expression renders to the value the list shows. (The script
// test-real-payloads.sh does the same through pipeline.yaml and the real
// `osprey test`.)
#include "dashboard/builder/Expression.hxx"
#include "dashboard/builder/Field.hxx"
#include "json/Parse.hxx"
#include "template/Template.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <cstdlib>

using namespace osprey;
using namespace osprey::builder;

TEST_CASE("every field of every real GitHub payload renders as the list shows it")
{
	const char *path = std::getenv("OCTOKIT_EXAMPLES");
	if (path == nullptr || !PathExists(path)) {
		MESSAGE("skipped: no @octokit/webhooks-examples (scripts/install-deps --with-tests)");
		return;
	}
	const auto index = json::Parse(ReadFile(path));
	std::size_t payloads = 0, fields = 0;
	for (const auto &event : index.GetArray()) {
		const auto *examples = event.Find("examples");
		REQUIRE(examples != nullptr);
		for (const auto &body : examples->GetArray()) {
			++payloads;
			const auto data = json::Value::MakeObject({{"body", body}});
			for (const auto &field : Flatten(body)) {
				++fields;
				const auto expression = Expression(field.path);
				CAPTURE(expression);
				CHECK(tmpl::Render(tmpl::Parse("{{ " + expression + " }}"), data) == field.value);
			}
		}
	}
	CHECK(payloads > 300);
	MESSAGE(payloads << " payloads, " << fields << " fields");
}
