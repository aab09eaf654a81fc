// Renders the differential corpus with Go's text/template (the reference
// program in bench mode) and with Osprey, and prints per-render medians.
//
//	bench-template <reference-binary> <corpus-dir> [iterations] [-v]
//
// Each template is parsed once and rendered many times; the figure for one
// rendering is the median over 15 batches of the time per render. The table
// has one row per template (the median over its payloads); -v adds a row per
// payload.
#include "Corpus.hxx"
#include "template/Template.hxx"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

using namespace osprey;

namespace {

std::map<std::pair<std::string, std::string>, double>
RunGo(const std::string &binary, const std::string &corpus, int iterations)
{
	const std::string command = "'" + binary + "' '" + corpus + "' bench " + std::to_string(iterations);
	std::unique_ptr<FILE, int (*)(FILE *)> pipe(popen(command.c_str(), "r"), pclose);
	if (!pipe)
		throw std::runtime_error("cannot run " + binary);
	std::string out;
	char buf[65536];
	for (std::size_t n; (n = fread(buf, 1, sizeof(buf), pipe.get())) > 0;)
		out.append(buf, n);
	std::map<std::pair<std::string, std::string>, double> medians;
	std::istringstream lines(out);
	std::string name, payload;
	double ns;
	while (lines >> name >> payload >> ns)
		medians[{name, payload}] = ns;
	return medians;
}

double
MedianNs(const tmpl::Template &t, const json::Value &data, int iterations)
{
	constexpr int batches = 15;
	const int per = std::max(1, iterations / batches);
	std::vector<double> samples;
	std::string out;
	for (int b = 0; b < batches; ++b) {
		const auto start = std::chrono::steady_clock::now();
		for (int i = 0; i < per; ++i) {
			out.clear();
			tmpl::RenderTo(out, t, data);
		}
		const std::chrono::duration<double, std::nano> d = std::chrono::steady_clock::now() - start;
		samples.push_back(d.count() / per);
	}
	std::sort(samples.begin(), samples.end());
	return samples[batches / 2];
}

double
Median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int
main(int argc, char **argv)
try {
	if (argc < 3) {
		std::cerr << "usage: bench-template <reference> <corpus-dir> [iterations] [-v]\n";
		return 2;
	}
	const int iterations = argc > 3 && argv[3][0] != '-' ? std::atoi(argv[3]) : 300;
	const bool verbose = std::string(argv[argc - 1]) == "-v";
	const auto corpus = test::Corpus::Load(argv[2]);
	// Parse once; the renderings Go managed are the ones compared.
	struct Rendering {
		const test::CorpusCase *c;
		std::string payload;
		json::Value data;
		double go_ns, osprey_ns;
	};
	std::vector<std::unique_ptr<tmpl::Template>> templates;
	std::vector<std::pair<std::size_t, Rendering>> renderings;
	auto go = RunGo(argv[1], argv[2], iterations);
	for (const auto &c : corpus.cases) {
		try {
			templates.push_back(std::make_unique<tmpl::Template>(tmpl::Parse(c.text)));
		} catch (const tmpl::ParseError &) {
			continue;
		}
		for (const auto &p : c.payloads) {
			auto it = go.find({c.name, p});
			if (it == go.end())
				continue; // Go failed on it: nothing to compare
			auto data = corpus.Data(p);
			try {
				(void)tmpl::Render(*templates.back(), data);
			} catch (const tmpl::ExecError &) {
				continue;
			}
			renderings.push_back({templates.size() - 1, {&c, p, data, it->second, 0}});
		}
	}
	// Two rounds each, interleaved, keeping the faster figure: a busy
	// machine then favours neither side.
	for (auto &[t, r] : renderings)
		r.osprey_ns = MedianNs(*templates[t], r.data, iterations);
	go = RunGo(argv[1], argv[2], iterations);
	for (auto &[t, r] : renderings) {
		r.osprey_ns = std::min(r.osprey_ns, MedianNs(*templates[t], r.data, iterations));
		r.go_ns = std::min(r.go_ns, go[{r.c->name, r.payload}]);
	}

	std::printf("%-28s %-22s %12s %12s %8s\n", "template", "payload", "go ns", "osprey ns", "go/osp");
	std::vector<double> ratios;
	double go_total = 0, osprey_total = 0;
	for (std::size_t i = 0; i < renderings.size();) {
		const test::CorpusCase *c = renderings[i].second.c;
		std::vector<double> go_ns, osprey_ns;
		for (; i < renderings.size() && renderings[i].second.c == c; ++i) {
			const Rendering &r = renderings[i].second;
			go_ns.push_back(r.go_ns);
			osprey_ns.push_back(r.osprey_ns);
			ratios.push_back(r.go_ns / r.osprey_ns);
			go_total += r.go_ns;
			osprey_total += r.osprey_ns;
			if (verbose)
				std::printf("%-28s %-22s %12.0f %12.0f %8.2f\n", c->name.c_str(),
					    r.payload.c_str(), r.go_ns, r.osprey_ns, r.go_ns / r.osprey_ns);
		}
		if (verbose)
			continue;
		const double g = Median(go_ns), o = Median(osprey_ns);
		std::printf("%-28s %-22s %12.0f %12.0f %8.2f\n", c->name.c_str(),
			    (std::to_string(go_ns.size()) + " payloads").c_str(), g, o, g / o);
	}
	double log_sum = 0;
	for (double r : ratios)
		log_sum += std::log(r);
	std::printf("\n%zu renderings. Sum of medians: Go %.0f ns, Osprey %.0f ns (Go/Osprey %.2fx).\n"
		    "Per rendering Go/Osprey: median %.2fx, geometric mean %.2fx, slowest case %.2fx.\n",
		    ratios.size(), go_total, osprey_total, go_total / osprey_total, Median(ratios),
		    std::exp(log_sum / static_cast<double>(ratios.size())),
		    ratios.empty() ? 0.0 : *std::min_element(ratios.begin(), ratios.end()));
	return 0;
} catch (const std::exception &e) {
	std::cerr << "bench-template: " << e.what() << "\n";
	return 2;
}
