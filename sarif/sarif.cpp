// The SARIF 2.1.0 writer. Field choices follow research ci-sarif.md §1 (what GitHub reads) and
// §9 (the checklist); SARIF spec sections are cited as "SARIF §x.y".
#include "tenscan/report/sarif.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

#include "internal.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/fingerprint.h"

namespace tenscan::report {

using detail::Json;

namespace {

constexpr const char* kSrcRoot = "%SRCROOT%";

// RFC 3986: keep unreserved characters and '/', percent-encode every other byte (UTF-8).
std::string percent_encode(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

std::string project_root_uri(const std::filesystem::path& root) {
  std::string p = std::filesystem::absolute(root).lexically_normal().generic_string();
  if (p.empty() || p.back() != '/') p += '/';  // SARIF §3.14.14: a base URI ends with '/'
  return "file://" + percent_encode(p);
}

// SARIF §3.30: region columns are in the run's columnKind (code points, as in the model);
// endColumn is exclusive. Only self-consistent values are written (SARIF1007).
Json region(const SourceRange& r) {
  Json j = {{"startLine", r.line}};
  if (r.col >= 1) j["startColumn"] = r.col;
  const int end_line = std::max(r.end_line, r.line);
  j["endLine"] = end_line;
  if (r.col >= 1 && r.end_col >= 1 && (end_line > r.line || r.end_col >= r.col)) j["endColumn"] = r.end_col;
  return j;
}

// A location (SARIF §3.28) for a project file, or nullopt when the path is not project-relative
// (never leak absolute or sandbox paths, §1.2).
std::optional<Json> location(const SourceRange& r) {
  auto uri = project_relative_uri(r.path);
  if (!uri) return std::nullopt;
  Json physical = {{"artifactLocation", {{"uri", *uri}, {"uriBaseId", kSrcRoot}}}};
  if (r.line >= 1) physical["region"] = region(r);
  return Json{{"physicalLocation", std::move(physical)}};
}

std::vector<std::string> split_tags(std::string_view tags) {
  std::vector<std::string> out;
  while (!tags.empty()) {
    auto comma = tags.find(',');
    auto tag = tags.substr(0, comma);
    while (!tag.empty() && tag.front() == ' ') tag.remove_prefix(1);
    while (!tag.empty() && tag.back() == ' ') tag.remove_suffix(1);
    if (!tag.empty()) out.emplace_back(tag);
    tags = comma == std::string_view::npos ? std::string_view{} : tags.substr(comma + 1);
  }
  return out;
}

// GitHub's problem.severity for non-security rules (§1.1): error / warning / recommendation.
const char* problem_severity(std::string_view level) {
  if (level == "error") return "error";
  if (level == "warning") return "warning";
  return "recommendation";
}

Json rule_descriptor(const RuleInfo& r) {
  return {{"id", r.id},
          {"name", r.name},
          {"shortDescription", {{"text", r.short_description}}},
          {"fullDescription", {{"text", r.full_description}}},
          {"help", {{"text", markdown_to_plain(r.help_markdown)}, {"markdown", r.help_markdown}}},
          {"helpUri", rule_help_uri(r.id)},
          {"defaultConfiguration", {{"level", r.default_level}}},
          // No security-severity: it would file tenscan's alerts under security (§1.1).
          {"properties",
           {{"tags", split_tags(r.tags)},
            {"precision", r.precision},
            {"problem.severity", problem_severity(r.default_level)}}}};
}

// The result message: the finding's message, then the path it happens on. GitHub shows only
// message.text (§1.1), so the path conditions go there too.
std::string result_message(const Finding& f) {
  std::string text = f.message;
  if (!f.path_conditions.empty()) {
    text += "\nOn this path: ";
    for (std::size_t i = 0; i < f.path_conditions.size(); ++i) text += (i ? "; " : "") + f.path_conditions[i];
    text += '.';
  }
  return text;
}

}  // namespace

std::optional<std::string> project_relative_uri(std::string_view path) {
  std::string p(path);
  for (char& c : p)
    if (c == '\\') c = '/';
  if (p.empty() || p.front() == '/') return std::nullopt;
  std::string out;
  bool first = true;
  for (std::size_t start = 0; start <= p.size();) {
    auto slash = p.find('/', start);
    if (slash == std::string::npos) slash = p.size();
    const std::string_view segment(p.data() + start, slash - start);
    start = slash + 1;
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") return std::nullopt;
    if (first && segment.find(':') != std::string_view::npos) return std::nullopt;  // "C:", "file:"
    out += (first ? "" : "/") + percent_encode(segment);
    first = false;
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::string rule_help_uri(std::string_view rule_id) {
  // GitHub's heading anchors: lower case; letters, digits, '-' and '_' kept; spaces -> '-';
  // everything else dropped.
  std::string anchor;
  for (unsigned char c : rule_id) {
    if (std::isalnum(c) || c == '-' || c == '_') anchor += static_cast<char>(std::tolower(c));
    if (c == ' ') anchor += '-';
  }
  return std::string(kInformationUri) + "/blob/main/docs/rules.md#" + anchor;
}

std::string render_sarif(const AnalysisResult& result, const SourceLookup& sources,
                         const SarifOptions& options) {
  detail::SourceCache cache(sources);
  const auto catalogue = all_rules();

  Json rules = Json::array();
  std::map<RuleId, std::size_t> rule_index;
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    rules.push_back(rule_descriptor(catalogue[i]));
    rule_index[catalogue[i].rule] = i;
  }

  Json notifications = Json::array();
  auto notify = [&](Level level, const std::string& message, const std::string& descriptor,
                    const std::optional<Json>& where) {
    // SARIF §3.58: notification; descriptor names tenscan's notification kind.
    Json n = {
        {"level", level_name(level)}, {"message", {{"text", message}}}, {"descriptor", {{"id", descriptor}}}};
    if (where) n["locations"] = Json::array({*where});
    notifications.push_back(std::move(n));
  };

  Json results = Json::array();
  std::map<std::string, int> fingerprint_counts;
  std::map<std::string, std::vector<std::string>> hashes_by_path;
  for (const Finding* f : sorted_findings(result.findings)) {
    const auto& rule = rule_info(f->rule);
    auto primary = location(f->location);
    if (!primary) {
      notify(Level::Error,
             "A " + std::string(rule.id) +
                 " finding had a location outside the project and was left out of this log.",
             "analysis/internal-error", std::nullopt);
      continue;
    }
    Json r = {{"ruleId", rule.id},
              {"ruleIndex", rule_index.at(f->rule)},
              {"level", level_name(f->level)},
              {"message", {{"text", result_message(*f)}}},
              {"locations", Json::array({*primary})}};

    Json related = Json::array();
    for (std::size_t i = 0; i < f->related.size(); ++i) {
      auto loc = location(f->related[i].range);
      if (!loc) continue;
      (*loc)["id"] = i + 1;  // SARIF §3.28.2; message links would be written "[text](id)"
      (*loc)["message"] = {{"text", f->related[i].message}};
      related.push_back(std::move(*loc));
    }
    if (!related.empty()) r["relatedLocations"] = std::move(related);

    // §1.3: GitHub's own line hash, computed exactly as upload-sarif would (so no "inconsistent
    // fingerprint" warnings), plus tenscan's line-independent key with an occurrence count.
    Json fingerprints = Json::object();
    if (const std::string* text = cache.text(f->location.path)) {
      auto [it, fresh] = hashes_by_path.try_emplace(f->location.path);
      if (fresh) it->second = line_hashes(*text);
      const auto line = static_cast<std::size_t>(std::max(f->location.line, 1));
      if (line <= it->second.size()) fingerprints["primaryLocationLineHash"] = it->second[line - 1];
    }
    const std::string own = finding_fingerprint(*f);
    fingerprints["tenscanFinding/v1"] = own + ":" + std::to_string(++fingerprint_counts[own]);
    r["partialFingerprints"] = std::move(fingerprints);
    results.push_back(std::move(r));
  }

  for (const Notification* n : sorted_notifications(result.notifications)) {
    std::optional<Json> where;
    if (!n->location.path.empty()) where = location(n->location);
    notify(n->level, n->message, std::string("analysis/") + notification_kind_name(n->kind), where);
  }

  // SARIF §3.20: one invocation; toolExecutionNotifications carry parse errors, timeouts,
  // crashes (GitHub ignores them for third-party tools, §0, but other consumers show them).
  Json invocation = {{"executionSuccessful", result.completed}};
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);

  Json run = {{"tool",
               {{"driver",
                 {{"name", "tenscan"},
                  {"semanticVersion", version()},
                  {"informationUri", kInformationUri},
                  {"rules", std::move(rules)}}}}},
              {"invocations", Json::array({std::move(invocation)})}};
  if (!options.project_root.empty())  // SARIF §3.14.14; defines the base of every relative uri
    run["originalUriBaseIds"] = {{kSrcRoot, {{"uri", project_root_uri(options.project_root)}}}};
  if (!options.automation_id.empty()) run["automationDetails"] = {{"id", options.automation_id}};  // §1.4
  run["columnKind"] = "unicodeCodePoints";  // SARIF §3.14.22; the model counts code points
  run["results"] = std::move(results);      // always present, even when empty (§1.8)
  run["properties"] = {{"tenscan", {{"stats", detail::stats_to_json(result.stats)}}}};

  Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({std::move(run)})}};
  return detail::dump(log, 2) + "\n";
}

}  // namespace tenscan::report
