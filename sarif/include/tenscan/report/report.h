// Shared vocabulary of the reporters: how they get source text, and the one deterministic order
// in which every reporter lists findings and notifications.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tenscan/core/finding.h"

namespace tenscan::report {

/// Returns the text of a project file (project-relative path, '/' separators), or nullopt if
/// it is not available. Reporters never read files themselves; an empty function is allowed
/// and means "no sources" (no snippets in text, no line hashes in SARIF).
using SourceLookup = std::function<std::optional<std::string>(const std::string& rel_path)>;

/// The key a reporter asks a SourceLookup for the source of one cell of a Jupyter notebook
/// (SourceRange::cell): the notebook's path, a NUL (never part of a path), the cell's number.
/// A lookup that knows no notebooks returns nullopt for it, and then there is no snippet.
std::string cell_source_key(const std::string& path, int cell);

/// "path:line" for a person to read; in a notebook "path:cell N:line", the line in the cell.
std::string line_text(const SourceRange& r);

/// Findings in reporting order: path, line, column, rule id (then end, message, identity, so
/// the order is total).
std::vector<const Finding*> sorted_findings(const std::vector<Finding>& findings);
/// Notifications in reporting order: path, line, column, kind, message.
std::vector<const Notification*> sorted_notifications(const std::vector<Notification>& notifications);

/// Level and notification kind from their names (inverse of level_name /
/// notification_kind_name).
std::optional<Level> level_from_name(std::string_view name);
std::optional<Notification::Kind> notification_kind_from_name(std::string_view name);

/// An incomplete analysis in one sentence, without a prefix: "no path reached the end of the
/// program (stopped by the work budget at train.py:48); lines 52-130 of train.py were not
/// checked (coverage 31%)". Empty for a complete analysis.
std::string incomplete_text(const Completeness& c);

/// Plain text from the small markdown subset used in rule help: drops `code` backticks,
/// **bold** markers and heading hashes, and turns [text](url) into "text (url)".
std::string markdown_to_plain(std::string_view markdown);

}  // namespace tenscan::report
