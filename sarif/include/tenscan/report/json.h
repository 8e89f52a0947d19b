// tenscan's own JSON: one document per run (--format json), and the JSON-lines wire format
// that workers stream to the CI driver (one finding, notification or summary per line).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "tenscan/core/finding.h"
#include "tenscan/report/run.h"

namespace tenscan::report {

/// {version, entry, findings[], notifications[], stats{}, completed}; findings and
/// notifications in reporting order. `indent` < 0 gives one line.
std::string render_json(const AnalysisResult& result, const std::string& entry, int indent = 2);

/// tenscan's JSON for a CI run: {version, complete, baseline_compared, base_revision,
/// head_revision, summary, entries[{path, args, status, detail, seconds, stats,
/// notifications[]}], findings[], absent[]}; a finding is the check document's finding plus
/// {fingerprint, baseline, suppressed, anchored, entries}. Entries, findings and notifications
/// in reporting order. `indent` < 0 gives one line.
std::string render_run_json(const RunReport& run, int indent = 2);

/// The last record of a worker's stream. A stream that ends without one was cut short.
struct RunSummary {
  Stats stats;
  bool completed = true;
  Completeness completeness{};
};
using WireRecord = std::variant<Finding, Notification, RunSummary, ModuleCall, ModuleContract>;

/// One record as a single line of JSON ending in '\n'; {"type": "finding" | "notification" |
/// "module" | "summary", ...}. Lossless for valid UTF-8 text (invalid bytes become U+FFFD).
std::string encode_json_line(const WireRecord& record);
/// The inverse of encode_json_line (trailing '\n' / "\r\n" allowed). nullopt and a reason in
/// *error for anything that is not a well-formed record.
std::optional<WireRecord> decode_json_line(std::string_view line, std::string* error = nullptr);

/// A whole result as JSON lines: findings, notifications, then the summary.
std::string encode_json_lines(const AnalysisResult& result);
/// Reassembles a result from JSON lines (blank lines ignored). Without a summary line the
/// result has `completed = false`. nullopt and *error ("line N: ...") on a malformed line.
std::optional<AnalysisResult> decode_json_lines(std::string_view text, std::string* error = nullptr);

}  // namespace tenscan::report
