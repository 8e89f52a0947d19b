// The `tenscan ci` pipeline and `tenscan merge`. Each step is a small function; run_ci only
// wires them together and decides the exit status.
#include "tenscan/ci/driver.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <thread>

#include "tenscan/ci/cancel.h"
#include "tenscan/ci/output.h"
#include "tenscan/ci/space_parts.h"
#include "tenscan/ci/notebook.h"
#include "tenscan/ci/workers.h"
#include "tenscan/core/sanitizers.h"
#include "tenscan/report/codequality.h"
#include "tenscan/report/json.h"
#include "tenscan/report/junit.h"
#include "tenscan/report/markdown.h"
#include "tenscan/report/shape_report.h"
#include "tenscan/report/sarif.h"
#include "tenscan/report/text.h"

namespace fs = std::filesystem;

namespace tenscan::ci {
namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitError = 2;

// AddressSanitizer reserves terabytes of address space up front, so an address-space limit
// would make every worker of a sanitizer build fail: such builds (tests only) run without it.
constexpr bool kAddressSpaceLimits = !kAddressSanitizer;

std::string env_or(const std::map<std::string, std::string>& env, const std::string& key) {
  auto it = env.find(key);
  return it == env.end() ? std::string() : it->second;
}

bool write_report(const std::string& path, const std::string& text, const fs::path& root, std::ostream& err) {
  std::string why;
  if (write_report_file(path, text, root, why)) return true;
  err << "tenscan: error: cannot write " << report::printable(path) << ": " << report::printable(why) << "\n";
  return false;
}

bool in_ranges(int line, const ChangedFile& file) {
  if (file.whole_file) return true;
  return std::any_of(file.changed_lines.begin(), file.changed_lines.end(),
                     [&](const LineRange& r) { return line >= r.begin && line <= r.end; });
}

const ChangedFile* find_change(const std::vector<ChangedFile>& changes, const std::string& path) {
  for (const auto& c : changes)
    if (c.path == path && c.status != ChangedFile::Status::Deleted) return &c;
  return nullptr;
}

bool on_changed_lines(const SourceRange& r, const std::vector<ChangedFile>& changes) {
  const ChangedFile* c = find_change(changes, r.path);
  if (!c) return false;
  for (int line = r.line; line <= std::max(r.line, r.end_line); ++line)
    if (!in_ranges(line, *c)) return false;
  return true;
}

// Whether head's analysis reached a baseline finding it no longer reports (so that it is
// fixed, not hidden): every entry that reported it was analysed in head, has no new error
// (classified already), and executed its line (moved by the diff) before any error of its
// own. A line the change rewrote counts when head executed some line of the rewrite; one it
// deleted (or a deleted file) is fixed by the deletion.
bool rechecked_by_head(const report::RunFinding& b, const report::RunReport& head,
                       const std::vector<ChangedFile>& changes) {
  const SourceRange& at = b.finding.location;
  const ChangedFile* change = nullptr;
  for (const auto& c : changes)
    if (c.path == at.path) change = &c;
  if (change && change->status == ChangedFile::Status::Deleted) return true;
  LineRange now{at.line, at.line};  // the head lines to look for
  if (change) {
    auto moved = change->new_lines_of(at.line);
    // rewritten as a whole (binary, a type change: nothing to map), or its line removed
    if (!moved || moved->end < moved->begin) return true;
    now = *moved;
  }
  for (const auto& path : b.entries) {
    // a new error in the entry: its analysis continued on the failed operation's unknown
    // result, which hides any later error (decided after the paths ran, so the executed lines
    // below cannot tell)
    for (const auto& f : head.findings)
      if (f.baseline == report::BaselineState::New && f.finding.level == Level::Error && !f.suppressed &&
          std::find(f.entries.begin(), f.entries.end(), path) != f.entries.end())
        return false;
    bool reached = false;
    for (const auto& e : head.entries) {
      if (e.path != path || e.status != report::EntryStatus::Analysed) continue;
      for (const auto& l : e.completeness.executed)
        if (l.path == at.path && l.line <= now.end && std::max(l.line, l.end_line) >= now.begin) reached = true;
    }
    if (!reached) return false;
  }
  return true;
}

// Everything analysed about one revision: the entries' outcomes and their run findings.
struct Side {
  std::vector<report::EntryOutcome> entries;
  std::vector<report::RunFinding> findings;
};

report::EntryOutcome outcome_of(const SelectedEntry& entry, WorkerResult& w) {
  report::EntryOutcome o;
  o.path = entry.path;
  o.args = entry.args;
  o.status = w.status;
  o.detail = w.detail;
  o.seconds = w.seconds;
  o.notifications = w.result.notifications;
  o.modules = w.result.modules;
  o.contracts = w.result.contracts;
  o.stats = w.result.stats;
  o.completeness = w.result.completeness;
  return o;
}

report::SourceLookup lookup_of(const SourceProvider& sources) { return source_lookup(sources); }

// The outcomes and findings of the units of work: an entry whose space was analysed in parts
// is one outcome, its parts' results joined (the parts this run held: a shard may hold some).
Side build_side(const std::vector<SelectedEntry>& units, std::vector<WorkerResult>& unit_results, const Config& config,
                const SourceProvider& sources) {
  Side side;
  const auto entries = entries_of_units(units);
  std::vector<WorkerResult> results;
  results.reserve(entries.size());  // (by_entry points into it)
  std::vector<std::pair<std::string, const AnalysisResult*>> by_entry;
  for (const auto& [entry, held] : entries) {
    std::vector<WorkerResult> parts;
    for (std::size_t i : held) parts.push_back(std::move(unit_results[i]));
    results.push_back(join_part_results(std::move(parts)));
    apply_rule_overrides(results.back().result, config.rules);
    report::EntryOutcome outcome = outcome_of(entry, results.back());
    if (const SpacePart& first = units[held.front()].part; first.count > 0) {
      outcome.space_split = first.name;
      outcome.space_part_count = first.count;
      for (std::size_t i : held) outcome.space_parts.push_back(units[i].part.index);
    }
    side.entries.push_back(std::move(outcome));
    by_entry.emplace_back(entry.path, &results.back().result);
  }
  // (a fault a script's run reports, its model's module-mode check reports too, with made-up
  // sizes: one finding, the script's, whose sizes are real)
  std::set<std::tuple<RuleId, std::string, int, int>> from_scripts;
  for (std::size_t k = 0; k < entries.size(); ++k)
    if (!entries[k].first.modules)
      for (const auto& f : results[k].result.findings)
        from_scripts.emplace(f.rule, f.location.path, f.location.line, f.location.col);
  for (std::size_t k = 0; k < entries.size(); ++k)
    if (entries[k].first.modules)
      std::erase_if(results[k].result.findings, [&](const Finding& f) {
        return from_scripts.count({f.rule, f.location.path, f.location.line, f.location.col}) != 0;
      });
  side.findings = report::collect_findings(by_entry);
  report::apply_suppressions(side.findings, lookup_of(sources));
  return side;
}

// Lists the repository files of the analysed revision: the index for the working tree (what
// git tracks, so virtualenvs and build outputs never become entries), or a commit's tree.
std::vector<std::string> project_files(const Repository& repo, const std::optional<std::string>& head_commit) {
  return head_commit ? repo.list_files(*head_commit) : repo.list_index_files();
}

std::string link_prefix(const std::map<std::string, std::string>& env) {
  std::string server = env_or(env, "GITHUB_SERVER_URL"), repo = env_or(env, "GITHUB_REPOSITORY"),
              sha = env_or(env, "GITHUB_SHA");
  if (!server.empty() && !repo.empty() && !sha.empty()) return server + "/" + repo + "/blob/" + sha + "/";
  std::string project = env_or(env, "CI_PROJECT_URL"), commit = env_or(env, "CI_COMMIT_SHA");
  if (!project.empty() && !commit.empty()) return project + "/-/blob/" + commit + "/";
  return "";
}

bool write_reports(const report::RunReport& run, const ReportFiles& files, const report::SourceLookup& sources,
                   const fs::path& root, const std::string& category, const std::map<std::string, std::string>& env,
                   std::ostream& err) {
  bool ok = true;
  if (!files.sarif.empty()) {
    report::SarifOptions so;
    so.project_root = root;
    so.automation_id = category;
    ok &= write_report(files.sarif, report::render_sarif(run, sources, so), root, err);
  }
  if (!files.junit.empty()) ok &= write_report(files.junit, report::render_junit(run), root, err);
  if (!files.codequality.empty()) ok &= write_report(files.codequality, report::render_codequality(run), root, err);
  if (!files.json.empty()) ok &= write_report(files.json, report::render_run_json(run), root, err);
  if (!files.shape_reports.empty()) {
    // each analysed entry's page, with its own findings (the suppressed ones left out)
    std::error_code mkdir_error;
    fs::create_directories(files.shape_reports, mkdir_error);
    for (const auto& e : run.entries) {
      if (e.status != report::EntryStatus::Analysed) continue;
      AnalysisResult r;
      r.modules = e.modules;
      r.contracts = e.contracts;
      r.completeness = e.completeness;
      for (const auto& f : run.findings)
        if (!f.suppressed && std::find(f.entries.begin(), f.entries.end(), e.path) != f.entries.end())
          r.findings.push_back(f.finding);
      std::string title = e.path;
      for (const auto& a : e.args) title += " " + a;
      ok &= write_report((fs::path(files.shape_reports) / report::shape_report_file_name(e.path, e.args)).string(),
                         report::render_shape_report(r, title), root, err);
    }
  }
  if (!files.markdown.empty()) {
    report::MarkdownOptions mo;
    mo.link_prefix = link_prefix(env);
    mo.sources = sources;
    mo.shape_reports = files.shape_reports;
    ok &= write_report(files.markdown, report::render_markdown(run, mo), root, err);
  }
  return ok;
}

int exit_status(const report::RunReport& run, const std::string& fail_on, bool fail_on_incomplete) {
  if (!run.complete()) return kExitError;
  std::optional<Level> threshold = report::level_from_name(fail_on);  // nullopt: "none"
  for (const auto& f : run.findings)
    if (threshold && !f.suppressed && f.finding.level >= *threshold) return kExitFindings;
  if (fail_on_incomplete)
    for (const auto& e : run.entries)
      if (!e.completeness.complete) return kExitFindings;
  return kExitClean;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A path given on the command line (relative to the current directory) as a repository path.
std::optional<std::string> repo_relative(const fs::path& root, const std::string& file) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(file, ec), ec);
  fs::path rel = abs.lexically_relative(root);
  if (rel.empty() || *rel.begin() == "..") return std::nullopt;
  return rel.generic_string();
}

}  // namespace

// The share of an entry's timeout its worker spends analysing: it then stops, decides which
// of the failures it found are reachable and reports them, before the pool would kill it and
// lose them.
constexpr double kTimeBudgetShare = 0.8;

std::vector<std::string> worker_argv(const fs::path& exe, const fs::path& root, const std::string& revision,
                                     const Config& config, const SelectedEntry& entry, bool trace_modules) {
  std::vector<std::string> argv{exe.string(), "check", "--worker", "--project-root", root.string(),
                                "--max-paths", std::to_string(config.max_paths)};
  if (trace_modules) argv.push_back("--trace-modules");
  // the worker stops analysing before the pool kills it, and reports what it found so far
  if (entry.timeout > 0) argv.insert(argv.end(), {"--time-budget", number_text(kTimeBudgetShare * entry.timeout)});
  if (entry.symbolic_args) argv.push_back("--symbolic-args");
  if (entry.modules) argv.insert(argv.end(), {"--modules", "on"});
  if (!revision.empty()) argv.insert(argv.end(), {"--revision", revision});
  for (const auto& dir : config.stub_dirs) argv.insert(argv.end(), {"--stub-dir", dir});
  for (const auto& [lib, v] : config.versions) argv.insert(argv.end(), {"--library-version", lib + "=" + v});
  for (const auto& hint : config.data) argv.insert(argv.end(), {"--data", data_hint_json(hint)});
  for (const auto& range : config.ranges) argv.insert(argv.end(), {"--range", range_option_text(range)});
  for (const auto& decl : config.models) argv.insert(argv.end(), {"--model", model_decl_json(decl)});
  for (const auto& param : entry.space) argv.insert(argv.end(), {"--space", param});
  if (!entry.space_file.empty()) argv.insert(argv.end(), {"--space-file", entry.space_file});
  if (entry.part.count > 0)
    argv.insert(argv.end(), {"--space-part", entry.part.name + "=" + std::to_string(entry.part.index) + "/" +
                                                 std::to_string(entry.part.count)});
  // a path that starts with '-' would be read as an option: "./-x.py" names the same file
  argv.push_back(entry.path.starts_with("-") ? "./" + entry.path : entry.path);
  argv.push_back("--");
  argv.insert(argv.end(), entry.args.begin(), entry.args.end());
  return argv;
}

std::vector<SelectedEntry> select_entries(const Config& config, ImportGraph& graph, const std::vector<std::string>& files,
                                          const std::optional<std::set<std::string>>& changed) {
  auto excluded = [&](const std::string& path) {
    return std::any_of(config.exclude.begin(), config.exclude.end(), [&](const std::string& g) { return glob_match(g, path); });
  };
  std::vector<SelectedEntry> candidates;
  std::set<std::string> configured;
  for (const auto& spec : config.entries)
    for (const auto& f : files)
      if (glob_match(spec.pattern, f) && !excluded(f)) {
        candidates.push_back({f, spec.args, spec.timeout.value_or(config.timeout),
                              spec.symbolic_args.value_or(config.symbolic_args), spec.space, spec.space_file,
                              spec.space_parts, spec.space_split});
        configured.insert(f);
      }
  if (config.auto_detect)
    for (const auto& f : graph.main_scripts())
      if (!configured.count(f) && !excluded(f)) candidates.push_back({f, {}, config.timeout, config.symbolic_args});
  // stable: of configured entries with the same path and arguments, the first in the file wins
  std::stable_sort(candidates.begin(), candidates.end(),
            [](const SelectedEntry& a, const SelectedEntry& b) { return std::tie(a.path, a.args) < std::tie(b.path, b.args); });
  candidates.erase(std::unique(candidates.begin(), candidates.end(),
                               [](const SelectedEntry& a, const SelectedEntry& b) { return a.path == b.path && a.args == b.args; }),
                   candidates.end());
  if (!changed) return candidates;
  // a changed configuration file (JSON, YAML, TOML, INI, a list of arguments) counts for every
  // entry whose code or arguments name it: what the analysis reads changed
  std::set<std::string, std::less<>> changed_data;
  for (const auto& p : *changed)
    if (is_data_file(p)) changed_data.emplace(base_name(p));
  // an argument names a file as `a.yaml`, `configs/a.yaml`, `--config=a.yaml` or `@args.txt`
  auto names_changed_data = [&](const std::vector<std::string>& args) {
    return std::any_of(args.begin(), args.end(), [&](const std::string& a) {
      const auto cut = a.find_last_of("/\\=@");
      return is_data_file(a) && changed_data.count(cut == std::string::npos ? a : a.substr(cut + 1)) > 0;
    });
  };
  std::vector<SelectedEntry> selected;
  std::map<std::string, bool> touched;  // closure per path, computed once
  for (auto& c : candidates) {
    auto it = touched.find(c.path);
    if (it == touched.end()) {
      auto closure = graph.closure(c.path);
      bool hit = std::any_of(closure.begin(), closure.end(), [&](const std::string& p) { return changed->count(p) > 0; });
      if (!hit && !changed_data.empty()) {
        auto named = graph.data_files(closure);
        hit = std::any_of(named.begin(), named.end(), [&](const std::string& n) { return changed_data.count(n) > 0; });
      }
      it = touched.emplace(c.path, hit).first;
    }
    if (it->second || names_changed_data(c.args)) selected.push_back(std::move(c));
  }
  // a changed file of models that is no script: its classes and builders checked on their own
  // (module mode), their contracts compared with the base revision's
  std::set<std::string> scripts;
  for (const auto& c : candidates) scripts.insert(c.path);
  for (const auto& f : files)
    if (changed->count(f) && !scripts.count(f) && !excluded(f) && graph.defines_models(f)) {
      SelectedEntry m{f, {}, config.timeout, false};
      m.modules = true;
      selected.push_back(std::move(m));
    }
  std::stable_sort(selected.begin(), selected.end(),
                   [](const SelectedEntry& a, const SelectedEntry& b) { return std::tie(a.path, a.args) < std::tie(b.path, b.args); });
  return selected;
}

void find_callers(std::vector<report::ContractChange>& changes, const std::vector<SelectedEntry>& entries, ImportGraph& graph,
                  const SourceProvider& sources) {
  if (changes.empty()) return;
  constexpr std::size_t kMaxCallers = 5;
  // each script's closure, and each file's text, once
  std::vector<std::vector<std::string>> closures;
  for (const auto& e : entries)
    if (!e.modules) closures.push_back(graph.closure(e.path));
  std::map<std::string, std::optional<std::string>> texts;
  auto text_of = [&](const std::string& f) -> const std::optional<std::string>& {
    auto it = texts.find(f);
    if (it == texts.end()) {
      std::string error;
      it = texts.emplace(f, sources.read(f, error)).first;
    }
    return it->second;
  };
  for (auto& change : changes) {
    // the name the code uses: the class, or the builder without its "()"
    std::string name = change.module;
    if (name.size() > 2 && name.ends_with("()")) name.resize(name.size() - 2);
    std::set<std::string> files;  // (the scripts that import the file of models, and their modules)
    for (const auto& closure : closures)
      if (std::find(closure.begin(), closure.end(), change.path) != closure.end()) files.insert(closure.begin(), closure.end());
    for (const auto& f : files) {
      const auto& text = text_of(f);
      if (!text) continue;
      // `Name(` where Name is a whole word: a construction or a call
      int line = 1;
      std::size_t bol = 0;  // (where the line starts)
      for (std::size_t at = 0; at < text->size() && change.callers.size() < kMaxCallers; ++at) {
        if ((*text)[at] == '\n') {
          ++line;
          bol = at + 1;
        }
        if (text->compare(at, name.size(), name) != 0) continue;
        const bool starts = at == 0 || !(std::isalnum(static_cast<unsigned char>((*text)[at - 1])) || (*text)[at - 1] == '_');
        std::size_t after = at + name.size();
        while (after < text->size() && (*text)[after] == ' ') ++after;
        if (!starts || after >= text->size() || (*text)[after] != '(') continue;
        // (not its own definition: `class Name(` and `def Name(`)
        const std::string_view head(text->data() + bol, at - bol);
        if (head.find("class ") != std::string_view::npos || head.find("def ") != std::string_view::npos) continue;
        const int col = static_cast<int>(at - bol) + 1;
        change.callers.push_back({f, line, col, line, col + static_cast<int>(name.size())});
      }
    }
  }
}

std::vector<SelectedEntry> take_shard(const std::vector<SelectedEntry>& entries, int k, int n) {
  std::vector<SelectedEntry> out;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (static_cast<int>(i % static_cast<std::size_t>(n)) == k - 1) out.push_back(entries[i]);
  return out;
}

void anchor_to_changes(std::vector<report::RunFinding>& findings, const std::vector<ChangedFile>& changes) {
  for (auto& rf : findings) {
    if (rf.suppressed || rf.baseline == report::BaselineState::Unchanged) continue;
    Finding& f = rf.finding;
    if (on_changed_lines(f.location, changes)) continue;
    auto anchor = std::find_if(f.related.begin(), f.related.end(),
                               [&](const RelatedLocation& r) { return on_changed_lines(r.range, changes); });
    if (anchor == f.related.end()) continue;
    RelatedLocation failing{f.location, "the operation that fails"};
    SourceRange at = anchor->range;
    std::string why = anchor->message;
    f.related.erase(anchor);
    f.related.insert(f.related.begin(), failing);
    f.message += " (fails at " + report::line_text(failing.range) +
                 "; reported on this changed line: " + why + ")";
    f.location = at;
    rf.anchored = true;
  }
  report::sort_run_findings(findings);
}

void apply_rule_overrides(AnalysisResult& result, const std::map<std::string, std::string>& rules) {
  if (rules.empty()) return;
  std::vector<Finding> kept;
  for (auto& f : result.findings) {
    auto it = rules.find(std::string(rule_info(f.rule).id));
    if (it == rules.end()) {
      kept.push_back(std::move(f));
    } else if (auto level = report::level_from_name(it->second)) {
      f.level = *level;
      f.region.error_if_whole = false;  // (the configured level stays when the parts of a space join)
      kept.push_back(std::move(f));
    }  // "off": dropped
  }
  result.findings = std::move(kept);
}

std::optional<std::pair<std::string, std::string>> base_from_environment(const std::map<std::string, std::string>& env,
                                                                          const Repository& repo) {
  if (std::string sha = env_or(env, "CI_MERGE_REQUEST_DIFF_BASE_SHA"); !sha.empty())
    return std::make_pair(sha, std::string("CI_MERGE_REQUEST_DIFF_BASE_SHA"));
  std::string event = env_or(env, "GITHUB_EVENT_NAME");
  if (event == "pull_request" || event == "pull_request_target") {
    // actions/checkout checks out the PR merge commit: its first parent is the base branch tip.
    try {
      (void)repo.resolve_commit("HEAD^2");
      return std::make_pair(std::string("HEAD^1"), std::string("the first parent of the pull request's merge commit"));
    } catch (const GitError& e) {
      if (e.missing_object())
        throw GitError("GITHUB_EVENT_NAME is " + event +
                           " but HEAD is not a merge commit with both parents present: check out the pull request's "
                           "merge commit with `fetch-depth: 2` in actions/checkout, or pass --base",
                       true);
      throw;
    }
  }
  return std::nullopt;
}

// The reports of a run that stopped before analysing anything (exit 2): each says why, so CI
// shows the failure where it looks (the code-scanning tool status, the merge request's widgets,
// the job summary). The configuration may be what failed, so only the command line's settings
// are used.
static void write_failure_reports(const CiOptions& options, const std::string& why, const std::string& path,
                           std::ostream& err) {
  report::RunReport run;
  run.failure = why;
  run.failure_path = path;
  std::error_code ec;
  fs::path root = fs::weakly_canonical(fs::absolute(options.repo, ec), ec);
  report::SourceLookup none = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  write_reports(run, options.outputs, none, root, options.category.value_or(Config{}.category), options.env, err);
}

static int run_ci_steps(const CiOptions& options, std::ostream& out, std::ostream& err);

int run_ci(const CiOptions& options, std::ostream& out, std::ostream& err) {
  try {
    return run_ci_steps(options, out, err);
  } catch (const GitError& e) {
    write_failure_reports(options, e.what(), "", err);
    throw;
  } catch (const ConfigError& e) {
    std::string path = options.config ? options.config->generic_string() : "tenscan.json";
    write_failure_reports(options, std::string("invalid configuration: ") + e.what(), path, err);
    throw;
  }
}

static int run_ci_steps(const CiOptions& options, std::ostream& out, std::ostream& err) {
  install_cancel_handlers();
  Repository repo = Repository::open(options.repo);
  fs::path root = repo.workdir();
  Config config = load_config(root, options.config);
  if (options.jobs) config.jobs = *options.jobs;
  if (options.timeout) config.timeout = *options.timeout;
  if (options.max_memory_mb) config.max_memory_mb = *options.max_memory_mb;
  if (options.new_only) config.new_only = *options.new_only;
  if (options.fail_on) config.fail_on = *options.fail_on;
  if (options.fail_on_incomplete) config.fail_on_incomplete = *options.fail_on_incomplete;
  if (options.category) config.category = *options.category;
  if (config.jobs <= 0) config.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  // ---- what changed ------------------------------------------------------------------------
  std::optional<std::string> head_commit;
  if (options.head) head_commit = repo.resolve_commit(*options.head);
  std::optional<std::string> base_commit;
  std::string base_reason;
  if (options.base) {
    base_commit = repo.resolve_commit(*options.base);
    base_reason = "--base " + *options.base;
  } else if (options.staged) {
    if ((base_commit = repo.head_commit())) base_reason = "HEAD (--staged)";
  } else if (auto from_env = base_from_environment(options.env, repo)) {
    base_commit = repo.resolve_commit(from_env->first);
    base_reason = from_env->second;
  }
  DiffTarget target;
  if (head_commit) target = {DiffTarget::Kind::Commit, *head_commit};
  else if (options.staged) target = {DiffTarget::Kind::Index, ""};

  std::vector<ChangedFile> changes;
  if (base_commit) changes = repo.diff(*base_commit, target);
  std::optional<std::set<std::string>> changed;
  if (base_commit || !options.files.empty()) changed.emplace();
  if (!options.files.empty()) {
    // explicit files (pre-commit): they are the change; with a base, their diff lines count
    std::vector<ChangedFile> given;
    for (const auto& f : options.files) {
      auto rel = repo_relative(root, f);
      if (!rel) {
        err << "tenscan: warning: " << report::printable(f) << " is outside the repository "
            << report::printable(root.string()) << "; ignored\n";
        continue;
      }
      const ChangedFile* c = find_change(changes, *rel);
      ChangedFile cf = c ? *c : ChangedFile{ChangedFile::Status::Modified, *rel, *rel, {}, true};
      given.push_back(cf);
    }
    changes = std::move(given);
  }
  for (const auto& c : changes) {
    changed->insert(c.path);
    if (!c.old_path.empty()) changed->insert(c.old_path);
  }
  // a submodule's new commit changes code tenscan does not diff: every entry may import it
  auto bumped = std::find_if(changes.begin(), changes.end(), [](const ChangedFile& c) { return c.submodule; });
  if (bumped != changes.end()) {
    err << "tenscan: the submodule " << report::printable(bumped->path)
        << " changed: every entry counts as changed\n";
    changed.reset();
  }

  // ---- which entries ---------------------------------------------------------------------------
  std::vector<std::string> files = project_files(repo, head_commit);
  std::unique_ptr<SourceProvider> head_tree = head_commit ? repo.tree_source(*head_commit) : nullptr;
  DirectorySource disk(root);
  const SourceProvider& head_sources = head_tree ? *head_tree : static_cast<const SourceProvider&>(disk);
  check_stub_dirs(config, head_sources);
  ImportGraph graph(files, [&](const std::string& p) -> std::optional<std::string> {
    std::string e;
    return head_sources.read(p, e);
  }, config.stub_dirs);
  std::vector<SelectedEntry> all = select_entries(config, graph, files, changed);
  // (an entry whose space is analysed in parts is one unit of work per part: the unit is what
  // --jobs runs in parallel and --shard distributes)
  std::vector<std::string> split_notes;
  std::vector<SelectedEntry> units = space_units(all, split_notes);
  for (const auto& note : split_notes) err << "tenscan: warning: " << report::printable(note) << "\n";
  std::vector<SelectedEntry> selected = take_shard(units, options.shard_index, options.shard_count);

  err << "tenscan: ";
  if (base_commit) err << "base " << base_commit->substr(0, 12) << " (" << base_reason << "), ";
  if (changed) err << plural(changes.size(), "changed file", "changed files") << ", ";
  if (units.size() > all.size())
    err << plural(selected.size(), "unit of work", "units of work") << " selected (" << plural(all.size(), "entry", "entries")
        << ", some of whose spaces are analysed in parts)";
  else
    err << plural(selected.size(), "entry", "entries") << " selected";
  if (options.shard_count > 1)
    err << " (shard " << options.shard_index << "/" << options.shard_count << " of " << units.size() << ")";
  err << "\n";
  if (options.list_entries) {
    for (const auto& e : selected) {
      out << report::printable(e.path);
      for (const auto& a : e.args) out << " " << report::printable(a);
      if (e.part.count > 0)
        out << "  [space part " << e.part.index << "/" << e.part.count << " of " << report::printable(e.part.name) << "]";
      out << "\n";
    }
    return kExitClean;
  }

  // ---- analyse head and base in one pool ------------------------------------------------------
  std::vector<WorkerJob> jobs;
  std::vector<SelectedEntry> base_entries;
  std::unique_ptr<SourceProvider> base_tree = base_commit ? repo.tree_source(*base_commit) : nullptr;
  auto limits_for = [&](const SelectedEntry& e) {
    WorkerLimits l;
    l.timeout_seconds = e.timeout;
    l.cpu_seconds = e.timeout;
    l.memory_mb = kAddressSpaceLimits ? config.max_memory_mb : 0;
    return l;
  };
  for (const auto& e : selected)
    jobs.push_back({worker_argv(options.executable, root, head_commit.value_or(""), config, e,
                                !options.outputs.shape_reports.empty()), limits_for(e)});
  // the base revision's version of each entry: under its old path when the change renamed it
  std::map<std::string, std::string> renamed;  // new path -> old path
  for (const auto& c : changes)
    if (c.status == ChangedFile::Status::Renamed && !c.old_path.empty()) renamed[c.path] = c.old_path;
  if (base_tree)
    for (const auto& e : selected) {
      SelectedEntry old = e;
      if (auto r = renamed.find(e.path); r != renamed.end()) old.path = r->second;
      if (base_tree->is_file(old.path)) {
        base_entries.push_back(old);
        jobs.push_back({worker_argv(options.executable, root, *base_commit, config, old, false), limits_for(old)});
      }
    }
  std::vector<WorkerResult> results = run_workers(jobs, config.jobs, [&](std::size_t i, const WorkerResult& w) {
    const SelectedEntry& e = i < selected.size() ? selected[i] : base_entries[i - selected.size()];
    err << "tenscan: " << (i < selected.size() ? "" : "baseline ") << report::printable(e.path);
    if (e.part.count > 0) err << " (space part " << e.part.index << "/" << e.part.count << ")";
    err << ": " << report::entry_status_name(w.status);
    if (!w.detail.empty()) err << " (" << report::printable(w.detail) << ")";
    err << "\n";
  });
  std::vector<WorkerResult> head_results(std::make_move_iterator(results.begin()),
                                         std::make_move_iterator(results.begin() + static_cast<long>(selected.size())));
  std::vector<WorkerResult> base_results(std::make_move_iterator(results.begin() + static_cast<long>(selected.size())),
                                         std::make_move_iterator(results.end()));

  // ---- one report ----------------------------------------------------------------------------
  Side head = build_side(selected, head_results, config, head_sources);
  report::RunReport run;
  run.entries = std::move(head.entries);
  run.findings = std::move(head.findings);
  run.head_revision = head_commit.value_or("");
  if (base_tree) {
    Side base = build_side(base_entries, base_results, config, *base_tree);
    for (const auto& b : base.entries)
      if (b.status != report::EntryStatus::Analysed)
        for (auto& h : run.entries)
          if (h.path == b.path && h.args == b.args)
            h.notifications.push_back({Notification::Kind::Internal, Level::Warning,
                                       "the base revision's version of " + b.path + " could not be analysed (" +
                                           std::string(report::entry_status_name(b.status)) +
                                           (b.detail.empty() ? "" : ": " + b.detail) +
                                           "), so its findings may be reported as new",
                                       SourceRange{b.path, 0, 0, 0, 0}});
    std::erase_if(base.findings, [](const report::RunFinding& f) { return f.suppressed; });
    if (!renamed.empty()) {
      // the base's findings in the files the change renamed, under their new names, so that
      // fingerprints (which include the path) match and the findings stay unchanged
      std::map<std::string, std::string> to_new;
      for (const auto& [now, before] : renamed) to_new[before] = now;
      auto rename = [&](std::string& path) {
        if (auto it = to_new.find(path); it != to_new.end()) path = it->second;
      };
      for (auto& f : base.findings) {
        rename(f.finding.location.path);
        for (auto& r : f.finding.related) rename(r.range.path);
        for (auto& r : f.finding.steps) rename(r.range.path);
        for (auto& p : f.entries) rename(p);
      }
      report::assign_fingerprints(base.findings);
    }
    run.contract_changes = report::contract_changes(base.entries, run.entries);
    find_callers(run.contract_changes, selected, graph, head_sources);
    report::classify_against_baseline(run, base.findings, [&](const report::RunFinding& b) {
      return rechecked_by_head(b, run, changes);
    });
    run.base_revision = *base_commit;
  }
  if (int sig = cancel_signal()) {
    std::size_t unfinished = 0;
    for (const auto& e : run.entries) unfinished += e.status == report::EntryStatus::Cancelled;
    run.failure = "the run was cancelled by " + cancel_signal_name(sig) + "; " +
                  plural(unfinished, "entry was", "entries were") + " not analysed";
  }
  if (changed) anchor_to_changes(run.findings, changes);
  if (config.new_only && run.baseline_compared)
    std::erase_if(run.findings, [](const report::RunFinding& f) { return f.baseline == report::BaselineState::Unchanged; });

  report::SourceLookup sources = lookup_of(head_sources);
  report::TextOptions to;
  to.color = options.color;
  out << report::render_run_text(run, sources, to);
  out.flush();
  if (!write_reports(run, options.outputs, sources, root, config.category, options.env, err)) return kExitError;
  return exit_status(run, config.fail_on, config.fail_on_incomplete);
}

int run_merge(const MergeOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<report::RunReport> parts;
  for (const auto& input : options.inputs) {
    std::ifstream f(input, std::ios::binary);
    if (!f) {
      err << "tenscan: error: cannot read " << report::printable(input) << "\n";
      return kExitError;
    }
    std::ostringstream text;
    text << f.rdbuf();
    std::string why;
    auto part = report::read_sarif(text.str(), &why);
    if (!part) {
      err << "tenscan: error: " << report::printable(input) << ": " << report::printable(why) << "\n";
      return kExitError;
    }
    parts.push_back(std::move(*part));
  }
  report::RunReport run = report::merge_reports(std::move(parts));
  std::error_code ec;
  fs::path root = fs::weakly_canonical(fs::absolute(options.repo, ec), ec);
  DirectorySource disk(root);
  report::SourceLookup sources = lookup_of(disk);
  out << report::render_run_text(run, sources, report::TextOptions{});
  if (!write_reports(run, options.outputs, sources, root, "tenscan/", options.env, err)) return kExitError;
  return exit_status(run, options.fail_on.value_or("error"), options.fail_on_incomplete);
}

}  // namespace tenscan::ci
