// The tenscan executable: subcommand dispatch (check, rules) and output selection.
#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/json.h"
#include "tenscan/report/report.h"
#include "tenscan/report/sarif.h"
#include "tenscan/report/text.h"

namespace fs = std::filesystem;

namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitError = 2;

// The project root: the nearest ancestor of the script that holds a .git, else its directory.
fs::path find_project_root(const fs::path& script) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(script, ec), ec).parent_path();
  for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
    if (fs::exists(p / ".git", ec)) return p;
    if (p == p.root_path()) break;
  }
  return dir;
}

bool write_output(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::cout << text;
    std::cout.flush();
    return static_cast<bool>(std::cout);
  }
  // write to a temporary file and rename, so a reader never sees half a report
  fs::path tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << text;
    if (!out) return false;
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  return !ec;
}

struct CheckArgs {
  std::string script;
  std::vector<std::string> script_args;
  std::string format = "text";
  std::string output;
  std::string project_root;
  bool stats = false;
  bool color = false;
  int max_paths = 256;
};

int run_check(const CheckArgs& args) {
  std::error_code ec;
  fs::path script(args.script);
  if (!fs::exists(script, ec)) {
    std::cerr << "tenscan: error: " << args.script << ": no such file\n";
    return kExitError;
  }
  if (!fs::is_regular_file(script, ec)) {
    std::cerr << "tenscan: error: " << args.script << ": not a regular file\n";
    return kExitError;
  }
  fs::path root = args.project_root.empty() ? find_project_root(script) : fs::weakly_canonical(args.project_root, ec);
  fs::path abs = fs::weakly_canonical(fs::absolute(script, ec), ec);
  fs::path rel = abs.lexically_relative(root);
  if (rel.empty() || *rel.begin() == "..") {
    std::cerr << "tenscan: error: " << args.script << " is not inside the project root " << root.string() << "\n";
    return kExitError;
  }
  tenscan::DirectorySource sources(root);
  tenscan::AnalysisOptions options;
  options.script_args = args.script_args;
  options.max_paths = args.max_paths;
  std::string entry = rel.generic_string();
  tenscan::AnalysisResult result = tenscan::analyze(sources, entry, options);

  tenscan::report::SourceLookup lookup = [&sources](const std::string& path) -> std::optional<std::string> {
    std::string err;
    return sources.read(path, err);
  };
  std::string out;
  if (args.format == "json") {
    out = tenscan::report::render_json(result, entry);
  } else if (args.format == "sarif") {
    tenscan::report::SarifOptions so;
    so.project_root = root;
    out = tenscan::report::render_sarif(result, lookup, so);
  } else {
    tenscan::report::TextOptions to;
    to.color = args.color;
    to.entry = entry;
    out = tenscan::report::render_text(result, lookup, to);
    if (args.stats) out += tenscan::report::render_stats_text(result.stats);
  }
  if (!write_output(args.output, out)) {
    std::cerr << "tenscan: error: cannot write " << args.output << "\n";
    return kExitError;
  }
  if (args.stats && args.format != "text") std::cerr << tenscan::report::render_stats_text(result.stats);
  if (!result.completed) {
    for (const auto& n : result.notifications)
      if (n.level == tenscan::Level::Error) std::cerr << "tenscan: error: " << n.message << "\n";
    return kExitError;
  }
  for (const auto& f : result.findings)
    if (f.level == tenscan::Level::Error) return kExitFindings;
  return kExitClean;
}

int run_rules(bool json) {
  if (json) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : tenscan::all_rules())
      arr.push_back({{"id", r.id},
                     {"name", r.name},
                     {"level", r.default_level},
                     {"tags", r.tags},
                     {"precision", r.precision},
                     {"short", r.short_description},
                     {"full", r.full_description},
                     {"help", r.help_markdown}});
    std::cout << arr.dump(2) << "\n";
    return kExitClean;
  }
  for (const auto& r : tenscan::all_rules()) {
    std::cout << r.id << "  [" << r.default_level << "]  " << r.short_description << "\n";
  }
  return kExitClean;
}

}  // namespace

int main(int argc, char** argv) {
  // Everything after the first `--` belongs to the analysed script (its sys.argv[1:]).
  std::vector<std::string> own, script_args;
  bool after = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (!after && a == "--") {
      after = true;
      continue;
    }
    (after ? script_args : own).push_back(a);
  }

  CLI::App app{"tenscan: finds tensor-shape, hyperparameter and dtype errors in PyTorch training scripts before they run"};
  app.name("tenscan");
  app.set_version_flag("--version", std::string("tenscan ") + tenscan::version());
  app.require_subcommand(1);

  CheckArgs check;
  auto* cmd_check = app.add_subcommand("check", "Analyse one training script (SCRIPT [-- SCRIPT_ARGS...])");
  cmd_check->add_option("script", check.script, "The entry script to analyse")->required();
  cmd_check->add_option("--format", check.format, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif"}))
      ->capture_default_str();
  cmd_check->add_option("-o,--output", check.output, "Write the report to FILE instead of stdout");
  cmd_check->add_option("--project-root", check.project_root,
                        "Project root for imports and report paths (default: the enclosing git work tree)");
  cmd_check->add_option("--max-paths", check.max_paths, "Execution paths analysed at most")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd_check->add_flag("--stats", check.stats, "Print analysis statistics (paths, solver calls, unmodelled calls)");
  cmd_check->add_flag("--color", check.color, "Colour the text output");
  cmd_check->footer(
      "Arguments after `--` are passed to the script, exactly as on its command line.\n"
      "Exit status: 0 no error found, 1 errors found, 2 usage error or the analysis could not run.");

  bool rules_json = false;
  auto* cmd_rules = app.add_subcommand("rules", "List the rules tenscan can report");
  cmd_rules->add_flag("--json", rules_json, "As JSON");

  std::reverse(own.begin(), own.end());
  try {
    app.parse(own);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitClean : kExitError;
  }
  check.script_args = script_args;
  try {
    if (*cmd_check) return run_check(check);
    if (*cmd_rules) return run_rules(rules_json);
  } catch (const std::exception& e) {
    std::cerr << "tenscan: internal error: " << e.what() << "\n";
    return kExitError;
  }
  return kExitError;
}
