// A CI run over many entry scripts: the model the `tenscan ci` driver hands to the reporters
// (SARIF, JUnit, GitLab Code Quality, Markdown, JSON, text), and the pure steps that build it:
// deduplication, fingerprints, baseline classification, suppressions, merging shard outputs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"

namespace tenscan::report {

/// How a finding relates to the baseline (the base revision's findings). None: no baseline
/// was compared.
enum class BaselineState { None, New, Unchanged, Absent };
/// "none", "new", "unchanged", "absent" (SARIF's baselineState values, plus "none").
const char* baseline_state_name(BaselineState s);
std::optional<BaselineState> baseline_state_from_name(std::string_view name);

/// A finding of the run, after deduplication across entries.
struct RunFinding {
  Finding finding;
  /// Location-independent fingerprint, unique within the run: finding_fingerprint plus the
  /// path, plus an occurrence index when several findings of one file share it (see
  /// assign_fingerprints). Used for baselines, SARIF partialFingerprints["tenscanFinding/v1"]
  /// and GitLab Code Quality.
  std::string fingerprint;
  /// Entry scripts whose analysis reported it (sorted, unique).
  std::vector<std::string> entries;
  BaselineState baseline = BaselineState::None;
  /// A `# tenscan: ignore[...]` comment covers it: listed as suppressed in JSON, dropped
  /// from SARIF (unless asked), JUnit, Code Quality and the exit status.
  bool suppressed = false;
  /// The primary location was moved onto a changed line (the failing operation is then the
  /// first related location); see the anchoring policy in cmd/ci.
  bool anchored = false;
};

/// What happened to one entry script.
enum class EntryStatus {
  Analysed,     ///< the analysis ran to the end (it may still have notifications)
  Failed,       ///< the analyzer could not analyse it (unreadable entry, script exits on its arguments)
  Crashed,      ///< the worker died on a signal or exited abnormally
  TimedOut,     ///< wall-clock or CPU-time limit reached
  OutOfMemory,  ///< address-space limit reached
  Cancelled,    ///< the run was cancelled (SIGTERM) before the entry's analysis finished
};
/// "analysed", "failed", "crashed", "timed-out", "out-of-memory", "cancelled".
const char* entry_status_name(EntryStatus s);
std::optional<EntryStatus> entry_status_from_name(std::string_view name);

struct EntryOutcome {
  std::string path;               ///< project-relative entry script
  std::vector<std::string> args;  ///< script arguments it was analysed with
  EntryStatus status = EntryStatus::Analysed;
  std::string detail;  ///< for a non-Analysed status: what happened, for people
  double seconds = 0;  ///< wall-clock time of the worker
  std::vector<Notification> notifications;
  Stats stats;
  Completeness completeness{};  ///< Analysed: whether the analysis reached the end of the program
  /// An entry whose space was analysed in parts (tenscan ci's "space_parts"): the
  /// hyperparameter cut, into how many parts, and the parts this outcome holds (1-based,
  /// ascending); space_part_count 0: the whole space at once.
  std::string space_split{};
  int space_part_count = 0;
  std::vector<int> space_parts{};
  std::vector<ModuleCall> modules{};  ///< the model's layers as the analysis ran them (with --report)
  std::vector<ModuleContract> contracts{};  ///< module mode: the inferred contracts of its models
};

/// A model's contract that the change altered (tenscan ci against a base revision): the
/// module mode signatures and conditions before and after; `before` empty for a new model,
/// `after` empty for one the change removed.
struct ContractChange {
  std::string path;    ///< the file of models
  std::string module;  ///< "Encoder", "resnet18()"
  SourceRange where;   ///< its class statement (or builder) at head
  std::vector<std::string> before, after;  ///< each contract as one line: the signature, then "; requires ..." etc.
  std::vector<SourceRange> callers{};      ///< where the entries that import its file construct or call it
  friend bool operator==(const ContractChange&, const ContractChange&) = default;
};
/// One line for a contract: "Net.forward(x: [B, 1, H, W]) -> [B, 10]; requires H >= 28".
std::string contract_line(const ModuleContract& c);
/// The models whose contracts differ between the base's and the head's outcomes of the same
/// module-mode entries (matched by path), in path and line order.
std::vector<ContractChange> contract_changes(const std::vector<EntryOutcome>& base, const std::vector<EntryOutcome>& head);

/// Adds another part's statistics (counts summed).
void join_stats(Stats& into, const Stats& more);
/// Adds another part's completeness: complete if both are, paths and causes summed, the
/// unchecked and executed lines of both, the fewer statements checked.
void join_completeness(Completeness& into, const Completeness& more);
/// Joins another part of the same entry's space into `into`: the worse status (with its
/// detail), notifications once each, statistics and completeness joined, seconds summed, the
/// parts of both.
void join_entry_parts(EntryOutcome& into, EntryOutcome more);

struct RunReport {
  std::vector<EntryOutcome> entries;  ///< sorted by path, then args
  std::vector<RunFinding> findings;   ///< current findings (suppressed ones included), reporting order
  std::vector<RunFinding> absent;     ///< baseline findings the change fixed (baseline == Absent)
  /// Baseline findings the head's analysis did not reach (an entry not analysed, or the
  /// finding's line among those an incomplete analysis did not check: an earlier error now
  /// hides it): neither fixed nor known to be still there.
  std::vector<RunFinding> not_analysed;
  bool baseline_compared = false;
  std::vector<ContractChange> contract_changes;  ///< with a baseline: the models whose contracts changed
  std::string base_revision;  ///< commit id of the baseline, when one was compared
  std::string head_revision;  ///< commit id analysed, empty for the working tree
  /// What stopped the run as a whole, for people: a configuration or repository error before
  /// any entry was analysed, or a cancellation that left entries unanalysed. Every format
  /// reports it, so CI shows the failure where it looks. Empty: nothing did.
  std::string failure;
  std::string failure_path;  ///< the file the failure is about (tenscan.json), if any
  /// No failure, and every entry Analysed.
  [[nodiscard]] bool complete() const;
};

/// The findings of several entries' results as run findings: identical findings (same rule,
/// location, message) reported by several entries become one with all their entries; then
/// assign_fingerprints and the reporting order.
std::vector<RunFinding> collect_findings(
    const std::vector<std::pair<std::string, const AnalysisResult*>>& by_entry);

/// Sets every fingerprint: hex(finding_fingerprint + path) and, for the second and later
/// findings of one file that share it (in line order), a ":N" occurrence suffix.
void assign_fingerprints(std::vector<RunFinding>& findings);

/// Classifies `head` against the baseline's findings by fingerprint: New / Unchanged. A
/// baseline finding head does not report is fixed (head.absent, Absent) when `rechecked` says
/// head's analysis reached it (no `rechecked`: always), else head.not_analysed: an earlier
/// error, a failed entry or a budget may only hide it. Sets baseline_compared.
void classify_against_baseline(RunReport& head, const std::vector<RunFinding>& baseline,
                               const std::function<bool(const RunFinding&)>& rechecked = {});

/// Whether the source line of the finding's primary location, or the line above it, carries
/// `# tenscan: ignore` (every rule) or `# tenscan: ignore[rule-id, ...]` naming its rule.
bool is_suppressed(const Finding& finding, const SourceLookup& sources);
/// Marks suppressed findings (reads each file once).
void apply_suppressions(std::vector<RunFinding>& findings, const SourceLookup& sources);

/// Combines shard reports into one: entries and findings concatenated, duplicates joined,
/// reporting order restored. Baseline information is kept if every part had it.
RunReport merge_reports(std::vector<RunReport> parts);

/// Reporting order of run findings: sorted_findings' order, then fingerprint.
void sort_run_findings(std::vector<RunFinding>& findings);

}  // namespace tenscan::report
