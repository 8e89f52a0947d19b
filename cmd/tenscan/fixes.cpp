// `tenscan check --diff` / `--fix` (fixes.h).
#include "fixes.h"

#include <map>

#include "tenscan/ci/output.h"
#include "tenscan/core/edits.h"
#include "tenscan/report/fixes.h"

namespace tenscan::cmd {

FixOutcome fix_findings(const AnalysisResult& result, const report::SourceLookup& sources, const std::filesystem::path& root,
                        bool write) {
  FixOutcome out;
  std::map<std::string, std::pair<std::vector<Replacement>, int>> by_file;  // path -> (replacements, fixes)
  for (const Finding* f : report::sorted_findings(result.findings)) {
    if (f->fixes.empty() || f->fixes[0].replacements.empty()) continue;
    auto& [reps, count] = by_file[f->fixes[0].replacements[0].range.path];
    reps.insert(reps.end(), f->fixes[0].replacements.begin(), f->fixes[0].replacements.end());
    ++count;
  }
  for (auto& [path, edits] : by_file) {
    auto& [reps, count] = edits;
    auto before = sources(path);
    if (!before) {
      out.error = path + ": the file could not be read";
      continue;
    }
    auto after = tenscan::apply_replacements(*before, reps);
    if (!after) {
      out.error = path + ": its fixes overlap or do not match the file";
      continue;
    }
    if (*after == *before) continue;
    out.diff += report::unified_diff(path, *before, *after, reps);
    ++out.files_changed;
    out.fixes += count;
    if (!write) continue;
    std::string why;
    if (!ci::write_report_file((root / path).string(), *after, root, why)) out.error = path + ": " + why;
  }
  return out;
}

}  // namespace tenscan::cmd
