// tenscan's JSON document (--format json) and the JSON-lines wire format between the worker
// processes and the CI driver.
#include "tenscan/report/json.h"

#include <exception>

#include "internal.h"
#include "tenscan/core/analyze.h"

namespace tenscan::report {

using detail::Json;

namespace {
// Module mode's inferred contracts (AnalysisResult::contracts).
Json contract_to_json(const ModuleContract& c) {
  return {{"module", c.module},   {"location", detail::range_to_json(c.where)},
          {"signature", c.signature}, {"requires", c.conditions},
          {"only_if", c.fixed},   {"accepts", c.examples},
          {"when", c.when}};
}

ModuleContract contract_from_json(const Json& j) {
  return {j.at("module").get<std::string>(),
          detail::range_from_json(j.at("location")),
          j.at("signature").get<std::string>(),
          j.at("requires").get<std::vector<std::string>>(),
          j.at("only_if").get<std::vector<std::string>>(),
          j.at("accepts").get<std::vector<std::string>>(),
          j.at("when").get<std::vector<std::string>>()};
}

Json contracts_to_json(const std::vector<ModuleContract>& contracts) {
  Json out = Json::array();
  for (const auto& c : contracts) out.push_back(contract_to_json(c));
  return out;
}
}  // namespace

std::string render_json(const AnalysisResult& result, const std::string& entry, int indent) {
  Json findings = Json::array(), notifications = Json::array();
  for (const Finding* f : sorted_findings(result.findings)) findings.push_back(detail::finding_to_json(*f));
  for (const Notification* n : sorted_notifications(result.notifications))
    notifications.push_back(detail::notification_to_json(*n));
  Json doc = {{"version", version()},
              {"entry", entry},
              {"findings", std::move(findings)},
              {"notifications", std::move(notifications)},
              {"stats", detail::stats_to_json(result.stats)},
              {"completed", result.completed},
              {"completeness", detail::completeness_to_json(result.completeness)}};
  if (!result.contracts.empty()) doc["contracts"] = contracts_to_json(result.contracts);
  return detail::dump(doc, indent) + "\n";
}

namespace {
Json run_findings_to_json(const std::vector<RunFinding>& findings) {
  Json out = Json::array();
  for (std::size_t i : detail::finding_order(findings)) {
    const RunFinding& f = findings[i];
    Json j = detail::finding_to_json(f.finding);
    j.update(Json{{"fingerprint", f.fingerprint},
                  {"baseline", baseline_state_name(f.baseline)},
                  {"suppressed", f.suppressed},
                  {"anchored", f.anchored},
                  {"entries", f.entries}});
    out.push_back(std::move(j));
  }
  return out;
}
}  // namespace

std::string render_run_json(const RunReport& run, int indent) {
  Json entries = Json::array();
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    Json j = detail::entry_to_json(e), notifications = Json::array();
    for (const Notification* n : sorted_notifications(e.notifications))
      notifications.push_back(detail::notification_to_json(*n));
    j["notifications"] = std::move(notifications);
    if (!e.contracts.empty()) j["contracts"] = contracts_to_json(e.contracts);
    entries.push_back(std::move(j));
  }
  Json changes = Json::array();
  for (const auto& c : run.contract_changes) {
    Json callers = Json::array();
    for (const auto& r : c.callers) callers.push_back(detail::range_to_json(r));
    changes.push_back({{"path", c.path}, {"module", c.module}, {"location", detail::range_to_json(c.where)},
                       {"before", c.before}, {"after", c.after}, {"callers", std::move(callers)}});
  }
  Json doc = {{"version", version()},
              {"complete", run.complete()},
              {"baseline_compared", run.baseline_compared},
              {"base_revision", run.base_revision},
              {"head_revision", run.head_revision},
              {"failure", run.failure},
              {"summary", detail::count_phrase(run)},
              {"entries", std::move(entries)},
              {"findings", run_findings_to_json(run.findings)},
              {"absent", run_findings_to_json(run.absent)},
              {"not_analysed", run_findings_to_json(run.not_analysed)}};
  if (run.baseline_compared) doc["contract_changes"] = std::move(changes);
  return detail::dump(doc, indent) + "\n";
}

std::string encode_json_line(const WireRecord& record) {
  Json j;
  if (const auto* f = std::get_if<Finding>(&record)) {
    j = {{"type", "finding"}};
    j.update(detail::finding_to_json(*f));
  } else if (const auto* n = std::get_if<Notification>(&record)) {
    j = {{"type", "notification"}};
    j.update(detail::notification_to_json(*n));
  } else if (const auto* m = std::get_if<ModuleCall>(&record)) {
    j = {{"type", "module"},   {"path", m->path},     {"module_type", m->type}, {"args", m->args},
         {"depth", m->depth},  {"inputs", m->inputs}, {"outputs", m->outputs},  {"params", m->params},
         {"call", detail::range_to_json(m->call)}, {"failures", m->failures}, {"from", m->from}};
  } else if (const auto* c = std::get_if<ModuleContract>(&record)) {
    j = {{"type", "contract"}};
    j.update(contract_to_json(*c));
  } else {
    const auto& s = std::get<RunSummary>(record);
    j = {{"type", "summary"},
         {"stats", detail::stats_to_json(s.stats)},
         {"completed", s.completed},
         {"completeness", detail::completeness_to_json(s.completeness)}};
  }
  return detail::dump(j, -1) + "\n";  // compact dump escapes control characters: one line
}

std::optional<WireRecord> decode_json_line(std::string_view line, std::string* error) {
  try {
    const Json j = Json::parse(line);
    const auto type = j.at("type").get<std::string>();
    if (type == "finding") return detail::finding_from_json(j);
    if (type == "notification") return detail::notification_from_json(j);
    if (type == "module")
      return ModuleCall{j.at("path").get<std::string>(), j.at("module_type").get<std::string>(), j.at("args").get<std::string>(),
                        j.at("depth").get<int>(), j.at("inputs").get<std::vector<std::string>>(),
                        j.at("outputs").get<std::vector<std::string>>(), j.at("params").get<std::int64_t>(),
                        detail::range_from_json(j.at("call")), j.at("failures").get<std::vector<std::string>>(),
                        j.at("from").get<std::vector<int>>()};
    if (type == "contract") return contract_from_json(j);
    if (type == "summary") {
      RunSummary s{detail::stats_from_json(j.at("stats")), j.at("completed").get<bool>(), {}};
      if (auto it = j.find("completeness"); it != j.end()) s.completeness = detail::completeness_from_json(*it);
      return s;
    }
    if (error) *error = "unknown record type '" + type + "'";
  } catch (const std::exception& e) {
    if (error) *error = e.what();
  }
  return std::nullopt;
}

std::string encode_json_lines(const AnalysisResult& result) {
  std::string out;
  for (const auto& f : result.findings) out += encode_json_line(f);
  for (const auto& n : result.notifications) out += encode_json_line(n);
  for (const auto& m : result.modules) out += encode_json_line(m);
  for (const auto& c : result.contracts) out += encode_json_line(c);
  out += encode_json_line(RunSummary{result.stats, result.completed, result.completeness});
  return out;
}

std::optional<AnalysisResult> decode_json_lines(std::string_view text, std::string* error) {
  AnalysisResult result;
  result.completed = false;  // until a summary says otherwise
  int number = 0;
  for (std::size_t start = 0; start < text.size();) {
    auto nl = text.find('\n', start);
    auto line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    start = nl == std::string_view::npos ? text.size() : nl + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    std::string why;
    auto record = decode_json_line(line, &why);
    if (!record) {
      if (error) *error = "line " + std::to_string(number) + ": " + why;
      return std::nullopt;
    }
    if (auto* f = std::get_if<Finding>(&*record)) {
      result.findings.push_back(std::move(*f));
    } else if (auto* n = std::get_if<Notification>(&*record)) {
      result.notifications.push_back(std::move(*n));
    } else if (auto* m = std::get_if<ModuleCall>(&*record)) {
      result.modules.push_back(std::move(*m));
    } else if (auto* c = std::get_if<ModuleContract>(&*record)) {
      result.contracts.push_back(std::move(*c));
    } else {
      auto& s = std::get<RunSummary>(*record);
      result.stats = std::move(s.stats);
      result.completed = s.completed;
      result.completeness = std::move(s.completeness);
    }
  }
  return result;
}

}  // namespace tenscan::report
