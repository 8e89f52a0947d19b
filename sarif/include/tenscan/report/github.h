// GitHub Actions workflow commands (`tenscan check --format github`): each finding as
//
//   ::error file=train.py,line=30,endLine=30,col=9,endColumn=41,title=tenscan shape/matmul-inner-dim::MESSAGE
//
// so that `tenscan check` in a plain `run:` step annotates the pull request without a SARIF
// upload. Warnings are ::warning, notes ::notice; the related locations and path conditions are
// further lines of the annotation's message. Notifications with a location (gaps of the
// analysis, syntax errors) are annotated at their level too, and the summary line ends the output
// as plain text. Property values escape '%', CR, LF, ':' and ','; the message escapes '%', CR
// and LF, so no text from the repository can start a command of its own.
#pragma once

#include <string>

#include "tenscan/core/analyze.h"
#include "tenscan/report/text.h"

namespace tenscan::report {

std::string render_github(const AnalysisResult& result, const TextOptions& options);

}  // namespace tenscan::report
