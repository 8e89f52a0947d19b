// Compiler-style text output (path:line:col: error: message [rule]) with source snippets and
// carets, for terminals and job logs; and the --stats block.
#pragma once

#include <string>
#include <string_view>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"
#include "tenscan/report/run.h"

namespace tenscan::report {

struct TextOptions {
  bool color = false;  ///< ANSI colours (clang's palette); off unless the caller asks
  std::string entry;   ///< named in the summary line ("2 errors in train.py"); may be empty
};

/// One finding: the header line, the source line with a caret line, each related location as
/// an indented note with its own snippet, then the steps of its execution path that add to
/// those (a step with the location and message of a related note or an earlier step is left
/// out; one at a location already shown has no second snippet), then the path conditions.
std::string render_finding_text(const Finding& finding, const SourceLookup& sources,
                                const TextOptions& options);
/// One notification: `path:line:col: <level>: message [analysis/<kind>]` (or `tenscan: ...`
/// when it has no location), with a snippet when it has a line.
std::string render_notification_text(const Notification& notification, const SourceLookup& sources,
                                     const TextOptions& options);
/// "2 errors, 1 warning in train.py" or "no issues found in train.py" (one line, with '\n').
std::string render_summary_text(const AnalysisResult& result, const TextOptions& options);
/// Everything: findings (sorted), notifications (sorted), summary line.
std::string render_text(const AnalysisResult& result, const SourceLookup& sources,
                        const TextOptions& options);

/// A CI run as text: every non-suppressed finding as render_finding_text writes it, each
/// distinct entry notification, each entry that was not analysed as
/// `ENTRY: error: analysis crashed: DETAIL [analysis/crashed]` (warning for timed-out), then
/// one summary line: "3 errors (2 new), 1 warning in 4 entries; 1 fixed; 2 suppressed;
/// 1 entry not analysed" ("(N new)" and "fixed" only when a baseline was compared; the
/// diagnostic lines themselves never change format). options.entry is not used.
std::string render_run_text(const RunReport& run, const SourceLookup& sources, const TextOptions& options);

/// Text that may come from the analysed repository, made safe to print in a terminal or a CI
/// log: control characters and bidirectional controls escaped as <U+XXXX>, invalid UTF-8 as
/// <xx>, and the syntax CI runners read as log commands broken (see the text reporter). Every
/// reporter's text goes through it; so must anything else tenscan prints from a repository.
std::string printable(std::string_view text);

/// The --stats block: every field of Stats; unmodelled calls and operations by count
/// (descending), then name.
std::string render_stats_text(const Stats& stats);

}  // namespace tenscan::report
