#include "Render.hxx"

#include <doctest/doctest.h>

using osprey::test::Render;
using osprey::tmpl::ExecError;

TEST_CASE("printf verbs on integers")
{
	CHECK(Render("{{printf \"%d|%5d|%-5d|%05d|%+d|% d\" 42 42 42 42 42 42}}") == "42|   42|42   |00042|+42| 42");
	CHECK(Render("{{printf \"%x|%X|%#x|%o|%#o|%O|%b|%#b\" 255 255 255 8 8 8 5 5}}") ==
	      "ff|FF|0xff|10|010|0o10|101|0b101");
	CHECK(Render("{{printf \"%c|%q|%U|%#U\" 65 65 9731 9731}}") == "A|'A'|U+2603|U+2603 '☃'");
	CHECK(Render("{{printf \"%8.3d|%.0d|%05d\" -7 0 -42}}") == "    -007||-0042");
}

TEST_CASE("printf verbs on floats")
{
	CHECK(Render("{{printf \"%f|%.2f|%8.3f|%-8.2f|%08.2f|%+.1f\" 3.14159 3.14159 3.14159 2.5 -2.5 2.0}}") ==
	      "3.141590|3.14|   3.142|2.50    |-0002.50|+2.0");
	CHECK(Render("{{printf \"%e|%.3e|%E|%g|%.3g|%G\" 123456.789 0.000123 1e21 1e-7 1234567.0 1e100}}") ==
	      "1.234568e+05|1.230e-04|1.000000E+21|1e-07|1.23e+06|1E+100");
	CHECK(Render("{{printf \"%v %v %v %v %v\" 1.0 1e6 123456.0 1234567.0 0.00001}}") ==
	      "1 1e+06 123456 1.234567e+06 1e-05");
	CHECK(Render("{{printf \"%.0f %.0f %.0f\" 0.5 1.5 2.5}}") == "0 2 2");
	CHECK(Render("{{printf \"%#v|%#g|%#.3g\" 1.0 1.0 2.0}}") == "1|1.00000|2.00");
}

TEST_CASE("printf verbs on strings and bools")
{
	CHECK(Render("{{printf \"%s|%q|%x|%X|%10s|%-6s|%.3s|%#q\" \"hi\" \"hi\" \"hi\" \"hi\" \"r\" \"l\" \"trunc\" \"b\"}}") ==
	      "hi|\"hi\"|6869|6869|         r|l     |tru|`b`");
	CHECK(Render("{{printf \"%6s|%.2s|%+q|% x\" \"日本\" \"日本語\" \"日本\" \"ab\"}}") ==
	      "    日本|日本|\"\\u65e5\\u672c\"|61 62");
	CHECK(Render("{{printf \"%q\" \"t\\there\\n\\x00\\u200b\"}}") == "\"t\\there\\n\\x00\\u200b\"");
	CHECK(Render("{{printf \"%t %v %5t\" true false true}}") == "true false  true");
}

TEST_CASE("printf error forms")
{
	CHECK(Render("{{printf \"%d %s\" 1}}") == "1 %!s(MISSING)");
	CHECK(Render("{{printf \"x\" 1 \"two\" nil}}") == "x%!(EXTRA int=1, string=two, <nil>)");
	CHECK(Render("{{printf \"%d|%t|%s\" \"str\" \"x\" 5}}") == "%!d(string=str)|%!t(string=x)|%!s(int=5)");
	CHECK(Render("{{printf \"%d\" nil}}") == "%!d(<nil>)");
	CHECK(Render("{{printf \"100%%|%5%\"}}") == "100%|%");
	CHECK(Render("{{printf \"abc%\"}}") == "abc%!(NOVERB)");
	CHECK(Render("{{printf \"%[2]d %[1]d|%[5]d\" 1 2}}") == "2 1|%!d(BADINDEX)");
	CHECK(Render("{{printf \"%*d|%.*f|%*d\" 5 42 2 3.14159 \"x\" 1}}") == "   42|3.14|%!(BADWIDTH)1");
	CHECK(Render("{{printf \"%T %T %T\" 1 \"s\" nil}}") == "int string <nil>");
}

TEST_CASE("printf's format must be a string")
{
	CHECK_THROWS_WITH_AS(Render("{{printf 5}}"), "line 1, column 10: expected string; found 5", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{printf nil}}"), "line 1, column 10: cannot assign nil to string", ExecError);
	CHECK_THROWS_WITH_AS(Render("{{printf .body.nope}}"), "line 1, column 15: invalid value; expected string",
			     ExecError);
	CHECK_THROWS_WITH_AS(Render("{{printf}}"), "line 1, column 3: wrong number of args for printf: want at least 1 got 0",
			     ExecError);
	CHECK(Render("{{\"fmt %d\" | printf}}") == "fmt %!d(MISSING)");
	CHECK(Render("{{3 | printf \"%d-%d\" 4}}") == "4-3");
}
