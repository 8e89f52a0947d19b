// A Markdown summary of a CI run for $GITHUB_STEP_SUMMARY and merge-request comments:
//
//   ## tenscan: 2 errors (1 new), 1 warning in 3 entries
//   **1 entry was not analysed, so the results are incomplete:**   (+ a table: entry, status, detail)
//   **1 new**, 2 unchanged, 1 fixed compared with `BASE`.           (when a baseline was compared)
//   ### New findings    (### Findings without a baseline)           (+ a table: level, location, rule,
//   message)
//   ### Suggested fixes   (per finding with a fix: what it does and a ```suggestion block of
//                          the lines it edits, as a reviewer applies them; needs `sources`)
//   ### Model shapes     (per entry whose layers were traced: a collapsed <details> with the
//                         layer table, and the name of its HTML page in `shape_reports`)
//   ### Fixed findings                                              (+ the same table)
//
// Locations link to `link_prefix + path + "#L" + line` when link_prefix is set (e.g.
// "https://github.com/o/r/blob/SHA/"). Text from findings is escaped (Markdown punctuation,
// '|', HTML, line breaks), so a message cannot break the table or inject markup.
#pragma once

#include <cstddef>
#include <string>

#include "tenscan/report/report.h"
#include "tenscan/report/run.h"

namespace tenscan::report {

struct MarkdownOptions {
  std::string link_prefix;        ///< empty: locations are plain text
  std::size_t max_findings = 50;  ///< rows per table; the rest is counted in a "more not shown" line
  SourceLookup sources{};         ///< the project's files, for the suggested fixes (none without)
  std::string shape_reports{};    ///< where the shape reports were written (tenscan ci --report), if they were
};

std::string render_markdown(const RunReport& run, const MarkdownOptions& options);

}  // namespace tenscan::report
