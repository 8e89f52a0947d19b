// `tenscan check --diff` and `--fix`: the findings' fixes as a unified diff, or written into the
// project's files.
#pragma once

#include <filesystem>
#include <string>

#include "tenscan/core/analyze.h"
#include "tenscan/report/report.h"

namespace tenscan::cmd {

struct FixOutcome {
  std::string diff;       ///< every file's diff
  int files_changed = 0;  ///< files written (--fix) or that would be
  int fixes = 0;          ///< fixes applied
  std::string error;      ///< why a file could not be fixed or written (empty: none)
};

/// The first fix of every finding that has one, file by file (read through `sources`); with
/// `write`, each changed file is written in place (never through a link the repository holds).
FixOutcome fix_findings(const AnalysisResult& result, const report::SourceLookup& sources, const std::filesystem::path& root,
                        bool write);

}  // namespace tenscan::cmd
