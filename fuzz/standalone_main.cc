// A main() for fuzz targets built without libFuzzer (gcc, CI): runs the
// target over every file named on the command line (or in the directories
// named), then over a bounded number of pseudo-random mutations of them, so
// the suite exercises every target on every build: 300 per input, at most
// 1,000 in all (a corpus grown by fuzz/soak --merge holds a hundred or more
// inputs; 300 each made a ctest run minutes long). For a longer soak
// without clang: ERRDEX_FUZZ_MUTATIONS (per input) and ERRDEX_FUZZ_SEED
// (default 12345).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::string> LoadInputs(int argc, char** argv) {
  std::vector<std::string> out;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path p(argv[i]);
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::directory_iterator(p)) files.push_back(e.path());
    } else {
      files.push_back(p);
    }
    for (const auto& f : files) {
      std::ifstream in(f, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      out.push_back(ss.str());
    }
  }
  if (out.empty()) out.push_back("");
  return out;
}

std::string Mutate(std::string s, std::mt19937* rng) {
  std::uniform_int_distribution<int> op(0, 3), byte(0, 255);
  int steps = 1 + static_cast<int>((*rng)() % 8);
  for (int k = 0; k < steps; ++k) {
    size_t pos = s.empty() ? 0 : (*rng)() % s.size();
    switch (op(*rng)) {
      case 0:
        s.insert(s.begin() + pos, static_cast<char>(byte(*rng)));
        break;
      case 1:
        if (!s.empty()) s.erase(pos, 1 + (*rng)() % 4);
        break;
      case 2:
        if (!s.empty()) s[pos] = static_cast<char>(byte(*rng));
        break;
      case 3:
        s.insert(pos, s.substr(pos, (*rng)() % 32));
        break;
    }
  }
  return s;
}

// A positive number from the environment, else `fallback`.
unsigned long EnvNumber(const char* name, unsigned long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  unsigned long n = std::strtoul(v, &end, 10);
  return end && *end == '\0' && n > 0 ? n : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> inputs = LoadInputs(argc, argv);
  std::mt19937 rng(static_cast<std::mt19937::result_type>(EnvNumber("ERRDEX_FUZZ_SEED", 12345)));
  unsigned long mutations =
      EnvNumber("ERRDEX_FUZZ_MUTATIONS", std::clamp<unsigned long>(1000 / inputs.size(), 1, 300));
  size_t runs = 0;
  for (const std::string& in : inputs) {
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(in.data()), in.size());
    ++runs;
    for (unsigned long i = 0; i < mutations; ++i) {
      std::string m = Mutate(in, &rng);
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(m.data()), m.size());
      ++runs;
    }
  }
  std::printf("%zu inputs run, 0 crashes\n", runs);
  return 0;
}
