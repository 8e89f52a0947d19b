// The SARIF 2.1.0 writer. Field choices follow research ci-sarif.md §1 (what GitHub reads) and
// §9 (the checklist); SARIF spec sections are cited as "SARIF §x.y".
#include "tenscan/report/sarif.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

#include "internal.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/fingerprint.h"
#include "tenscan/report/rule_docs.h"

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

// SARIF §3.55 fixes: one artifactChange per fix (its replacements are in one file), each
// replacement a deletedRegion (empty: an insertion) and its insertedContent. nullopt when there is
// none, or a replacement is not in the project.
std::optional<Json> fixes_json(const std::vector<Fix>& fixes) {
  Json out = Json::array();
  for (const auto& fix : fixes) {
    if (fix.replacements.empty()) continue;
    Json replacements = Json::array();
    std::optional<Json> artifact;
    for (const auto& rep : fix.replacements) {
      auto loc = location(rep.range);
      if (!loc || rep.range.path != fix.replacements[0].range.path) return std::nullopt;
      if (!artifact) artifact = (*loc)["physicalLocation"]["artifactLocation"];
      replacements.push_back({{"deletedRegion", (*loc)["physicalLocation"]["region"]}, {"insertedContent", {{"text", rep.text}}}});
    }
    out.push_back({{"description", {{"text", fix.description}}},
                   {"artifactChanges", Json::array({{{"artifactLocation", *artifact}, {"replacements", replacements}}})}});
  }
  if (out.empty()) return std::nullopt;
  return out;
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
// message.text (§1.1), so the path conditions go there too; read_sarif strips them again.
std::string conditions_suffix(const std::vector<std::string>& conditions) {
  if (conditions.empty()) return {};
  std::string text = "\nOn this path: ";
  for (std::size_t i = 0; i < conditions.size(); ++i) text += (i ? "; " : "") + conditions[i];
  return text + '.';
}

// "killed by signal 11" -> "The analysis of train.py crashed: killed by signal 11."
std::string status_message(const EntryOutcome& e) {
  const auto& info = detail::status_info(e.status);
  std::string text = "The analysis of " +
                     (e.path.empty() ? std::string("the entry script") : detail::entry_label(e)) + " " +
                     info.verb;
  if (!e.detail.empty()) text += ": " + e.detail;
  if (text.back() != '.') text += '.';  // SARIF2001: messages end with a period
  return text;
}

Json entry_properties(const EntryOutcome& e) {
  Json p = Json::object();
  if (!e.path.empty()) p["entry"] = e.path;
  if (!e.args.empty()) p["args"] = e.args;
  return p;
}

// GitHub shows at most 1,000 thread-flow locations of a result (and rejects more than 10,000,
// research ci-sarif.md §1.5): a longer path keeps its first steps and its last one, the failing
// operation.
constexpr std::size_t kMaxSteps = 1000;

// SARIF §3.36-§3.38: the execution path as one codeFlow with one threadFlow, a threadFlowLocation
// per step in execution order (executionOrder 1..n, §3.38.11; all at nestingLevel 0, §3.38.10:
// the path is not a call tree). Steps outside the project are left out, like related locations.
// nullopt when no step remains (a threadFlow needs at least one location).
std::optional<Json> code_flow(const std::vector<RelatedLocation>& steps) {
  Json locations = Json::array();
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (locations.size() + 1 == kMaxSteps && i + 1 < steps.size()) i = steps.size() - 1;
    auto loc = location(steps[i].range);
    if (!loc) continue;
    if (!steps[i].message.empty()) (*loc)["message"] = {{"text", steps[i].message}};
    locations.push_back(
        {{"location", std::move(*loc)}, {"nestingLevel", 0}, {"executionOrder", locations.size() + 1}});
  }
  if (locations.empty()) return std::nullopt;
  return Json{{"threadFlows", Json::array({{{"locations", std::move(locations)}}})}};
}

Json compact_finding(const RunFinding& f) {
  return {{"rule", rule_info(f.finding.rule).id}, {"level", level_name(f.finding.level)},
          {"message", f.finding.message},         {"location", detail::range_to_json(f.finding.location)},
          {"fingerprint", f.fingerprint},         {"entries", f.entries}};
}

// Baseline findings that are not results (fixed, or not re-checked), compactly, in reporting order.
Json compact_findings(const std::vector<RunFinding>& findings) {
  Json out = Json::array();
  for (std::size_t index : detail::finding_order(findings)) out.push_back(compact_finding(findings[index]));
  return out;
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
  // (the anchor of the rule's heading in docs/rules.md: tenscan/report/rule_docs.h)
  return std::string(kInformationUri) + "/blob/main/docs/rules.md#" + heading_anchor(std::string(rule_id));
}

std::string render_sarif(const RunReport& run, const SourceLookup& sources, const SarifOptions& options) {
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
                    const std::optional<Json>& where, Json properties) {
    // SARIF §3.58: notification; descriptor names tenscan's notification kind.
    Json n = {
        {"level", level_name(level)}, {"message", {{"text", message}}}, {"descriptor", {{"id", descriptor}}}};
    if (where) n["locations"] = Json::array({*where});
    if (!properties.empty()) n["properties"] = std::move(properties);
    notifications.push_back(std::move(n));
  };

  Json results = Json::array();
  std::map<std::string, std::vector<std::string>> hashes_by_path;
  for (std::size_t index : detail::finding_order(run.findings)) {
    const RunFinding& rf = run.findings[index];
    const Finding& f = rf.finding;
    if (rf.suppressed && !options.include_suppressed) continue;
    const auto& rule = rule_info(f.rule);
    auto primary = location(f.location);
    if (!primary) {
      notify(Level::Error,
             "A " + std::string(rule.id) +
                 " finding had a location outside the project and was left out of this log.",
             "analysis/invalid-location", std::nullopt, Json::object());
      continue;
    }
    Json r = {{"ruleId", rule.id},
              {"ruleIndex", rule_index.at(f.rule)},
              {"level", level_name(f.level)},
              {"message", {{"text", f.message + conditions_suffix(f.path_conditions)}}},
              {"locations", Json::array({*primary})}};

    Json related = Json::array();
    for (const auto& rel : f.related) {
      auto loc = location(rel.range);
      if (!loc) continue;
      (*loc)["id"] = related.size() + 1;  // SARIF §3.28.2; message links would be written "[text](id)"
      (*loc)["message"] = {{"text", rel.message}};
      related.push_back(std::move(*loc));
    }
    if (!related.empty()) r["relatedLocations"] = std::move(related);
    if (auto flow = code_flow(f.steps)) r["codeFlows"] = Json::array({std::move(*flow)});
    if (auto fixes = fixes_json(f.fixes)) r["fixes"] = std::move(*fixes);

    // §1.3: GitHub's own line hash, computed exactly as upload-sarif would (so no "inconsistent
    // fingerprint" warnings), plus tenscan's line-independent key.
    Json fingerprints = Json::object();
    if (const std::string* text = cache.text(f.location.path)) {
      auto [it, fresh] = hashes_by_path.try_emplace(f.location.path);
      if (fresh) it->second = line_hashes(*text);
      const auto line = static_cast<std::size_t>(std::max(f.location.line, 1));
      if (line <= it->second.size()) fingerprints["primaryLocationLineHash"] = it->second[line - 1];
    }
    if (!rf.fingerprint.empty()) fingerprints["tenscanFinding/v1"] = rf.fingerprint;
    r["partialFingerprints"] = std::move(fingerprints);
    if (run.baseline_compared && rf.baseline != BaselineState::None)
      r["baselineState"] = baseline_state_name(rf.baseline);                       // SARIF §3.27.24
    if (rf.suppressed) r["suppressions"] = Json::array({{{"kind", "inSource"}}});  // SARIF §3.35

    Json properties = Json::object();
    if (!rf.entries.empty()) properties["entries"] = rf.entries;
    if (!f.path_conditions.empty()) properties["pathConditions"] = f.path_conditions;
    if (!f.region.hyperparameters.empty()) properties["spaceRegion"] = detail::region_to_json(f.region);
    if (rf.anchored) properties["anchored"] = true;
    if (!properties.empty()) r["properties"] = std::move(properties);
    results.push_back(std::move(r));
  }

  Json entries = Json::array();
  for (std::size_t index : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[index];
    entries.push_back(detail::entry_to_json(e));
    std::optional<Json> entry_where;
    if (!e.path.empty()) entry_where = location({e.path, 0, 0, 0, 0});
    if (e.status != EntryStatus::Analysed) {
      const auto& info = detail::status_info(e.status);
      notify(info.level, status_message(e), std::string("analysis/") + info.name, entry_where, entry_properties(e));
    } else if (!e.completeness.complete) {
      notify(Level::Warning, "The analysis of " + detail::entry_label(e) + " is incomplete: " + incomplete_text(e.completeness),
             "analysis/incomplete", entry_where, entry_properties(e));
    }
    for (const Notification* n : sorted_notifications(e.notifications)) {
      std::optional<Json> where;
      if (!n->location.path.empty()) where = location(n->location);
      notify(n->level, n->message, std::string("analysis/") + notification_kind_name(n->kind), where,
             entry_properties(e));
    }
  }

  // SARIF §3.20: one invocation. The driver itself ran (per-entry failures are notifications);
  // toolExecutionNotifications carry parse errors, timeouts, crashes (GitHub ignores them for
  // third-party tools, §0, but other consumers show them).
  if (!run.failure.empty()) {
    std::optional<Json> where;
    if (!run.failure_path.empty()) where = location({run.failure_path, 0, 0, 0, 0});
    notify(Level::Error, run.failure, "analysis/run-failed", where, Json::object());
  }
  Json invocation = {{"executionSuccessful", run.failure.empty()}};
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);

  Json tenscan = {{"entries", std::move(entries)}, {"baselineCompared", run.baseline_compared}};
  if (run.baseline_compared) {
    tenscan["absent"] = compact_findings(run.absent);
    if (!run.not_analysed.empty()) tenscan["notAnalysed"] = compact_findings(run.not_analysed);
  }
  if (!run.base_revision.empty()) tenscan["baseRevision"] = run.base_revision;
  if (!run.head_revision.empty()) tenscan["headRevision"] = run.head_revision;
  if (!run.failure.empty()) tenscan["failure"] = run.failure;
  if (!run.failure_path.empty()) tenscan["failurePath"] = run.failure_path;

  Json sarif_run = {{"tool",
                     {{"driver",
                       {{"name", "tenscan"},
                        {"semanticVersion", version()},
                        {"informationUri", kInformationUri},
                        {"rules", std::move(rules)}}}}},
                    {"invocations", Json::array({std::move(invocation)})}};
  if (!options.project_root.empty())  // SARIF §3.14.14; defines the base of every relative uri
    sarif_run["originalUriBaseIds"] = {{kSrcRoot, {{"uri", project_root_uri(options.project_root)}}}};
  if (!options.automation_id.empty())
    sarif_run["automationDetails"] = {{"id", options.automation_id}};  // §1.4
  sarif_run["columnKind"] = "unicodeCodePoints";  // SARIF §3.14.22; the model counts code points
  sarif_run["results"] = std::move(results);      // always present, even when empty (§1.8)
  sarif_run["properties"] = {{"tenscan", std::move(tenscan)}};

  Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({std::move(sarif_run)})}};
  return detail::dump(log, 2) + "\n";
}

std::string render_sarif(const AnalysisResult& result, const SourceLookup& sources,
                         const SarifOptions& options) {
  RunReport run;
  EntryOutcome entry;
  entry.status = result.completed ? EntryStatus::Analysed : EntryStatus::Failed;
  entry.notifications = result.notifications;
  entry.stats = result.stats;
  entry.completeness = result.completeness;
  run.entries.push_back(std::move(entry));
  run.findings = collect_findings({{std::string(), &result}});
  return render_sarif(run, sources, options);
}

// ---- reading tenscan's SARIF back ----

namespace {

struct Invalid : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const Json& member(const Json& j, const char* key, const char* what) {
  if (!j.is_object() || !j.contains(key)) throw Invalid(std::string(what) + " has no '" + key + "'");
  return j.at(key);
}

std::string text_of(const Json& message, const char* what) {
  const Json& text = member(message, "text", what);
  if (!text.is_string()) throw Invalid(std::string(what) + " text is not a string");
  return text.get<std::string>();
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i + 1])) ||
        !std::isxdigit(static_cast<unsigned char>(s[i + 2])))
      throw Invalid("bad percent-encoding in uri '" + std::string(s) + "'");
    out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
    i += 2;
  }
  return out;
}

// The inverse of location(): a SourceRange from a SARIF location.
SourceRange range_from_location(const Json& loc) {
  const Json& physical = member(loc, "physicalLocation", "location");
  SourceRange r;
  r.path = percent_decode(
      member(member(physical, "artifactLocation", "physicalLocation"), "uri", "artifactLocation")
          .get<std::string>());
  if (auto it = physical.find("region"); it != physical.end()) {
    auto field = [&](const char* key) { return it->contains(key) ? detail::to_int(it->at(key)) : 0; };
    r.line = field("startLine"), r.col = field("startColumn");
    r.end_line = field("endLine"), r.end_col = field("endColumn");
  }
  return r;
}

// The inverse of fixes_json.
std::vector<Fix> fixes_from_json(const Json& fixes) {
  std::vector<Fix> out;
  if (!fixes.is_array()) throw Invalid("a result's fixes must be an array");
  for (const auto& f : fixes) {
    Fix fix;
    fix.description = text_of(member(f, "description", "fix"), "fix description");
    for (const auto& change : member(f, "artifactChanges", "fix")) {
      const Json& artifact = member(change, "artifactLocation", "artifactChange");
      for (const auto& rep : member(change, "replacements", "artifactChange")) {
        Json loc = {{"physicalLocation", {{"artifactLocation", artifact}, {"region", member(rep, "deletedRegion", "replacement")}}}};
        fix.replacements.push_back({range_from_location(loc), text_of(member(rep, "insertedContent", "replacement"), "insertedContent")});
      }
    }
    out.push_back(std::move(fix));
  }
  return out;
}


Level level_of(const Json& j, const char* what) {
  const auto name = member(j, "level", what).get<std::string>();
  auto level = level_from_name(name);
  if (!level) throw Invalid(std::string(what) + " has an unsupported level '" + name + "'");
  return *level;
}

RuleId rule_of(const std::string& id) {
  auto rule = rule_by_id(id);
  if (!rule) throw Invalid("unknown rule id '" + id + "' (written by another tenscan version?)");
  return *rule;
}

template <typename T>
T property_or(const Json& j, const char* key, T fallback) {
  auto props = j.find("properties");
  if (props == j.end() || !props->is_object() || !props->contains(key)) return fallback;
  return props->at(key).template get<T>();
}

// The inverse of code_flow().
std::vector<RelatedLocation> steps_from_code_flows(const Json& flows) {
  if (!flows.is_array() || flows.size() != 1) throw Invalid("a result needs exactly one codeFlow");
  const Json& threads = member(flows[0], "threadFlows", "codeFlow");
  if (!threads.is_array() || threads.size() != 1) throw Invalid("a codeFlow needs exactly one threadFlow");
  const Json& locations = member(threads[0], "locations", "threadFlow");
  if (!locations.is_array() || locations.empty()) throw Invalid("a threadFlow needs locations");
  std::vector<RelatedLocation> steps;
  for (const auto& step : locations) {
    const Json& loc = member(step, "location", "threadFlowLocation");
    const auto message = loc.find("message");  // written only when not empty
    steps.push_back({range_from_location(loc),
                     message == loc.end() ? std::string() : text_of(*message, "threadFlowLocation message")});
  }
  return steps;
}

RunFinding finding_from_result(const Json& r) {
  RunFinding rf;
  Finding& f = rf.finding;
  f.rule = rule_of(member(r, "ruleId", "result").get<std::string>());
  f.level = level_of(r, "result");
  const Json& locations = member(r, "locations", "result");
  if (!locations.is_array() || locations.size() != 1) throw Invalid("a result needs exactly one location");
  f.location = range_from_location(locations[0]);
  if (auto it = r.find("relatedLocations"); it != r.end())
    for (const auto& loc : *it)
      f.related.push_back({range_from_location(loc),
                           text_of(member(loc, "message", "relatedLocation"), "relatedLocation message")});
  if (auto it = r.find("codeFlows"); it != r.end()) f.steps = steps_from_code_flows(*it);
  if (auto it = r.find("fixes"); it != r.end()) f.fixes = fixes_from_json(*it);
  f.path_conditions = property_or(r, "pathConditions", std::vector<std::string>{});
  if (auto props = r.find("properties"); props != r.end() && props->is_object() && props->contains("spaceRegion")) {
    try {
      f.region = detail::region_from_json(props->at("spaceRegion"));
    } catch (const std::exception& e) {
      throw Invalid(std::string("a result's spaceRegion property is malformed: ") + e.what());
    }
  }
  f.message = text_of(member(r, "message", "result"), "result message");
  const std::string suffix = conditions_suffix(f.path_conditions);
  if (f.message.size() < suffix.size() ||
      f.message.compare(f.message.size() - suffix.size(), suffix.size(), suffix) != 0)
    throw Invalid("a result message does not end with its path conditions");
  f.message.resize(f.message.size() - suffix.size());
  if (auto it = r.find("partialFingerprints"); it != r.end() && it->contains("tenscanFinding/v1"))
    rf.fingerprint = it->at("tenscanFinding/v1").get<std::string>();
  if (auto it = r.find("baselineState"); it != r.end()) {
    auto state = baseline_state_from_name(it->get<std::string>());
    if (!state || *state == BaselineState::None || *state == BaselineState::Absent)
      throw Invalid("unsupported baselineState " + it->dump());
    rf.baseline = *state;
  }
  if (auto it = r.find("suppressions"); it != r.end()) rf.suppressed = it->is_array() && !it->empty();
  rf.entries = property_or(r, "entries", std::vector<std::string>{});
  rf.anchored = property_or(r, "anchored", false);
  return rf;
}

RunFinding finding_from_compact(const Json& j, BaselineState state) {
  RunFinding rf;
  rf.finding.rule = rule_of(member(j, "rule", "absent finding").get<std::string>());
  rf.finding.level = level_of(j, "absent finding");
  rf.finding.message = member(j, "message", "absent finding").get<std::string>();
  rf.finding.location = detail::range_from_json(member(j, "location", "absent finding"));
  rf.fingerprint = member(j, "fingerprint", "absent finding").get<std::string>();
  rf.entries = member(j, "entries", "absent finding").get<std::vector<std::string>>();
  rf.baseline = state;
  return rf;
}

RunReport read_run(const Json& log) {
  if (!log.is_object() || !log.contains("version") || log.at("version") != "2.1.0")
    throw Invalid("not a SARIF 2.1.0 log");
  const Json& runs = member(log, "runs", "the log");
  if (!runs.is_array() || runs.size() != 1)
    throw Invalid("expected exactly one run, found " + std::to_string(runs.is_array() ? runs.size() : 0));
  const Json& run = runs[0];
  const Json& name = member(member(member(run, "tool", "run"), "driver", "tool"), "name", "driver");
  if (name != "tenscan") throw Invalid("the log was written by " + name.dump() + ", not tenscan");
  const Json& props = member(member(run, "properties", "run"), "tenscan", "run properties");

  RunReport out;
  for (const auto& e : member(props, "entries", "run.properties.tenscan"))
    out.entries.push_back(detail::entry_from_json(e));
  out.baseline_compared = member(props, "baselineCompared", "run.properties.tenscan").get<bool>();
  if (auto it = props.find("absent"); it != props.end())
    for (const auto& a : *it) out.absent.push_back(finding_from_compact(a, BaselineState::Absent));
  if (auto it = props.find("notAnalysed"); it != props.end())
    for (const auto& a : *it) out.not_analysed.push_back(finding_from_compact(a, BaselineState::None));
  if (auto it = props.find("baseRevision"); it != props.end()) out.base_revision = it->get<std::string>();
  if (auto it = props.find("headRevision"); it != props.end()) out.head_revision = it->get<std::string>();
  if (auto it = props.find("failure"); it != props.end()) out.failure = it->get<std::string>();
  if (auto it = props.find("failurePath"); it != props.end()) out.failure_path = it->get<std::string>();

  for (const auto& r : member(run, "results", "run")) out.findings.push_back(finding_from_result(r));

  const Json& invocations = member(run, "invocations", "run");
  if (!invocations.is_array() || invocations.size() != 1) throw Invalid("expected exactly one invocation");
  if (auto it = invocations[0].find("toolExecutionNotifications"); it != invocations[0].end()) {
    for (const auto& n : *it) {
      const auto id = member(member(n, "descriptor", "notification"), "id", "descriptor").get<std::string>();
      constexpr std::string_view prefix = "analysis/";
      if (id.rfind(prefix, 0) != 0) throw Invalid("unknown notification '" + id + "'");
      auto kind = notification_kind_from_name(std::string_view(id).substr(prefix.size()));
      if (!kind) continue;  // per-entry status and invalid-location notifications: regenerated
      Notification note{*kind,
                        level_of(n, "notification"),
                        text_of(member(n, "message", "notification"), "notification message"),
                        {}};
      if (auto loc = n.find("locations"); loc != n.end() && loc->is_array() && !loc->empty())
        note.location = range_from_location(loc->at(0));
      const auto path = property_or(n, "entry", std::string{});
      const auto args = property_or(n, "args", std::vector<std::string>{});
      auto entry = std::find_if(out.entries.begin(), out.entries.end(),
                                [&](const EntryOutcome& e) { return e.path == path && e.args == args; });
      if (entry == out.entries.end())
        throw Invalid("a notification names the entry '" + path + "', which is not in the run");
      entry->notifications.push_back(std::move(note));
    }
  }
  return out;
}

}  // namespace

std::optional<RunReport> read_sarif(std::string_view text, std::string* error) {
  try {
    return read_run(Json::parse(text));
  } catch (const std::exception& e) {
    if (error) *error = std::string("not a tenscan SARIF log: ") + e.what();
  }
  return std::nullopt;
}

}  // namespace tenscan::report
