// Benchmark of `tenscan ci`'s entry selection (built and run by bench/ci_selection.sh).
//
//   ci_selection generate DIR FILES   writes a Python project of about FILES files into DIR
//   ci_selection measure DIR BASE [RUNS]
//                                     times, in the git repository DIR: the diff BASE..HEAD,
//                                     listing HEAD's files, the import graph, the main scripts
//                                     and the entries whose import closure holds a changed file
//
// Files are read from HEAD's tree through libgit2 (as for a --head commit or the baseline,
// without a checkout) and, in a second variant, from the working tree on disk.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tenscan/ci/git.h"
#include "tenscan/ci/imports.h"

namespace fs = std::filesystem;
using namespace tenscan::ci;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kPackages = 50;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

/// Package p has `per_pkg` modules; module k imports its "parent" module in the package
/// (relative), a module of package p / 2 (absolute) and third-party libraries, so closures
/// are trees of tens to hundreds of files, like a real code base's.
int generate(const fs::path& dir, int files) {
  const int scripts = kPackages;
  const int per_pkg = std::max(2, (files - scripts) / kPackages - 1);
  for (int p = 0; p < kPackages; ++p) {
    write(dir / ("pkg" + std::to_string(p)) / "__init__.py",
          "\"\"\"Package " + std::to_string(p) + ".\"\"\"\nfrom .mod0 import f0\n");
    for (int k = 0; k < per_pkg; ++k) {
      std::ostringstream s;
      s << "\"\"\"Module " << k << " of package " << p << ": import nothing from here.\"\"\"\n"
        << "import os\nimport torch\nimport torch.nn as nn\n";
      if (k > 0) s << "from .mod" << (k - 1) / 2 << " import f" << (k - 1) / 2 << "\n";
      if (p > 0) s << "from pkg" << p / 2 << ".mod" << k % 10 << " import (\n    f" << k % 10 << ",\n)\n";
      s << "\n# helpers (import statements in comments are ignored: import fake)\n";
      for (int j = 0; j < 6; ++j)
        s << "\n\ndef f" << (j == 0 ? k : 1000 + j) << "(x, y=\"import z\"):\n"
          << "    '''Docstring with from a import b.'''\n"
          << "    layer = nn.Linear(" << 16 * (j + 1) << ", " << 16 * (j + 2) << ")\n"
          << "    return layer(torch.randn(4, " << 16 * (j + 1) << ")) + len(os.sep)\n";
      if (k % 10 == 3) s << "\n\ndef _debug():\n    if __name__ == \"__main__\":\n        pass\n";
      write(dir / ("pkg" + std::to_string(p)) / ("mod" + std::to_string(k) + ".py"), s.str());
    }
  }
  for (int e = 0; e < scripts; ++e) {
    std::ostringstream s;
    s << "import argparse\nimport pkg" << e << ".mod" << (e * 7) % per_pkg << "\nfrom pkg"
      << (e * 3) % kPackages << " import mod" << (e * 5) % per_pkg
      << "\n\n\ndef main():\n    argparse.ArgumentParser().parse_args()\n\n\n"
      << "if __name__ == \"__main__\":\n    main()\n";
    write(dir / "scripts" / ("train_" + std::to_string(e) + ".py"), s.str());
  }
  std::printf("generated %d packages x %d modules + %d entry scripts\n", kPackages, per_pkg + 1, scripts);
  return 0;
}

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct Timing {
  double diff = 0, list = 0, scripts = 0, select = 0, total = 0;
  std::size_t files = 0, changed = 0, mains = 0, selected = 0;
};

Timing run_once(const fs::path& dir, const std::string& base, bool from_tree) {
  Timing t;
  const auto start = Clock::now();
  auto repo = Repository::open(dir);
  auto changes = repo.diff(base, DiffTarget{DiffTarget::Kind::Commit, "HEAD"});
  t.diff = ms_since(start);
  t.changed = changes.size();

  auto phase = Clock::now();
  auto files = repo.list_files("HEAD");
  std::shared_ptr<tenscan::SourceProvider> tree = repo.tree_source("HEAD");
  FileReader reader;
  if (from_tree) {
    reader = [tree](const std::string& path) -> std::optional<std::string> {
      std::string err;
      return tree->read(path, err);
    };
  } else {
    const fs::path root = repo.workdir();
    reader = [root](const std::string& path) -> std::optional<std::string> {
      std::ifstream in(root / path, std::ios::binary);
      if (!in) return std::nullopt;
      return std::string(std::istreambuf_iterator<char>(in), {});
    };
  }
  t.list = ms_since(phase);
  t.files = files.size();

  phase = Clock::now();
  ImportGraph graph(std::move(files), reader);
  auto mains = graph.main_scripts();
  t.scripts = ms_since(phase);
  t.mains = mains.size();

  phase = Clock::now();
  std::set<std::string> changed;
  for (const auto& c : changes) {
    changed.insert(c.path);
    if (!c.old_path.empty()) changed.insert(c.old_path);
  }
  for (const auto& entry : mains) {
    auto closure = graph.closure(entry);
    if (std::any_of(closure.begin(), closure.end(),
                    [&](const std::string& f) { return changed.count(f) > 0; }))
      ++t.selected;
  }
  t.select = ms_since(phase);
  t.total = ms_since(start);
  return t;
}

int measure(const fs::path& dir, const std::string& base, int runs) {
  for (bool from_tree : {true, false}) {
    std::vector<Timing> all;
    for (int r = 0; r < runs; ++r) all.push_back(run_once(dir, base, from_tree));
    std::sort(all.begin(), all.end(), [](const Timing& a, const Timing& b) { return a.total < b.total; });
    const Timing& med = all[all.size() / 2];
    std::printf(
        "%-12s files %zu, changed %zu, main scripts %zu, selected %zu | median of %d: diff %.1f ms, list "
        "%.1f ms, "
        "scan/main scripts %.1f ms, closures %.1f ms, total %.1f ms (min %.1f, max %.1f)\n",
        from_tree ? "HEAD tree:" : "work tree:", med.files, med.changed, med.mains, med.selected, runs,
        med.diff, med.list, med.scripts, med.select, med.total, all.front().total, all.back().total);
    std::printf("RESULT %s total_ms=%.1f\n", from_tree ? "tree" : "disk", med.total);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 3 && args[0] == "generate") return generate(args[1], std::stoi(args[2]));
    if ((args.size() == 3 || args.size() == 4) && args[0] == "measure")
      return measure(args[1], args[2], args.size() == 4 ? std::stoi(args[3]) : 5);
    std::fprintf(stderr, "usage: ci_selection generate DIR FILES | measure DIR BASE [RUNS]\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ci_selection: %s\n", e.what());
    return 1;
  }
}
