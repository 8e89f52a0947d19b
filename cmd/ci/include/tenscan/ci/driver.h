// `tenscan ci` and `tenscan merge`: the diff-aware driver. Changed files (git.h) -> entry
// selection over the import graph (imports.h) -> sandboxed workers for the head and the base
// revision (workers.h) -> one RunReport (deduplicated, fingerprinted, classified against the
// baseline, suppressions applied, anchored to the change) -> reporters (sarif/).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "tenscan/ci/config.h"
#include "tenscan/ci/git.h"
#include "tenscan/ci/imports.h"
#include "tenscan/report/run.h"

namespace tenscan::ci {

/// Report files to write; empty: not written.
struct ReportFiles {
  std::string sarif, junit, codequality, markdown, json;
  std::string shape_reports;  ///< a directory: the shape report of each entry (report::render_shape_report)
};

struct CiOptions {
  std::filesystem::path repo = ".";
  std::optional<std::string> base;  ///< base revision; unset: from the CI environment, if any
  std::optional<std::string> head;  ///< head commit; unset: the working tree (or the index with staged)
  bool staged = false;
  std::vector<std::string> files;   ///< explicit changed files (pre-commit), relative to the current directory
  std::optional<std::filesystem::path> config;
  // command-line overrides of the configuration
  std::optional<int> jobs;
  std::optional<double> timeout;
  std::optional<std::size_t> max_memory_mb;
  std::optional<bool> new_only;
  std::optional<std::string> fail_on;
  /// An entry whose analysis did not reach the end of the program fails the job (exit 1).
  std::optional<bool> fail_on_incomplete;
  std::optional<std::string> category;
  int shard_index = 1, shard_count = 1;  ///< --shard K/N
  ReportFiles outputs;
  bool color = false;
  bool list_entries = false;  ///< print the selected entries and stop
  std::filesystem::path executable;  ///< the tenscan binary the workers run
  std::map<std::string, std::string> env;  ///< the process environment (CI variables)
};

/// Runs `tenscan ci`; text report on `out`, progress and errors on `err`. Returns the exit
/// status: 0 clean, 1 findings at or above fail_on (or, with fail_on_incomplete, an entry
/// analysed incompletely), 2 usage error or an entry not analysed.
int run_ci(const CiOptions& options, std::ostream& out, std::ostream& err);

struct MergeOptions {
  std::filesystem::path repo = ".";
  std::vector<std::string> inputs;  ///< SARIF files written by `tenscan ci --shard`
  ReportFiles outputs;
  std::optional<std::string> fail_on;
  bool fail_on_incomplete = false;
  std::map<std::string, std::string> env;
};
/// Runs `tenscan merge`: shard SARIF files -> one run in every requested format.
int run_merge(const MergeOptions& options, std::ostream& out, std::ostream& err);

// ---- the steps, exposed for tests ---------------------------------------------------------

struct SelectedEntry {
  std::string path;
  std::vector<std::string> args;
  double timeout = 300;
  bool symbolic_args = false;  ///< the entry's symbolic_args, else the configuration's
  std::vector<std::string> space{};  ///< the entry's hyperparameter space (--space texts)
  std::string space_file{};          ///< and its sweep configuration (--space-file)
  int space_parts = 1;               ///< the space is analysed in this many parts (space_parts.h)
  std::string space_split{};         ///< of this hyperparameter's values (empty: chosen)
  SpacePart part{};                  ///< the part this unit of work analyses (count 0: all of it)
  bool modules = false;              ///< a changed file of models, no script: checked in module mode
  friend bool operator==(const SelectedEntry&, const SelectedEntry&) = default;
};

/// The entries to analyse: configured entries (globs over `files`, with their arguments) and,
/// if auto_detect, every main script not configured otherwise; excluded paths dropped. With a
/// `changed` set, only entries whose import closure contains a changed path. Sorted by path,
/// then arguments.
std::vector<SelectedEntry> select_entries(const Config& config, ImportGraph& graph, const std::vector<std::string>& files,
                                          const std::optional<std::set<std::string>>& changed);

/// The command line of the worker that analyses `entry` (at `revision`; empty: the working
/// tree): `tenscan check --worker` with the configuration's options and the entry's arguments;
/// `trace_modules`: the worker also reports the module calls (the shape report).
std::vector<std::string> worker_argv(const std::filesystem::path& exe, const std::filesystem::path& root,
                                     const std::string& revision, const Config& config, const SelectedEntry& entry,
                                     bool trace_modules = false);

/// For each model whose contract changed, where the entry scripts that import its file (and the
/// project modules they load) construct or call it: `Name(` as a whole word, its definition
/// left out; a few at most.
void find_callers(std::vector<report::ContractChange>& changes, const std::vector<SelectedEntry>& entries, ImportGraph& graph,
                  const SourceProvider& sources);
/// Shard K of N (1-based): every N-th entry of the sorted list, starting with the K-th.
std::vector<SelectedEntry> take_shard(const std::vector<SelectedEntry>& entries, int k, int n);

/// The anchoring policy (README "Findings outside the diff"): a new finding whose primary
/// location is not on a changed line, but one of whose related locations is, is re-anchored
/// on that related location (GitHub annotates only results on changed lines); the failing
/// operation becomes the first related location and the message says where it fails.
void anchor_to_changes(std::vector<report::RunFinding>& findings, const std::vector<ChangedFile>& changes);

/// Rule overrides from the configuration: "off" drops the rule's findings, a level replaces it.
void apply_rule_overrides(AnalysisResult& result, const std::map<std::string, std::string>& rules);

/// The base revision from the CI environment and why: GitLab's CI_MERGE_REQUEST_DIFF_BASE_SHA,
/// or on a GitHub pull_request event the first parent of the PR merge commit (HEAD^1).
std::optional<std::pair<std::string, std::string>> base_from_environment(const std::map<std::string, std::string>& env,
                                                                          const Repository& repo);

}  // namespace tenscan::ci
