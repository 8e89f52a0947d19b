// The run model's pure steps: names, deduplication across entries, fingerprints, baseline
// classification, `# tenscan: ignore` suppressions and merging of shard reports.
#include "tenscan/report/run.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <tuple>

#include "internal.h"
#include "tenscan/core/rules.h"
#include "tenscan/core/space_region.h"

namespace tenscan::report {
namespace {

template <typename E>
struct Name {
  E value;
  const char* name;
};
constexpr Name<BaselineState> kBaselineNames[] = {{BaselineState::None, "none"},
                                                  {BaselineState::New, "new"},
                                                  {BaselineState::Unchanged, "unchanged"},
                                                  {BaselineState::Absent, "absent"}};

// Indexed by EntryStatus.
constexpr detail::StatusInfo kStatuses[] = {
    {EntryStatus::Analysed, "analysed", Level::Note, "completed"},
    {EntryStatus::Failed, "failed", Level::Error, "failed"},
    {EntryStatus::Crashed, "crashed", Level::Error, "crashed"},
    {EntryStatus::TimedOut, "timed-out", Level::Warning, "timed out"},
    {EntryStatus::OutOfMemory, "out-of-memory", Level::Error, "ran out of memory"},
    {EntryStatus::Cancelled, "cancelled", Level::Warning, "was cancelled"},
};

template <typename E, std::size_t N, typename Get>
std::optional<E> from_name(const E (&values)[N], Get name_of, std::string_view name) {
  for (const auto& v : values)
    if (name == name_of(v)) return v;
  return std::nullopt;
}

// The identity of a finding for deduplication across entries: same rule, location, message.
using FindingKey = std::tuple<RuleId, SourceRange, std::string>;
FindingKey same_finding_key(const Finding& f) {
  return {f.rule, f.location, f.message};
}

// An entry whose space was split into parts, some of which no merged report holds: what they
// did not check is said, and the analysis of the entry is not complete.
void note_missing_parts(EntryOutcome& e) {
  if (e.space_part_count == 0 || static_cast<int>(e.space_parts.size()) == e.space_part_count) return;
  std::string missing;
  int n = 0;
  for (int k = 1; k <= e.space_part_count; ++k)
    if (!std::binary_search(e.space_parts.begin(), e.space_parts.end(), k)) missing += (n++ ? ", " : "") + std::to_string(k);
  const std::string what = "part" + std::string(n == 1 ? " " : "s ") + missing + " of the " +
                           std::to_string(e.space_part_count) + " parts of the space (by " + e.space_split + ")";
  e.notifications.push_back({Notification::Kind::Configuration, Level::Warning,
                             "no merged report holds " + what + ": the values of " + e.space_split +
                                 (n == 1 ? " in it" : " in them") + " were not checked",
                             SourceRange{e.path, 0, 0, 0, 0}});
  e.completeness.complete = false;
  e.completeness.causes.push_back({"missing reports of " + what, SourceRange{}, 0});
}

// What makes findings of shards one when merged: the same finding; for a finding over a
// declared space, the same operation's requirement over the same hyperparameters in the same
// entries, whatever its region and example values (the parts of one entry's space, each with
// its part's region, as one analysis joins the regions of its paths).
using PartFindingKey = std::tuple<RuleId, SourceRange, std::string, std::vector<std::string>, std::vector<std::string>>;
PartFindingKey part_finding_key(const RunFinding& f) {
  if (f.finding.region.hyperparameters.empty()) return {f.finding.rule, f.finding.location, f.finding.message, {}, {}};
  return {f.finding.rule, f.finding.location, {}, f.finding.region.hyperparameters, f.entries};
}

// Gives the findings that share a base fingerprint (the same finding identity in one file) the
// suffixes "", ":2", ":3", ... in line order.
void number_occurrences(std::vector<RunFinding>& findings, const std::vector<std::string>& bases) {
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < findings.size(); ++i) groups[bases[i]].push_back(i);
  for (auto& [base, members] : groups) {
    std::stable_sort(members.begin(), members.end(), [&](std::size_t a, std::size_t b) {
      return detail::finding_less(findings[a].finding, findings[b].finding);
    });
    for (std::size_t n = 0; n < members.size(); ++n)
      findings[members[n]].fingerprint = n == 0 ? base : base + ":" + std::to_string(n + 1);
  }
}

void add_entries(std::vector<std::string>& into, const std::vector<std::string>& more) {
  into.insert(into.end(), more.begin(), more.end());
  std::sort(into.begin(), into.end());
  into.erase(std::unique(into.begin(), into.end()), into.end());
}

// ---- suppression comments ----

// The comment of a Python source line: the text from the first '#' outside a string literal.
// Heuristic: a quote character opens a string that the same quote closes (backslash escapes
// inside); strings opened on an earlier line (multi-line triple-quoted) are not tracked.
std::optional<std::string_view> comment_of(std::string_view line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#') {
      return line.substr(i);
    }
  }
  return std::nullopt;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool consume(std::string_view& s, std::string_view word) {
  if (s.substr(0, word.size()) != word) return false;
  s.remove_prefix(word.size());
  return true;
}

// Whether a comment holds "tenscan: ignore" (any rule) or "tenscan: ignore[a, b]" naming
// `rule` after any of its '#'s ("# noqa  # tenscan: ignore" works).
bool comment_covers(std::string_view comment, std::string_view rule) {
  for (auto hash = comment.find('#'); hash != std::string_view::npos; hash = comment.find('#', hash + 1)) {
    std::string_view s = trim(comment.substr(hash + 1));
    if (!consume(s, "tenscan:")) continue;
    s = trim(s);
    if (!consume(s, "ignore")) continue;
    if (s.empty() || s.front() == ' ' || s.front() == '\t' || s.front() == '#') return true;
    if (s.front() != '[') continue;
    const auto close = s.find(']');
    if (close == std::string_view::npos) continue;
    std::string_view list = s.substr(1, close - 1);
    while (!list.empty()) {
      const auto comma = list.find(',');
      if (trim(list.substr(0, comma)) == rule) return true;
      list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    }
  }
  return false;
}

bool suppressed_in(const Finding& f, detail::SourceCache& cache) {
  const std::string_view rule = rule_info(f.rule).id;
  if (auto line = cache.line(f.location.path, f.location.line))
    if (auto comment = comment_of(*line); comment && comment_covers(*comment, rule)) return true;
  if (auto above = cache.line(f.location.path, f.location.line - 1)) {
    const auto text = trim(*above);
    if (!text.empty() && text.front() == '#' && comment_covers(text, rule)) return true;
  }
  return false;
}

}  // namespace

const char* baseline_state_name(BaselineState s) {
  for (const auto& n : kBaselineNames)
    if (n.value == s) return n.name;
  return "none";
}

std::optional<BaselineState> baseline_state_from_name(std::string_view name) {
  auto found = from_name(
      kBaselineNames, [](const auto& n) { return std::string_view(n.name); }, name);
  if (!found) return std::nullopt;
  return found->value;
}

const char* entry_status_name(EntryStatus s) {
  return detail::status_info(s).name;
}

std::optional<EntryStatus> entry_status_from_name(std::string_view name) {
  auto found = from_name(
      kStatuses, [](const auto& s) { return std::string_view(s.name); }, name);
  if (!found) return std::nullopt;
  return found->status;
}

namespace detail {

const StatusInfo& status_info(EntryStatus s) {
  return kStatuses[static_cast<std::size_t>(s)];
}

std::string entry_label(const EntryOutcome& entry) {
  std::string label = entry.path;
  if (!entry.args.empty()) label += " --";
  for (const auto& a : entry.args) label += " " + a;
  return label;
}

std::vector<std::size_t> entry_order(const std::vector<EntryOutcome>& entries) {
  std::vector<std::size_t> order(entries.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(entries[a].path, entries[a].args) < std::tie(entries[b].path, entries[b].args);
  });
  return order;
}

std::vector<std::size_t> finding_order(const std::vector<RunFinding>& findings) {
  std::vector<std::size_t> order(findings.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto &x = findings[a], &y = findings[b];
    if (finding_less(x.finding, y.finding)) return true;
    if (finding_less(y.finding, x.finding)) return false;
    return x.fingerprint < y.fingerprint;
  });
  return order;
}

}  // namespace detail

bool RunReport::complete() const {
  return failure.empty() && std::all_of(entries.begin(), entries.end(),
                     [](const EntryOutcome& e) { return e.status == EntryStatus::Analysed; });
}

void sort_run_findings(std::vector<RunFinding>& findings) {
  std::vector<RunFinding> sorted;
  sorted.reserve(findings.size());
  for (std::size_t i : detail::finding_order(findings)) sorted.push_back(std::move(findings[i]));
  findings = std::move(sorted);
}

std::vector<RunFinding> collect_findings(
    const std::vector<std::pair<std::string, const AnalysisResult*>>& by_entry) {
  std::vector<RunFinding> out;
  std::map<FindingKey, std::size_t> index;
  for (const auto& [entry, result] : by_entry) {
    if (!result) continue;
    for (const auto& f : result->findings) {
      auto [it, fresh] = index.try_emplace(same_finding_key(f), out.size());
      if (fresh) out.push_back({f, {}, {}, BaselineState::None, false, false});
      if (!entry.empty()) add_entries(out[it->second].entries, {entry});
    }
  }
  assign_fingerprints(out);
  sort_run_findings(out);
  return out;
}

void assign_fingerprints(std::vector<RunFinding>& findings) {
  std::vector<std::string> bases;
  bases.reserve(findings.size());
  for (const auto& f : findings) bases.push_back(detail::base_fingerprint(f.finding));
  number_occurrences(findings, bases);
}

void classify_against_baseline(RunReport& head, const std::vector<RunFinding>& baseline,
                               const std::function<bool(const RunFinding&)>& rechecked) {
  std::set<std::string> before, now;
  for (const auto& b : baseline) before.insert(b.fingerprint);
  for (auto& f : head.findings) {
    f.baseline = before.count(f.fingerprint) ? BaselineState::Unchanged : BaselineState::New;
    now.insert(f.fingerprint);
  }
  head.absent.clear();
  head.not_analysed.clear();
  for (const auto& b : baseline) {
    if (now.count(b.fingerprint)) continue;
    auto& into = !rechecked || rechecked(b) ? head.absent : head.not_analysed;
    into.push_back(b);
    into.back().baseline = &into == &head.absent ? BaselineState::Absent : BaselineState::None;
  }
  sort_run_findings(head.absent);
  sort_run_findings(head.not_analysed);
  head.baseline_compared = true;
}

bool is_suppressed(const Finding& finding, const SourceLookup& sources) {
  detail::SourceCache cache(sources);
  return suppressed_in(finding, cache);
}

void apply_suppressions(std::vector<RunFinding>& findings, const SourceLookup& sources) {
  detail::SourceCache cache(sources);
  for (auto& f : findings) f.suppressed = suppressed_in(f.finding, cache);
}

RunReport merge_reports(std::vector<RunReport> parts) {
  RunReport out;
  out.baseline_compared = !parts.empty();
  std::set<std::pair<std::string, std::vector<std::string>>> seen_entries;
  // Identical findings (same fingerprint before its occurrence suffix, rule, location and
  // message) are joined; occurrence suffixes are then renumbered over the union, so a file
  // whose findings were split over shards gets the numbering an unsharded run would give.
  auto base_of = [](const std::string& fp) { return fp.substr(0, fp.find(':')); };
  std::map<std::pair<std::string, PartFindingKey>, std::size_t> index;
  std::vector<std::string> bases;
  std::map<std::string, RunFinding> absent, not_analysed;
  for (auto& part : parts) {
    out.baseline_compared = out.baseline_compared && part.baseline_compared;
    if (out.base_revision.empty()) out.base_revision = part.base_revision;
    if (out.head_revision.empty()) out.head_revision = part.head_revision;
    if (!part.failure.empty() && out.failure.find(part.failure) == std::string::npos) {
      out.failure += (out.failure.empty() ? "" : "; ") + part.failure;
      if (out.failure_path.empty()) out.failure_path = part.failure_path;
    }
    for (auto& e : part.entries) {
      if (seen_entries.insert({e.path, e.args}).second) {
        out.entries.push_back(std::move(e));
        continue;
      }
      // another part of an entry's space, from another shard
      auto same = std::find_if(out.entries.begin(), out.entries.end(),
                               [&](const EntryOutcome& o) { return o.path == e.path && o.args == e.args; });
      if (same->space_part_count > 0 && same->space_part_count == e.space_part_count && same->space_split == e.space_split)
        join_entry_parts(*same, std::move(e));
    }
    for (auto& f : part.findings) {
      auto [it, fresh] = index.try_emplace({base_of(f.fingerprint), part_finding_key(f)}, out.findings.size());
      if (fresh) {
        bases.push_back(base_of(f.fingerprint));
        out.findings.push_back(std::move(f));
        continue;
      }
      auto& into = out.findings[it->second];
      join_region_findings(into.finding, f.finding);  // (another part of the entry's space)
      add_entries(into.entries, f.entries);
      if (f.baseline == BaselineState::Unchanged) into.baseline = BaselineState::Unchanged;
      into.suppressed = into.suppressed || f.suppressed;
      into.anchored = into.anchored || f.anchored;
    }
    for (auto& a : part.absent) absent.try_emplace(a.fingerprint, std::move(a));
    for (auto& a : part.not_analysed) not_analysed.try_emplace(a.fingerprint, std::move(a));
  }
  number_occurrences(out.findings, bases);
  for (auto& e : out.entries) note_missing_parts(e);
  if (out.baseline_compared) {
    // A finding one shard lost may be reported by another shard's entries: not fixed then.
    for (auto& f : out.findings) {
      if (absent.erase(f.fingerprint) && f.baseline == BaselineState::New)
        f.baseline = BaselineState::Unchanged;
    }
    for (auto& f : out.findings) not_analysed.erase(f.fingerprint);
    // fixed according to one shard's entries, not analysed by another's: not known to be fixed
    for (auto& [fp, a] : not_analysed) absent.erase(fp);
    for (auto& [fp, a] : absent) out.absent.push_back(std::move(a));
    for (auto& [fp, a] : not_analysed) out.not_analysed.push_back(std::move(a));
    sort_run_findings(out.absent);
    sort_run_findings(out.not_analysed);
  } else {
    for (auto& f : out.findings) f.baseline = BaselineState::None;
    out.base_revision.clear();
  }
  const auto order = detail::entry_order(out.entries);
  std::vector<EntryOutcome> entries;
  for (std::size_t i : order) entries.push_back(std::move(out.entries[i]));
  out.entries = std::move(entries);
  sort_run_findings(out.findings);
  return out;
}

}  // namespace tenscan::report
