// The configuration load alone, without a command around it: LoadConfiguration
// of the Osprey home in $OSPREY_HOME (config.yaml, every pipeline and its .env,
// templates parsed), as `osprey list` (redacted) and the daemon (not redacted)
// do it. Prints the median and the fastest of R loads, in milliseconds.
//
//	bench-config-load [rounds, default 15]
#include "config/Configuration.hxx"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

using namespace osprey;

int
main(int argc, char **argv)
try {
	const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
	const Home home = Home::FromEnvironment();
	for (const bool redact : {true, false}) {
		std::vector<double> ms;
		std::size_t pipelines = 0, errors = 0;
		for (int i = 0; i < rounds; ++i) {
			const auto start = std::chrono::steady_clock::now();
			const auto config = LoadConfiguration(home, {.redact = redact, .lint = false});
			const std::chrono::duration<double, std::milli> d = std::chrono::steady_clock::now() - start;
			ms.push_back(d.count());
			pipelines = config.pipelines.size();
			errors = config.broken.size() + (config.global_valid ? 0 : 1);
		}
		std::sort(ms.begin(), ms.end());
		std::printf("%s pipelines=%zu errors=%zu median_ms=%.2f min_ms=%.2f rounds=%d\n",
			    redact ? "list-style" : "daemon-style", pipelines, errors, ms[ms.size() / 2],
			    ms.front(), rounds);
	}
	return 0;
} catch (const std::exception &e) {
	std::fprintf(stderr, "bench-config-load: %s\n", e.what());
	return 1;
}
