// The findings model: plain values that the analyzer produces and reporters consume.
// No behaviour here beyond small helpers; encoding (JSON, SARIF, text) lives in sarif/.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tenscan/core/rules.h"

namespace tenscan {

/// Where a range in a Jupyter notebook is in the notebook's own terms: the cell (1-based,
/// counting every cell as the notebook shows them, markdown included) and the range in that
/// cell's source. cell 0: not in a notebook.
struct CellRange {
  int cell = 0;
  int line = 0;
  int col = 0;
  int end_line = 0;
  int end_col = 0;
  friend bool operator==(const CellRange&, const CellRange&) = default;
  friend auto operator<=>(const CellRange&, const CellRange&) = default;
};

/// A source range. Lines are 1-based; columns are 1-based and count Unicode code points
/// (end_col is exclusive, like SARIF's endColumn). `path` is relative to the project root
/// with '/' separators, never absolute, never outside the project. In a notebook, line and
/// columns are positions in the .ipynb file itself (the JSON text of the cell's source line,
/// where GitHub anchors an alert and where a diff changes lines), and `cell` says where that
/// is in the notebook (what text output shows).
struct SourceRange {
  SourceRange() = default;
  SourceRange(std::string p, int l = 0, int c = 0, int el = 0, int ec = 0)  // NOLINT: braced as an aggregate
      : path(std::move(p)), line(l), col(c), end_line(el), end_col(ec) {}
  std::string path;
  int line = 0;
  int col = 0;
  int end_line = 0;
  int end_col = 0;
  CellRange cell;
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
  friend auto operator<=>(const SourceRange&, const SourceRange&) = default;
};

/// A secondary location with a message: where a tensor got its shape, the layer definition,
/// the branch taken on this path.
struct RelatedLocation {
  SourceRange range;
  std::string message;
  friend bool operator==(const RelatedLocation&, const RelatedLocation&) = default;
};

enum class Level { Note, Warning, Error };
const char* level_name(Level l);  ///< "note", "warning", "error"

/// Where in a declared hyperparameter space (tenscan check --space) a finding's requirement
/// fails: the hyperparameters it depends on and their failing combinations (Refty's answer).
/// Everything its words say is here, so that the regions of parts of a space analysed apart
/// (tenscan ci's space_parts, shards) join into the region of the whole (space_region.h).
struct SpaceRegionInfo {
  std::vector<std::string> hyperparameters{};       ///< option names, in the order of each vector
  std::vector<std::uint64_t> sizes{};               ///< each one's number of values in the space (0: too many)
  std::vector<std::vector<std::string>> domains{};  ///< each one's values, when the space over them is small; else empty
  /// the failing combinations found, values as on the command line, in VectorLess order
  std::vector<std::vector<std::string>> failing{};
  bool complete = true;     ///< `failing` is every failing combination
  std::uint64_t space = 0;  ///< combinations in the declared space over them (0: too many to count)
  std::string constraint{};  ///< the requirement, in the options' names
  bool advisory = false;    ///< the finding is advice (improper, not failing)
  /// an error requirement, whose finding is an error where its region is the whole space and a
  /// warning where it is not: the level of a join of the parts' regions follows from it
  bool error_if_whole = false;
  /// The explanation of one failing combination (Refty's unsat core over the named
  /// constraints): `because` names the hyperparameters whose values in `example` make the
  /// requirement fail by themselves, whatever the ones in `whatever` are (example empty: not
  /// computed; a path's string or float choice is in neither: the path is taken for it)
  std::vector<std::string> example{};
  std::vector<std::string> because{};
  std::vector<std::string> whatever{};
  friend bool operator==(const SpaceRegionInfo&, const SpaceRegionInfo&) = default;
};

/// A mechanical fix: the text of each range (1-based, end exclusive, code points) replaced, an
/// empty range being an insertion. Applied together, they make the finding go away.
struct Replacement {
  SourceRange range;
  std::string text;
  friend bool operator==(const Replacement&, const Replacement&) = default;
};
struct Fix {
  std::string description;  ///< "set in_features to 21632"
  std::vector<Replacement> replacements;
  friend bool operator==(const Fix&, const Fix&) = default;
};

struct Finding {
  RuleId rule;
  Level level = Level::Error;
  std::string message;            ///< self-contained first sentence, values included
  SourceRange location;           ///< the operation that fails
  std::vector<RelatedLocation> related;
  std::vector<std::string> path_conditions;  ///< the path in source terms ("--model is 'big'")
  /// The execution path that leads to the failure, in order: where the offending tensor got
  /// its shape, the branches taken, the loop iteration (the last minibatch), ending with the
  /// failing operation itself. Rendered as a SARIF codeFlow; empty when there is nothing
  /// beyond the failing operation to show.
  std::vector<RelatedLocation> steps;
  /// Location-independent identity for baselines: rule + enclosing function + normalised
  /// message (digits masked). Computed by the analyzer, hashed by reporters.
  std::string identity;
  /// Over a declared hyperparameter space: the region where it fails (hyperparameters empty:
  /// none).
  SpaceRegionInfo region{};
  /// Fixes a tool can apply (SARIF fixes, `tenscan check --fix`): only where the same edit
  /// fixes every path that reported it.
  std::vector<Fix> fixes{};
};

/// Something about the run rather than about the code: a file that did not parse, a
/// construct the analyzer skipped, a budget that ran out, unmodelled calls.
struct Notification {
  enum class Kind {
    SyntaxError, UnreadableFile, UnsupportedSyntax, UnmodelledCall, Budget, Internal, Reveal, ScriptExit,
    Unsupported,  ///< a path stopped where tenscan's models fell short (an exception they raised)
    Configuration,  ///< a part of the analysis's configuration did not apply (a --space option the script lacks)
  };
  static constexpr int kCount = static_cast<int>(Kind::Configuration) + 1;  ///< keep equal to the last kind + 1
  Kind kind;
  Level level = Level::Note;
  std::string message;
  SourceRange location;  ///< path may be empty for run-wide notifications
  friend bool operator==(const Notification&, const Notification&) = default;
};
const char* notification_kind_name(Notification::Kind k);

/// Per-entry statistics (--stats, JSON and SARIF run properties).
struct Stats {
  int paths_explored = 0;   ///< execution paths that reached an end
  int paths_valid = 0;
  int paths_invalid = 0;
  int paths_dontknow = 0;   ///< solver gave up, or a budget stopped the path
  int paths_unreachable = 0;
  int paths_pruned = 0;     ///< dropped because the path budget was exceeded
  int paths_merged = 0;     ///< paths folded into an equivalent one (PyTea's path merging)
  int paths_joined = 0;     ///< ... of which joined: they differed in ints, booleans or requirements
  int loops_widened = 0;    ///< loop-head states widened towards a fixpoint
  int objects_reclaimed = 0;  ///< objects no path could reach any more, freed at loop heads
  int assumptions = 0;      ///< requirements on unknown data taken as assumptions, not findings
  int solver_calls = 0;
  double solver_ms = 0;
  int requirements_checked = 0;  ///< soft constraints generated by operations
  int requirements_online = 0;   ///< ... of which the online checker decided
  int modules_loaded = 0;
  int statements_executed = 0;
  /// Calls the analyzer had no model for, qualified name -> count.
  std::map<std::string, int> unmodelled_calls;
  /// Unmodelled calls that need no model (files, logs, plots, clocks, seeds, RL environments:
  /// nothing they return is a shape tenscan could check), "reason: name" -> count.
  std::map<std::string, int> benign_calls;
  /// Where tenscan's models fell short (analysis/unsupported): the exception a path stopped
  /// with ("AttributeError: module 'torch' has no attribute 'fft'") -> paths it stopped.
  std::map<std::string, int> unsupported;
  /// Tensor operations analysed, primitive name -> count (shows what the run covered).
  std::map<std::string, int> operations;
};

/// Whether the analysis checked the whole program, and if not, what it did not check. A path
/// that a budget stopped, or that ended with an exception the program itself did not raise
/// (a gap in tenscan's models, an error the interpreter met), did not reach the end: what it
/// would have run next was not checked. "No issues found" is said only of a complete analysis.
struct Completeness {
  /// What cut the analysis short: a budget (with where it stopped paths), an uncaught exception.
  struct Cause {
    std::string what;      ///< "the work budget", "an uncaught TypeError: ..."
    SourceRange location;  ///< where (path empty when nowhere in the project's code)
    int paths = 0;         ///< paths it stopped (0: a limit that stopped none, e.g. the call depth)
    friend bool operator==(const Cause&, const Cause&) = default;
  };
  /// Project lines whose statements no path executed although a stopped path would have run
  /// them next (the rest of the function it stopped in, the functions that names).
  struct Lines {
    std::string path;
    int line = 0, end_line = 0;
    /// In a notebook (cell > 0): the lines of that cell's source (line and end_line are the
    /// .ipynb file's, as SourceRange's).
    int cell = 0, cell_line = 0, cell_end_line = 0;
    friend bool operator==(const Lines&, const Lines&) = default;
  };
  bool complete = true;
  int paths_completed = 0;  ///< paths that reached the end of the program (or its own exit or raise)
  int paths_stopped = 0;
  std::vector<Cause> causes;       ///< most paths first
  int statements_reached = 0;      ///< statements some path executed, or would have run next (Lines)
  int statements_checked = 0;      ///< ... of which a path that reached the end executed
  std::vector<Lines> unchecked;    ///< by path, then line
  /// The lines of the statements some path executed before a certain error of its own (runs of
  /// them no other statement interrupts), by path, then line: what a baseline comparison asks
  /// before it calls a finding that is no longer reported fixed.
  std::vector<Lines> executed;
  /// statements_checked / statements_reached in percent (100 when nothing was reached).
  [[nodiscard]] double coverage() const {
    return statements_reached == 0 ? 100.0 : 100.0 * statements_checked / statements_reached;
  }
  friend bool operator==(const Completeness&, const Completeness&) = default;
};

/// One layer of the model as the analysis ran it (the shape report, AnalysisOptions::
/// trace_modules): an nn.Module the program called, with what reached it on every path.
struct ModuleCall {
  std::string path;   ///< where it sits in the model ("features.0", "fc1"); a root module: its class
  std::string type;   ///< its class ("Conv2d")
  std::string args;   ///< its key arguments ("in_channels=3, out_channels=16, kernel_size=(3, 3)")
  int depth = 0;      ///< 0: called by the program itself, 1: by a depth-0 module's forward, ...
  std::vector<std::string> inputs;   ///< the shapes of its tensor inputs, one text per distinct call ("[B, 3, 32, 32]")
  std::vector<std::string> outputs;  ///< the shapes it returned, likewise
  std::int64_t params = -1;          ///< the elements of its own parameters (-1: unknown)
  SourceRange call;                  ///< where the program calls it (the project's innermost call)
  std::vector<std::string> failures; ///< "rule: message" of the findings of operations its forward ran itself
  /// The forward pass's dataflow: the rows of AnalysisResult::modules whose outputs its inputs
  /// were computed from, ascending (-1: tensors no module made, the data the program or a
  /// forward made itself). A module that calls others is never one: its result is theirs.
  std::vector<int> from{};
  friend bool operator==(const ModuleCall&, const ModuleCall&) = default;
};

/// Module mode: what a module's forward requires of its arguments and what it returns, as the
/// analysis inferred it (AnalysisOptions::module_mode), one per class and path.
struct ModuleContract {
  std::string module;     ///< its class ("Net")
  SourceRange where;      ///< the class statement
  std::string signature;  ///< "Net.forward(x: [B, 1, H, W]) -> [B, 10]"
  std::vector<std::string> conditions;  ///< what it requires of the argument dims ("64*((H - 4) // 2)*((W - 4) // 2) == 9216")
  std::vector<std::string> fixed;      ///< dims it accepts one value of only ("B = 1")
  std::vector<std::string> examples;   ///< "H = W = 28"
  std::vector<std::string> when;       ///< the path's decisions, where several paths give several contracts
  friend bool operator==(const ModuleContract&, const ModuleContract&) = default;
};

struct AnalysisResult {
  std::vector<Finding> findings;  ///< deterministic order: path, line, col, rule
  std::vector<Notification> notifications;
  Stats stats;
  Completeness completeness;
  bool completed = true;  ///< false if the entry could not be analysed at all
  std::vector<ModuleCall> modules;  ///< in the order first called (only with AnalysisOptions::trace_modules)
  std::vector<ModuleContract> contracts;  ///< module mode: by file position of the class
};

}  // namespace tenscan
