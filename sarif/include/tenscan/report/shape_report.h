// The shape report (`--report DIR`): the model as the analysis ran it, from
// AnalysisResult::modules (AnalysisOptions::trace_modules).
//
//   render_shape_report: one self-contained HTML page per entry (inline CSS, JS and SVG;
//   nothing is fetched): a layer table like torchinfo's summary (module path, type and key
//   arguments, input and output shapes, parameters, their total), a graph of the forward pass
//   (the modules in the order they run, edges labelled with the shapes between them), and the
//   failing layers highlighted with their findings, counterexamples and the path to each.
//   render_shape_table_markdown: the same table for a pull-request summary.
//
// Shapes that differ between paths (the last minibatch) are all shown, one per line. Every
// text from the analysed code is escaped.
#pragma once

#include <string>

#include "tenscan/core/finding.h"

namespace tenscan::report {

std::string render_shape_report(const AnalysisResult& result, const std::string& entry);

/// The layer table in Markdown, nothing when the entry called no module.
std::string render_shape_table_markdown(const AnalysisResult& result);

/// The report's file name for an entry ("models/train.py" -> "models__train.py.html"); an entry
/// analysed with script arguments gets a name of its own for them (a hash of the arguments:
/// "train.py.1f0c3a9e.html"), so that the same script run two ways keeps both pages.
std::string shape_report_file_name(const std::string& entry, const std::vector<std::string>& args = {});

}  // namespace tenscan::report
