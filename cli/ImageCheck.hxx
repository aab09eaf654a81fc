// osprey doctor: are the agent images the configuration names in the engine?
#pragma once

namespace osprey {
struct Configuration;
class Diagnostics;
} // namespace osprey

namespace osprey::cli {

/// Asks the engine at container.socket (one GET per distinct image, 2 s
/// each at most) and warns for every image it does not have, saying how to
/// build it. Says nothing when the engine does not answer: the socket check
/// covers that.
void CheckImages(const Configuration &config, Diagnostics &diagnostics);

} // namespace osprey::cli
