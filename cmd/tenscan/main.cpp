// The tenscan executable: subcommand dispatch (check, ci, merge, rules) and output selection.
#include <CLI/CLI.hpp>

#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tenscan/ci/cancel.h"
#include "tenscan/ci/data_files.h"
#include "tenscan/ci/driver.h"
#include "tenscan/ci/git.h"
#include "tenscan/ci/notebook.h"
#include "tenscan/ci/output.h"
#include "tenscan/ci/sweep.h"
#include "tenscan/ci/versions.h"
#include "tenscan/ci/workers.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/github.h"
#include "tenscan/report/json.h"
#include "tenscan/report/report.h"
#include "tenscan/report/sarif.h"
#include "tenscan/report/run.h"
#include "tenscan/report/shape_report.h"
#include "tenscan/report/text.h"
#include "fixes.h"
#include "rules.h"

namespace fs = std::filesystem;

namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitError = 2;

// The project root: the nearest ancestor of the script that holds a .git, else the directory
// its package is imported from (above every enclosing directory with an __init__.py: an
// installed library's torchvision/models/resnet.py is checked from the directory that holds
// torchvision/), else its directory.
fs::path find_project_root(const fs::path& script) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(script, ec), ec).parent_path();
  for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
    if (fs::exists(p / ".git", ec)) return p;
    if (p == p.root_path()) break;
  }
  while (fs::is_regular_file(dir / "__init__.py", ec) && dir != dir.root_path()) dir = dir.parent_path();
  return dir;
}

bool write_output(const std::string& path, const std::string& text, const fs::path& root, std::string& why) {
  if (path.empty() || path == "-") {
    std::cout << text;
    std::cout.flush();
    if (!std::cout) why = "the standard output is closed";
    return static_cast<bool>(std::cout);
  }
  return tenscan::ci::write_report_file(path, text, root, why);
}

// A multi-line message (each configuration problem on a line of its own) made printable line
// by line: it quotes the repository's tenscan.json.
std::string printable_lines(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    out += (start ? "\n" : "") + tenscan::report::printable(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

struct CheckArgs {
  std::string script;
  std::vector<std::string> script_args;
  std::string format = "text";
  std::string output;
  std::string project_root;
  bool stats = false;
  bool diff = false;  ///< --diff: print the fixes as a unified diff
  bool fix = false;   ///< --fix: write them into the files
  std::string report_dir;  ///< --report DIR: the shape report (DIR/ENTRY.html)
  bool trace_modules = false;  ///< (internal) trace the module calls for `tenscan ci --report`
  std::string modules = "auto";  ///< --modules auto|on|off: module mode (AnalysisOptions::module_mode)
  bool color = false;
  int max_paths = 256;
  double time_budget = 0;  ///< seconds; 0: none
  bool symbolic_args = false;
  bool symbolic_args_given = false;  ///< --symbolic-args or --no-symbolic-args: wins over tenscan.json
  bool fail_on_incomplete = false;   ///< --fail-on-incomplete (or "fail_on_incomplete" in tenscan.json)
  std::vector<std::string> stub_dirs;
  std::vector<std::string> data_hints;  ///< JSON, one "data" item of tenscan.json each
  std::vector<std::string> ranges;      ///< Class.attribute=LOW..HIGH, one "ranges" item each
  std::vector<std::string> versions;    ///< NAME=VERSION, one "versions" item each
  std::vector<std::string> models;      ///< JSON, one "models" item of tenscan.json each
  std::vector<std::string> space;       ///< NAME[=SPEC], one hyperparameter each
  std::string space_file;               ///< a W&B sweep configuration in the project
  tenscan::SpaceSolving space_solver = tenscan::SpaceSolving::Auto;  ///< --space-solver
  std::string space_part;               ///< NAME=K/M
  // worker mode (internal, used by `tenscan ci`): JSON lines on stdout, optionally reading
  // the program from a git revision instead of the working tree
  bool worker = false;
  std::string revision;
};

// Test-only fault injection for the worker pool's tests (documented in README, "Testing"):
// TENSCAN_TEST_WORKER_FAULT=crash:ENTRY|hang:ENTRY|oom:ENTRY makes the worker analysing ENTRY
// crash, hang or exhaust its memory, so the tests can prove one entry's failure costs nothing
// else. Only worker mode reads it.
void inject_test_fault(const std::string& entry) {
  const char* spec = std::getenv("TENSCAN_TEST_WORKER_FAULT");
  if (!spec) return;
  std::string s(spec);
  auto colon = s.find(':');
  if (colon == std::string::npos || s.substr(colon + 1) != entry) return;
  std::string kind = s.substr(0, colon);
  if (kind == "crash") std::raise(SIGSEGV);
  if (kind == "hang")
    for (;;) ::pause();
  if (kind == "oom") {
    std::vector<std::vector<char>> hog;
    for (;;) hog.emplace_back(64 << 20, 'x');
  }
}

// The space of a sweep configuration in the project (`--space-file`), read through `sources`
// (never a file outside the project); nullopt with `why` set when it cannot be used. The
// parameters it cannot say are listed on stderr.
std::optional<std::vector<tenscan::SpaceParam>> read_sweep(const tenscan::SourceProvider& sources, const std::string& path,
                                                           std::string& why, std::string& text_out) {
  std::filesystem::path p(path);
  if (p.is_absolute() || std::any_of(p.begin(), p.end(), [](const std::filesystem::path& c) { return c == ".."; })) {
    why = "must be a file of the project, relative to its root";
    return std::nullopt;
  }
  auto text = sources.read(p.lexically_normal().generic_string(), why);
  if (!text) return std::nullopt;
  text_out = *text;
  const std::string format = p.extension() == ".json" ? "json" : "yaml";
  auto value = tenscan::ci::data_parser()(*text, format, why);
  if (!value) return std::nullopt;
  try {
    std::vector<std::string> skipped;
    auto space = tenscan::ci::space_file(*value, skipped);
    for (const auto& s : skipped)
      std::cerr << "tenscan: warning: --space-file " << tenscan::report::printable(path) << ": parameter "
                << tenscan::report::printable(s) << "; it keeps its default\n";
    return space;
  } catch (const tenscan::ci::ConfigError& e) {
    why = e.what();
    return std::nullopt;
  }
}

int run_check(const CheckArgs& args) {
  std::error_code ec;
  // a worker's entry is relative to the project root, not to the current directory
  fs::path script = args.worker && !args.project_root.empty() && args.revision.empty()
                        ? fs::path(args.project_root) / args.script
                        : fs::path(args.script);
  fs::path root;
  std::string entry;
  std::unique_ptr<tenscan::SourceProvider> sources;
  if (!args.revision.empty()) {
    // the script as it is in a commit: never touch the working tree
    if (args.project_root.empty()) {
      std::cerr << "tenscan: error: --revision needs --project-root\n";
      return kExitError;
    }
    tenscan::ci::Repository repo = tenscan::ci::Repository::open(args.project_root);
    root = repo.workdir();
    entry = script.lexically_normal().generic_string();  // "./-x.py": the entry -x.py
    sources = repo.tree_source(repo.resolve_commit(args.revision));
  } else {
    if (!fs::exists(script, ec)) {
      std::cerr << "tenscan: error: " << tenscan::report::printable(args.script) << ": no such file\n";
      return kExitError;
    }
    if (!fs::is_regular_file(script, ec)) {
      std::cerr << "tenscan: error: " << tenscan::report::printable(args.script) << ": not a regular file\n";
      return kExitError;
    }
    root = args.project_root.empty() ? find_project_root(script) : fs::weakly_canonical(args.project_root, ec);
    fs::path abs = fs::weakly_canonical(fs::absolute(script, ec), ec);
    fs::path rel = abs.lexically_relative(root);
    if (rel.empty() || *rel.begin() == "..") {
      std::cerr << "tenscan: error: " << tenscan::report::printable(args.script) << " is not inside the project root "
                << tenscan::report::printable(root.string()) << "\n";
      return kExitError;
    }
    entry = rel.generic_string();
    sources = std::make_unique<tenscan::DirectorySource>(root);
  }
  // stub directories are the project's (relative to its root, inside it): one that is not there
  // is a mistake to report, not a lookup that silently finds nothing
  for (const auto& dir : args.stub_dirs) {
    fs::path d(dir);
    bool escapes = d.is_absolute() || std::any_of(d.begin(), d.end(), [](const fs::path& c) { return c == ".."; });
    if (escapes || !sources->is_dir(d.lexically_normal().generic_string())) {
      std::cerr << "tenscan: error: --stub-dir " << tenscan::report::printable(dir)
                << (escapes ? ": must be a directory of the project, relative to its root "
                            : ": no such directory in the project ")
                << tenscan::report::printable(root.string()) << "\n";
      return kExitError;
    }
  }
  tenscan::AnalysisOptions options;
  options.script_args = args.script_args;
  options.max_paths = args.max_paths;
  options.max_seconds = args.time_budget;
  options.symbolic_args = args.symbolic_args;
  options.trace_modules = !args.report_dir.empty() || args.trace_modules;
  options.module_mode = args.modules == "on"    ? tenscan::AnalysisOptions::ModuleMode::On
                        : args.modules == "off" ? tenscan::AnalysisOptions::ModuleMode::Off
                                                : tenscan::AnalysisOptions::ModuleMode::Auto;
  options.stub_dirs = args.stub_dirs;
  options.parse_data = tenscan::ci::data_parser();
  try {
    for (const auto& h : args.data_hints) options.data_hints.push_back(tenscan::ci::parse_data_hint(h));
  } catch (const tenscan::ci::ConfigError& e) {
    std::cerr << "tenscan: error: --data: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  }
  try {
    for (const auto& m : args.models) options.model_decls.push_back(tenscan::ci::parse_model_decl(m));
  } catch (const tenscan::ci::ConfigError& e) {
    std::cerr << "tenscan: error: --model: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  }
  try {
    for (const auto& sp : args.space) options.space.push_back(tenscan::ci::parse_space_option(sp));
  } catch (const tenscan::ci::ConfigError& e) {
    std::cerr << "tenscan: error: --space: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  }
  // the search-space file's parameters and text (for the related locations on its lines)
  std::vector<tenscan::SpaceParam> sweep_params;
  std::string sweep_text;
  auto relate_sweep = [&](tenscan::AnalysisResult& result) {
    if (!sweep_params.empty())
      tenscan::ci::relate_space_file(result, std::filesystem::path(args.space_file).lexically_normal().generic_string(),
                                     sweep_text, sweep_params);
  };
  if (!args.space_file.empty()) {
    // (after the command line's: a --space of the same option wins)
    std::string why;
    auto sweep = read_sweep(*sources, args.space_file, why, sweep_text);
    if (!sweep) {
      std::cerr << "tenscan: error: --space-file " << tenscan::report::printable(args.space_file) << ": "
                << tenscan::report::printable(why) << "\n";
      return kExitError;
    }
    options.space.insert(options.space.end(), sweep->begin(), sweep->end());
    sweep_params = std::move(*sweep);
  }
  options.space_solving = args.space_solver;
  if (!args.space_part.empty()) {
    try {
      options.space_part = tenscan::ci::parse_space_part(args.space_part);
    } catch (const tenscan::ci::ConfigError& e) {
      std::cerr << "tenscan: error: --space-part: " << tenscan::report::printable(e.what()) << "\n";
      return kExitError;
    }
  }
  try {
    for (const auto& r : args.ranges) options.attribute_ranges.push_back(tenscan::ci::parse_range_option(r));
  } catch (const tenscan::ci::ConfigError& e) {
    std::cerr << "tenscan: error: --range: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  }
  // the library versions: the command line's (a worker's: tenscan.json's, from the driver),
  // then tenscan.json's (below), then what the requirement files pin
  try {
    for (const auto& v : args.versions) options.library_versions.insert(tenscan::ci::parse_library_version(v));
  } catch (const tenscan::ci::ConfigError& e) {
    std::cerr << "tenscan: error: --library-version: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  }
  auto add_pinned_versions = [&] { options.library_versions.merge(tenscan::ci::pinned_versions(*sources, entry)); };
  if (args.worker) {
    add_pinned_versions();
    inject_test_fault(entry);
    tenscan::AnalysisResult result = tenscan::ci::analyze_entry(*sources, entry, options);
    relate_sweep(result);
    std::cout << tenscan::report::encode_json_lines(result);
    std::cout.flush();
    return std::cout ? kExitClean : kExitError;
  }
  // the project's tenscan.json applies to a terminal run as to CI: stub directories, rule
  // overrides, symbolic_args unless the command line says (the CI driver passes them to its
  // workers itself)
  tenscan::ci::Config config = tenscan::ci::load_config(root, std::nullopt);
  tenscan::ci::check_stub_dirs(config, *sources);
  options.stub_dirs.insert(options.stub_dirs.end(), config.stub_dirs.begin(), config.stub_dirs.end());
  options.data_hints.insert(options.data_hints.end(), config.data.begin(), config.data.end());
  options.attribute_ranges.insert(options.attribute_ranges.end(), config.ranges.begin(), config.ranges.end());
  options.model_decls.insert(options.model_decls.end(), config.models.begin(), config.models.end());
  options.library_versions.insert(config.versions.begin(), config.versions.end());
  add_pinned_versions();
  if (!args.symbolic_args_given) options.symbolic_args = config.symbolic_args;
  tenscan::AnalysisResult result = tenscan::ci::analyze_entry(*sources, entry, options);
  relate_sweep(result);
  tenscan::ci::apply_rule_overrides(result, config.rules);

  tenscan::report::SourceLookup lookup = tenscan::ci::source_lookup(*sources);
  // `# tenscan: ignore[rule]` comments
  std::erase_if(result.findings, [&](const tenscan::Finding& f) { return tenscan::report::is_suppressed(f, lookup); });
  std::string out;
  if (args.format == "json") {
    out = tenscan::report::render_json(result, entry);
  } else if (args.format == "github") {
    tenscan::report::TextOptions to;
    to.entry = entry;
    out = tenscan::report::render_github(result, to);
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
  if (std::string why; !write_output(args.output, out, root, why)) {
    std::cerr << "tenscan: error: cannot write " << tenscan::report::printable(args.output.empty() ? "-" : args.output) << ": "
              << tenscan::report::printable(why) << "\n";
    return kExitError;
  }
  if (!args.report_dir.empty()) {
    const fs::path page = fs::path(args.report_dir) / tenscan::report::shape_report_file_name(entry);
    std::error_code mkdir_error;
    fs::create_directories(args.report_dir, mkdir_error);
    if (std::string why; !tenscan::ci::write_report_file(page.string(), tenscan::report::render_shape_report(result, entry), root, why)) {
      std::cerr << "tenscan: error: cannot write " << tenscan::report::printable(page.string()) << ": "
                << tenscan::report::printable(why) << "\n";
      return kExitError;
    }
  }
  if (args.diff || args.fix) {
    // (on stderr when the report goes to stdout in a format a machine reads)
    auto outcome = tenscan::cmd::fix_findings(result, lookup, root, args.fix);
    std::string said = outcome.diff;
    said += outcome.fixes == 0 ? std::string("no fixes to apply\n")
                               : std::to_string(outcome.fixes) + (outcome.fixes == 1 ? " fix" : " fixes") + " in " +
                                     std::to_string(outcome.files_changed) + (outcome.files_changed == 1 ? " file" : " files") +
                                     (args.fix ? " applied\n" : " (apply with --fix)\n");
    if (!outcome.error.empty()) said += "tenscan: error: cannot fix " + outcome.error + "\n";
    (args.format == "text" && args.output.empty() ? std::cout : std::cerr) << printable_lines(said);
    if (!outcome.error.empty()) return kExitError;
  }
  if (args.stats && args.format != "text") std::cerr << tenscan::report::render_stats_text(result.stats);
  if (!result.completed) {
    for (const auto& n : result.notifications)
      if (n.level == tenscan::Level::Error) std::cerr << "tenscan: error: " << tenscan::report::printable(n.message) << "\n";
    return kExitError;
  }
  for (const auto& f : result.findings)
    if (f.level == tenscan::Level::Error) return kExitFindings;
  if ((args.fail_on_incomplete || config.fail_on_incomplete) && !result.completeness.complete) return kExitFindings;
  return kExitClean;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef __GLIBC__
  // One malloc arena for the process. An analysis runs on a thread of its own (for its stack),
  // which glibc would give an arena of its own, grown a few pages at a time by one mprotect
  // call each: some 36,000 calls for one torchvision model file in module mode, where the main
  // arena grows by brk in steps of its top pad (about a thousand). The threads of this process
  // never allocate at the same time.
  mallopt(M_ARENA_MAX, 1);
#endif
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
      ->check(CLI::IsMember({"text", "json", "sarif", "github"}))
      ->capture_default_str();
  cmd_check->add_option("-o,--output", check.output, "Write the report to FILE instead of stdout");
  cmd_check->add_flag("--diff", check.diff, "Print the findings' fixes as a unified diff (nothing is written)");
  cmd_check->add_flag("--fix", check.fix, "Apply the findings' fixes to the files");
  cmd_check->add_option("--report", check.report_dir,
                        "Write the shape report, an HTML page of the model's layers and shapes, to DIR/ENTRY.html");
  cmd_check->add_option("--modules", check.modules,
                        "Module mode: check each nn.Module class of the file on symbolic inputs and print its "
                        "inferred contract. auto: when running the file calls none of them (a file of models); "
                        "on: always (the file is imported, not run as __main__); off: never")
      ->check(CLI::IsMember({"auto", "on", "off"}))
      ->capture_default_str();
  cmd_check->add_option("--project-root", check.project_root,
                        "Project root for imports and report paths (default: the enclosing git work tree)");
  cmd_check->add_option("--max-paths", check.max_paths, "Execution paths analysed at most")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd_check->add_option("--time-budget", check.time_budget,
                        "Stop analysing after SECONDS and report what was found so far (default: no limit)")
      ->check(CLI::NonNegativeNumber);
  auto* o_symbolic = cmd_check->add_flag(
      "--symbolic-args,!--no-symbolic-args", check.symbolic_args,
      "Integer options not given after -- become symbols instead of their defaults: findings that depend on their "
      "values are warnings that name the values that work (default: symbolic_args in tenscan.json, else off)");
  cmd_check->add_flag("--fail-on-incomplete", check.fail_on_incomplete,
                      "Exit with status 1 when the analysis did not reach the end of the program (a budget or an "
                      "exception the program does not raise itself stopped it)");
  cmd_check->add_flag("--stats", check.stats, "Print analysis statistics (paths, solver calls, unmodelled calls)");
  cmd_check->add_flag("--color", check.color, "Colour the text output");
  cmd_check->footer(
      "Arguments after `--` are passed to the script, exactly as on its command line.\n"
      "Exit status: 0 no error found, 1 errors found (or, with --fail-on-incomplete, an incomplete analysis), 2 usage\n"
      "error or the analysis could not run.");

  cmd_check->add_option("--stub-dir", check.stub_dirs,
                        "Directory of Python stubs for in-house libraries (project-relative; repeatable)");
  cmd_check->add_option("--data", check.data_hints,
                        "What a data file the script loads holds, as one \"data\" item of tenscan.json, e.g. "
                        "'{\"file\": \"train.pt\", \"shape\": [\"N\", 64]}' (repeatable; before tenscan.json's)");
  cmd_check->add_option("--space", check.space,
                        "A hyperparameter space to check the script over (repeatable), one option each: "
                        "NAME=LOW..HIGH[:STEP] (integers, or a float interval), NAME=A,B,C (values, as on the command "
                        "line), or NAME alone (its argparse choices); NAME is an option string or its dest. Options the "
                        "script's arguments do not give take every value; a requirement that fails for some is reported "
                        "with the region where it fails");
  cmd_check->add_option("--space-file", check.space_file,
                        "A search space in the project (YAML or JSON): a W&B sweep configuration, an Optuna-style space "
                        "(type int/float/categorical) or an NNI search_space.json; its parameters are the space, as "
                        "--space gives them");
  cmd_check->add_option("--space-solver", check.space_solver,
                        "How the failing vectors of a space are found: individual (one solver call per vector), bulk "
                        "(all-SAT with blocking clauses, one call per failing vector) or auto (individual for spaces of "
                        "up to 64 vectors)")
      ->transform(CLI::CheckedTransformer(std::map<std::string, tenscan::SpaceSolving>{
          {"auto", tenscan::SpaceSolving::Auto},
          {"bulk", tenscan::SpaceSolving::Bulk},
          {"individual", tenscan::SpaceSolving::Individual}}))
      ->default_str("auto");
  cmd_check->add_option("--space-part", check.space_part,
                        "Check only part K of M of the space: the values of hyperparameter NAME cut into M contiguous "
                        "parts (NAME=K/M); the parts' reports joined by `tenscan merge` are the whole space's (tenscan "
                        "ci does this with \"space_parts\")");
  cmd_check->add_option("--range", check.ranges,
                        "The values a tensor attribute that training changes holds, as one \"ranges\" item of "
                        "tenscan.json: Class.attribute=LOW..HIGH, e.g. VAE.log_var=-10..10 (repeatable; before "
                        "tenscan.json's)");
  cmd_check->add_option("--library-version", check.versions,
                        "The version of a library the project runs with, NAME=VERSION, e.g. tensorflow=1.8.0: "
                        "library models follow that version where its behaviour changed (repeatable; before "
                        "tenscan.json's \"versions\" and the versions the project's requirement files pin)");
  cmd_check->add_option("--model", check.models,
                        "How module mode builds and calls a model, as one \"models\" item of tenscan.json, e.g. "
                        "'{\"model\": \"ResNet\", \"args\": \"BasicBlock, [2, 2, 2, 2]\", \"inputs\": {\"x\": [\"B\", 3, 224, "
                        "224]}}' (repeatable; before tenscan.json's)");
  // internal: how `tenscan ci` runs its sandboxed workers
  cmd_check->add_flag("--worker", check.worker)->group("");
  cmd_check->add_flag("--trace-modules", check.trace_modules)->group("");  // (a worker of `tenscan ci --report`)
  cmd_check->add_option("--revision", check.revision)->group("");

  tenscan::ci::CiOptions ci;
  std::string repo_dir = ".", config_file, shard;
  int jobs = 0;
  double timeout = 0;
  std::size_t max_memory = 0;
  bool new_only = false;
  bool ci_fail_incomplete = false;
  std::string fail_on;
  auto* cmd_ci = app.add_subcommand(
      "ci", "Analyse the entry scripts a change affects and write CI reports (SARIF, JUnit, GitLab Code Quality, Markdown)");
  cmd_ci->add_option("files", ci.files, "Changed files (as pre-commit passes them) instead of a git diff");
  cmd_ci->add_option("--repo", repo_dir, "The git repository (default: the current directory)");
  cmd_ci->add_option("--base", ci.base,
                     "Base revision of the change (default: from the CI environment: CI_MERGE_REQUEST_DIFF_BASE_SHA, "
                     "or HEAD^1 on a GitHub pull_request; none: analyse every entry)");
  cmd_ci->add_option("--head", ci.head, "Head commit to analyse, read from git objects (default: the working tree)");
  cmd_ci->add_flag("--staged", ci.staged, "The change is what is staged (the index against HEAD), as in a pre-commit hook");
  cmd_ci->add_option("--config", config_file, "Configuration file (default: tenscan.json at the repository root)");
  auto* o_jobs = cmd_ci->add_option("-j,--jobs", jobs, "Entries analysed in parallel (default: one per core)")->check(CLI::PositiveNumber);
  auto* o_timeout = cmd_ci->add_option("--timeout", timeout, "Time limit per entry in seconds (default 300)")->check(CLI::PositiveNumber);
  auto* o_memory = cmd_ci->add_option("--max-memory", max_memory, "Memory limit per entry in MB; 0: none (default 4096)");
  cmd_ci->add_option("--sarif", ci.outputs.sarif, "Write SARIF 2.1.0 to FILE (GitHub code scanning)");
  cmd_ci->add_option("--junit", ci.outputs.junit, "Write JUnit XML to FILE");
  cmd_ci->add_option("--codequality", ci.outputs.codequality, "Write a GitLab Code Quality report to FILE");
  cmd_ci->add_option("--markdown", ci.outputs.markdown, "Write a Markdown summary to FILE (e.g. $GITHUB_STEP_SUMMARY)");
  cmd_ci->add_option("--report", ci.outputs.shape_reports,
                     "Write each entry's shape report, an HTML page of the model's layers and shapes, to DIR/ENTRY.html");
  cmd_ci->add_option("--json", ci.outputs.json, "Write tenscan's JSON report to FILE");
  auto* o_new = cmd_ci->add_flag("--new-only", new_only, "Report only findings the change introduced (needs a base)");
  auto* o_fail = cmd_ci->add_option("--fail-on", fail_on, "Lowest level that makes the exit status 1 (default error)")
                     ->check(CLI::IsMember({"error", "warning", "note", "none"}));
  auto* o_fail_incomplete = cmd_ci->add_flag(
      "--fail-on-incomplete", ci_fail_incomplete,
      "Exit with status 1 when an entry's analysis did not reach the end of its program (default: fail_on_incomplete "
      "in tenscan.json, else off)");
  cmd_ci->add_option("--shard", shard, "Analyse only shard K of N of the selected entries (K/N, for CI matrices)");
  cmd_ci->add_option("--category", ci.category, "SARIF automationDetails.id, ending in '/' (default tenscan/)");
  cmd_ci->add_flag("--color", ci.color, "Colour the text output");
  cmd_ci->add_flag("--list-entries", ci.list_entries, "Print the selected entries and stop");
  cmd_ci->footer(
      "Exit status: 0 clean, 1 findings at or above --fail-on (or an incomplete analysis with --fail-on-incomplete),\n"
      "2 usage error or an entry not analysed (it crashed, timed out or ran out of memory: the reports are still written).");

  tenscan::ci::MergeOptions merge;
  std::string merge_fail_on;
  auto* cmd_merge = app.add_subcommand("merge", "Combine the SARIF files of `tenscan ci --shard` runs into one report");
  cmd_merge->add_option("inputs", merge.inputs, "SARIF files written by tenscan ci")->required();
  cmd_merge->add_option("--repo", merge.repo, "The repository the shards analysed (for line hashes; default .)");
  cmd_merge->add_option("--sarif", merge.outputs.sarif, "Write the merged SARIF to FILE");
  cmd_merge->add_option("--junit", merge.outputs.junit, "Write JUnit XML to FILE");
  cmd_merge->add_option("--codequality", merge.outputs.codequality, "Write a GitLab Code Quality report to FILE");
  cmd_merge->add_option("--markdown", merge.outputs.markdown, "Write a Markdown summary to FILE");
  cmd_merge->add_option("--json", merge.outputs.json, "Write tenscan's JSON report to FILE");
  auto* o_merge_fail = cmd_merge->add_option("--fail-on", merge_fail_on, "Lowest level that makes the exit status 1")
                           ->check(CLI::IsMember({"error", "warning", "note", "none"}));

  cmd_merge->add_flag("--fail-on-incomplete", merge.fail_on_incomplete,
                      "Exit with status 1 when an entry's analysis did not reach the end of its program");

  tenscan::cmd::RulesArgs rules;
  auto* cmd_rules = app.add_subcommand("rules", "List the rules tenscan can report, or explain one");
  auto* o_rules_json = cmd_rules->add_flag("--json", rules.json, "As JSON, with each rule's example");
  auto* o_rules_md = cmd_rules->add_flag("--markdown", rules.markdown, "Every rule's page as Markdown (docs/rules.md)");
  cmd_rules->add_option("--explain", rules.explain, "Print the page of RULE: what it means, an example, its fix")
      ->excludes(o_rules_json)
      ->excludes(o_rules_md);
  o_rules_json->excludes(o_rules_md);

  std::reverse(own.begin(), own.end());
  try {
    app.parse(own);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitClean : kExitError;
  }
  check.script_args = script_args;
  check.symbolic_args_given = o_symbolic->count() > 0;
  try {
    if (*cmd_check) return run_check(check);
    if (*cmd_rules) return tenscan::cmd::run_rules(rules) == 0 ? kExitClean : kExitError;
    std::map<std::string, std::string> env;
    for (char** e = environ; *e; ++e) {
      std::string kv(*e);
      auto eq = kv.find('=');
      if (eq != std::string::npos) env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    if (*cmd_ci) {
      ci.repo = repo_dir;
      if (!config_file.empty()) ci.config = config_file;
      if (*o_jobs) ci.jobs = jobs;
      if (*o_timeout) ci.timeout = timeout;
      if (*o_memory) ci.max_memory_mb = max_memory;
      if (*o_new) ci.new_only = new_only;
      if (*o_fail) ci.fail_on = fail_on;
      if (*o_fail_incomplete) ci.fail_on_incomplete = ci_fail_incomplete;
      if (!shard.empty()) {
        int k = 0, n = 0;
        char slash = 0;
        std::istringstream in(shard);
        if (!(in >> k >> slash >> n) || slash != '/' || !in.eof() || n < 1 || k < 1 || k > n) {
          std::cerr << "tenscan: error: --shard must be K/N with 1 <= K <= N, got " << tenscan::report::printable(shard) << "\n";
          return kExitError;
        }
        ci.shard_index = k;
        ci.shard_count = n;
      }
      if (ci.category && (ci.category->empty() || ci.category->back() != '/')) *ci.category += "/";
      std::error_code ec;
      ci.executable = fs::read_symlink("/proc/self/exe", ec);
      if (ec) ci.executable = fs::absolute(argv[0]);
      ci.env = std::move(env);
      int status = tenscan::ci::run_ci(ci, std::cout, std::cerr);
      if (int sig = tenscan::ci::cancel_signal()) {
        // cancelled: the reports of what finished are written; exit as the signal would have
        std::cout.flush();
        std::cerr << "tenscan: cancelled by " << tenscan::ci::cancel_signal_name(sig) << "\n";
        std::signal(sig, SIG_DFL);
        std::raise(sig);
        return 128 + sig;
      }
      return status;
    }
    if (*cmd_merge) {
      if (*o_merge_fail) merge.fail_on = merge_fail_on;
      merge.env = std::move(env);
      return tenscan::ci::run_merge(merge, std::cout, std::cerr);
    }
  } catch (const tenscan::ci::GitError& e) {
    std::cerr << "tenscan: error: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  } catch (const tenscan::ci::ConfigError& e) {
    std::cerr << "tenscan: error: invalid configuration:\n" << printable_lines(e.what()) << "\n";
    return kExitError;
  } catch (const std::bad_alloc&) {
    std::cerr << "tenscan: error: out of memory\n";
    return check.worker ? tenscan::ci::kWorkerExitOutOfMemory : kExitError;
  } catch (const std::exception& e) {
    std::cerr << "tenscan: internal error: " << tenscan::report::printable(e.what()) << "\n";
    return kExitError;
  }
  return kExitError;
}
