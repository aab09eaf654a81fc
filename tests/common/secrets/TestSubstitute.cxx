#include "secrets/Substitute.hxx"

#include <cstdlib>
#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("Substitute resolves the pipeline .env before the process environment")
{
	::setenv("OSPREY_T_BOTH", "from-process", 1);
	::setenv("OSPREY_T_PROCESS", "p", 1);
	::unsetenv("OSPREY_T_UNSET");
	const DotEnvMap pipeline{{"OSPREY_T_BOTH", "from-pipeline"}, {"ONLY_PIPELINE", "x"}};
	const Environment env(&pipeline);

	CHECK(Substitute("${OSPREY_T_BOTH}", env, "f").value == "from-pipeline");
	CHECK(Substitute("a-${OSPREY_T_PROCESS}-${ONLY_PIPELINE}-b", env, "f").value == "a-p-x-b");
	CHECK(Substitute("${OSPREY_T_BOTH}", Environment(), "f").value == "from-process");

	SUBCASE("plain text is untouched") {
		const auto s = Substitute("no refs $HOME $ {x} $", env, "f");
		CHECK(s.value == "no refs $HOME $ {x} $");
		CHECK_FALSE(s.from_variable);
	}
	SUBCASE("escaped reference") {
		CHECK(Substitute("$${OSPREY_T_BOTH}", env, "f").value == "${OSPREY_T_BOTH}");
	}
	SUBCASE("substituted values are flagged") {
		CHECK(Substitute("${ONLY_PIPELINE}", env, "f").from_variable);
	}
	SUBCASE("redacted shows the reference, still checks it is set") {
		const auto s = Substitute("Bearer ${OSPREY_T_BOTH}", env.Redacted(), "f");
		CHECK(s.value == "Bearer ${OSPREY_T_BOTH}");
		CHECK_THROWS_AS(Substitute("${OSPREY_T_UNSET}", env.Redacted(), "f"), UnsetVariableError);
	}
	SUBCASE("unset variable, in the contract's words") {
		CHECK_THROWS_WITH_AS(Substitute("${OSPREY_T_UNSET}", env, "trigger.secret"),
				     "trigger.secret references ${OSPREY_T_UNSET} but it is not set",
				     UnsetVariableError);
	}
	SUBCASE("malformed references") {
		CHECK_THROWS_WITH_AS(Substitute("${OPEN", env, "agent.env.X"),
				     "agent.env.X: \"${\" without a closing \"}\" (write \"$${\" for a literal \"${\")",
				     BadReferenceError);
		CHECK_THROWS_WITH_AS(Substitute("${1BAD}", env, "f"),
				     "f: ${1BAD} is not a valid variable name", BadReferenceError);
	}
}
