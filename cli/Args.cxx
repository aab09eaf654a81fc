#include "Args.hxx"
#include "util/Text.hxx"

#include <algorithm>

namespace osprey::cli {

Args::Args(const std::vector<std::string> &argv, std::span<const OptionSpec> specs)
{
	std::vector<std::string_view> names;
	for (const auto &s : specs)
		names.push_back(s.name);

	for (std::size_t i = 0; i < argv.size(); ++i) {
		const std::string &arg = argv[i];
		if (arg == "--") {
			positionals.insert(positionals.end(), argv.begin() + i + 1, argv.end());
			break;
		}
		if (arg.size() == 2 && arg[0] == '-' && arg[1] != '-') {
			const auto spec = std::find_if(specs.begin(), specs.end(),
						       [&](const OptionSpec &s) { return s.short_name == arg[1]; });
			if (spec != specs.end() && !spec->takes_value) {
				values.insert_or_assign(std::string(spec->name), "");
				continue;
			}
		}
		if (!arg.starts_with("--") || arg == "-") {
			if (arg.starts_with('-') && arg != "-")
				throw UsageError("unknown option " + Quote(arg) + " (options start with --)");
			positionals.push_back(arg);
			continue;
		}

		const auto eq = arg.find('=');
		const std::string name = arg.substr(2, eq == arg.npos ? arg.npos : eq - 2);
		const auto spec = std::find_if(specs.begin(), specs.end(),
					       [&](const OptionSpec &s) { return s.name == name; });
		if (spec == specs.end()) {
			std::string message = "unknown option --" + name;
			if (const auto close = ClosestMatch(name, names); !close.empty())
				message += "; did you mean --" + std::string(close) + "?";
			throw UsageError(message);
		}
		if (!spec->takes_value) {
			if (eq != arg.npos)
				throw UsageError("--" + name + " takes no value");
			values.insert_or_assign(name, "");
		} else if (eq != arg.npos) {
			values.insert_or_assign(name, arg.substr(eq + 1));
			all_values[name].push_back(arg.substr(eq + 1));
		} else if (i + 1 < argv.size()) {
			values.insert_or_assign(name, argv[++i]);
			all_values[name].push_back(argv[i]);
		} else {
			throw UsageError("--" + name + " needs a value");
		}
	}
}

std::optional<std::string>
Args::Get(std::string_view name) const
{
	const auto i = values.find(name);
	if (i == values.end())
		return std::nullopt;
	return i->second;
}

std::vector<std::string>
Args::GetAll(std::string_view name) const
{
	const auto i = all_values.find(name);
	return i == all_values.end() ? std::vector<std::string>{} : i->second;
}

void
Args::ExpectPositionals(std::size_t n, std::string_view what) const
{
	if (positionals.size() < n)
		throw UsageError("missing " + std::string(what));
	if (positionals.size() > n)
		throw UsageError("unexpected argument " + Quote(positionals[n]));
}

std::string
FormatOptions(std::span<const OptionSpec> specs)
{
	std::size_t width = 0;
	std::vector<std::string> left;
	for (const auto &s : specs) {
		std::string l = s.short_name != 0 ? std::string("  -") + s.short_name + ", --" : "  --";
		l += s.name;
		if (s.takes_value) {
			const auto metavar = s.help.substr(0, s.help.find(' '));
			l += " " + std::string(metavar);
		}
		width = std::max(width, l.size());
		left.push_back(std::move(l));
	}
	std::string out;
	std::size_t i = 0;
	for (const auto &s : specs) {
		auto help = s.takes_value ? s.help.substr(std::min(s.help.size(), s.help.find(' ') + 1))
			: s.help;
		while (help.starts_with(' '))
			help.remove_prefix(1);
		out += left[i] + std::string(width - left[i].size() + 2, ' ') + std::string(help) + "\n";
		++i;
	}
	return out;
}

} // namespace osprey::cli
