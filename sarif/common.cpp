// Shared reporter helpers: ordering, name lookups, markdown stripping, the source cache and the
// JSON encoding of findings, notifications and stats (used by the JSON and SARIF reporters).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <tuple>
#include <type_traits>

#include "internal.h"
#include "tenscan/core/rules.h"

namespace tenscan::report {

namespace detail {

namespace {

bool shown_escaped(char32_t c) {
  return (c < 0x20 && c != '\t') || (c >= 0x7F && c <= 0x9F) || c == 0x061C || c == 0x200E || c == 0x200F ||
         (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// What .NET's char.IsWhiteSpace accepts: GitHub's runner trims it before looking for "::".
bool runner_whitespace(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

}  // namespace

void for_each_printable(std::string_view s, const std::function<void(char32_t, std::string_view)>& f) {
  std::size_t at = 0;
  bool leading = true;  // only whitespace so far
  char buf[16];
  std::string escaped;
  for_each_code_point(s, [&](char32_t c, std::size_t len) {
    const std::string_view raw = s.substr(at, len);
    const std::string_view after = s.substr(at + len);
    escaped.clear();
    if (c == 0xFFFD && raw != "\xEF\xBF\xBD") {
      for (char b : raw) {
        std::snprintf(buf, sizeof buf, "<%02x>", static_cast<unsigned char>(b));
        escaped += buf;
      }
    } else if (shown_escaped(c) || (c == ':' && leading && after.starts_with(":")) ||
               (c == '#' && at > 0 && s[at - 1] == '#' && (after.starts_with("[") || after.starts_with("vso[")))) {
      std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(c));
      escaped = buf;
    }
    if (!runner_whitespace(c)) leading = false;
    f(c, escaped.empty() ? raw : std::string_view(escaped));
    at += len;
  });
}

std::string markdown_cell(std::string_view text) {
  constexpr std::string_view kSpecial = "\\`*_{}[]()<>#+!|~$";
  std::string lines(text);
  std::replace_if(lines.begin(), lines.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  const std::string s = printable(lines);
  std::string out;
  for (char c : s) {
    if (c == '&') {
      out += "&amp;";
    } else {
      if (kSpecial.find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
  }
  return out;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_printable(text, [&](char32_t, std::string_view shown) { out += shown; });
  return out;
}

bool finding_less(const Finding& a, const Finding& b) {
  auto key = [](const Finding& f) {
    const auto& l = f.location;
    return std::tie(l.path, l.line, l.col, rule_info(f.rule).id, l.end_line, l.end_col, f.message,
                    f.identity);
  };
  return key(a) < key(b);
}
}  // namespace detail

std::vector<const Finding*> sorted_findings(const std::vector<Finding>& findings) {
  std::vector<const Finding*> out;
  out.reserve(findings.size());
  for (const auto& f : findings) out.push_back(&f);
  std::stable_sort(out.begin(), out.end(),
                   [](const Finding* a, const Finding* b) { return detail::finding_less(*a, *b); });
  return out;
}

std::vector<const Notification*> sorted_notifications(const std::vector<Notification>& notifications) {
  std::vector<const Notification*> out;
  out.reserve(notifications.size());
  for (const auto& n : notifications) out.push_back(&n);
  auto key = [](const Notification* n) {
    const auto& l = n->location;
    return std::tie(l.path, l.line, l.col, n->kind, l.end_line, l.end_col, n->message);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const Notification* a, const Notification* b) { return key(a) < key(b); });
  return out;
}

std::optional<Level> level_from_name(std::string_view name) {
  for (Level l : {Level::Note, Level::Warning, Level::Error})
    if (name == level_name(l)) return l;
  return std::nullopt;
}

std::optional<Notification::Kind> notification_kind_from_name(std::string_view name) {
  using K = Notification::Kind;
  for (int i = 0; i < Notification::kCount; ++i)
    if (name == notification_kind_name(static_cast<K>(i))) return static_cast<K>(i);
  return std::nullopt;
}

std::string markdown_to_plain(std::string_view md) {
  std::string out;
  bool line_start = true;
  for (std::size_t i = 0; i < md.size();) {
    if (line_start) {  // "## Heading" -> "Heading"
      std::size_t h = i;
      while (h < md.size() && md[h] == '#') ++h;
      if (h > i && h < md.size() && md[h] == ' ') i = h + 1;
      line_start = false;
      continue;
    }
    const char c = md[i];
    if (c == '`') {
      ++i;
    } else if (c == '*' && i + 1 < md.size() && md[i + 1] == '*') {  // not "__": it is in __init__
      i += 2;
    } else if (c == '[') {  // [text](url) -> text (url); anything else stays as written
      const auto close = md.find(']', i);
      if (close != std::string_view::npos && close + 1 < md.size() && md[close + 1] == '(') {
        const auto end = md.find(')', close);
        if (end != std::string_view::npos) {
          out += markdown_to_plain(md.substr(i + 1, close - i - 1));
          out += " (";
          out += md.substr(close + 2, end - close - 2);
          out += ')';
          i = end + 1;
          continue;
        }
      }
      out += c, ++i;
    } else {
      out += c, ++i;
      line_start = c == '\n';
    }
  }
  return out;
}

std::string cell_source_key(const std::string& path, int cell) {
  return path + '\0' + std::to_string(cell);
}

std::string line_text(const SourceRange& r) {
  if (r.cell.cell > 0) return r.path + ":cell " + std::to_string(r.cell.cell) + ":" + std::to_string(r.cell.line);
  return r.path + ":" + std::to_string(r.line);
}

std::string incomplete_text(const Completeness& c) {
  if (c.complete) return {};
  auto where = [](const SourceRange& r) { return r.path.empty() ? std::string() : " at " + line_text(r); };
  std::string out;
  const int total = c.paths_completed + c.paths_stopped;
  if (c.paths_stopped > 0 && c.paths_completed == 0)
    out = "no path reached the end of the program";
  else if (c.paths_stopped > 0)
    out = detail::plural(static_cast<std::size_t>(c.paths_stopped), "path") + " of " + std::to_string(total) +
          " did not reach the end of the program";
  else if (std::all_of(c.causes.begin(), c.causes.end(), [](const auto& k) { return k.what.rfind("the solver's", 0) == 0; }) &&
           !c.causes.empty())
    out = "not every requirement was checked";
  else
    out = "part of the program was not analysed";
  std::string why;
  constexpr std::size_t kCauses = 3;
  for (std::size_t i = 0; i < c.causes.size() && i < kCauses; ++i) {
    const auto& k = c.causes[i];
    std::string verb = k.what.rfind("an uncaught ", 0) == 0 ? "ended by " : k.paths > 0 ? "stopped by " : "cut short by ";
    why += (i == 0 ? "" : "; ") + verb + k.what + where(k.location);
  }
  if (c.causes.size() > kCauses) why += "; and " + std::to_string(c.causes.size() - kCauses) + " more";
  if (!why.empty()) out += " (" + why + ")";
  // the lines, per file in order of appearance: "lines 52–130 and 140 of train.py"
  std::string lines;
  constexpr std::size_t kRanges = 4;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < c.unchecked.size() && shown < kRanges;) {
    const std::string& path = c.unchecked[i].path;
    std::vector<std::string> parts;
    std::size_t n = 0;
    for (; i < c.unchecked.size() && c.unchecked[i].path == path; ++i, ++n) {
      const auto& l = c.unchecked[i];
      if (shown < kRanges) {
        // in a notebook, the lines of a cell: "cell 4 lines 3–9"
        const int from = l.cell > 0 ? l.cell_line : l.line, to = l.cell > 0 ? l.cell_end_line : l.end_line;
        std::string range = to > from ? std::to_string(from) + "\u2013" + std::to_string(to) : std::to_string(from);
        if (l.cell > 0) range = "cell " + std::to_string(l.cell) + (to > from ? " lines " : " line ") + range;
        parts.push_back(range);
        ++shown;
      }
    }
    std::string list;
    for (std::size_t k = 0; k < parts.size(); ++k)
      list += (k == 0 ? "" : k + 1 == parts.size() && parts.size() == n ? " and " : ", ") + parts[k];
    if (parts.size() < n) list += ", ...";
    bool several = parts.size() > 1 || c.unchecked[i - n].end_line > c.unchecked[i - n].line;
    const bool cells = c.unchecked[i - n].cell > 0;
    lines += (lines.empty() ? "" : ", ") + std::string(cells ? "" : several ? "lines " : "line ") + list + " of " + path;
  }
  if (shown < c.unchecked.size() && !lines.empty()) lines += " and more";
  if (!lines.empty())
    out += "; " + lines + (c.unchecked.size() == 1 && c.unchecked[0].end_line <= c.unchecked[0].line ? " was" : " were") +
           " not analysed";
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.0f%%", std::floor(c.coverage()));
  out += std::string(" (coverage ") + pct + ")";
  return out;
}

namespace detail {

std::string plural(std::size_t n, const char* word) {
  std::string w = word;
  if (n != 1) w = w.back() == 'y' ? w.substr(0, w.size() - 1) + "ies" : w + "s";
  return std::to_string(n) + " " + w;
}

std::string count_phrase(const RunReport& run) {
  struct Count {
    Level level;
    const char* word;
    std::size_t all = 0, fresh = 0;
  };
  Count counts[] = {{Level::Error, "error"}, {Level::Warning, "warning"}, {Level::Note, "note"}};
  for (const auto& f : run.findings) {
    if (f.suppressed) continue;
    for (auto& c : counts) {
      if (c.level != f.finding.level) continue;
      ++c.all;
      if (f.baseline == BaselineState::New) ++c.fresh;
    }
  }
  std::string out;
  for (const auto& c : counts) {
    if (!c.all) continue;
    out += (out.empty() ? "" : ", ") + plural(c.all, c.word);
    if (run.baseline_compared) out += " (" + std::to_string(c.fresh) + " new)";
  }
  if (!out.empty()) return out;
  bool complete = std::all_of(run.entries.begin(), run.entries.end(), [](const EntryOutcome& e) {
    return e.status == EntryStatus::Analysed && e.completeness.complete;
  });
  return complete ? "no issues found" : "no issues found so far";
}

std::string dump(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

int display_width(char32_t c) {
  struct Range {
    char32_t lo, hi;
  };
  static constexpr Range kZero[] = {{0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD},  {0x0610, 0x061A},
                                    {0x064B, 0x065F}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A},  {0x1AB0, 0x1AFF},
                                    {0x1DC0, 0x1DFF}, {0x200B, 0x200F}, {0x20D0, 0x20FF},  {0xFE00, 0xFE0F},
                                    {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF}};
  static constexpr Range kWide[] = {
      {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},   {0x2614, 0x2615},
      {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
      {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},
      {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF}, {0x1F900, 0x1F9FF},
      {0x1FA70, 0x1FAFF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}};
  auto in = [c](const auto& ranges) {
    return std::any_of(std::begin(ranges), std::end(ranges), [c](Range r) { return c >= r.lo && c <= r.hi; });
  };
  if (in(kZero)) return 0;
  if (in(kWide)) return 2;
  return 1;
}

std::string location_text(const SourceRange& r) {
  if (r.path.empty()) return "tenscan";
  if (r.cell.cell > 0) return location_text(SourceRange{r.path + ":cell " + std::to_string(r.cell.cell), r.cell.line, r.cell.col});
  std::string s = r.path;
  if (r.line > 0) s += ":" + std::to_string(r.line);
  if (r.line > 0 && r.col > 0) s += ":" + std::to_string(r.col);
  return s;
}

SourceCache::File& SourceCache::file(const std::string& path) {
  auto it = files_.find(path);
  if (it != files_.end()) return it->second;
  File& f = files_[path];
  if (lookup_) f.text = lookup_(path);
  if (f.text) {
    std::string_view t = *f.text;
    for (std::size_t start = 0;;) {
      auto nl = t.find('\n', start);
      auto l = t.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      f.lines.push_back(l);
      if (nl == std::string_view::npos) break;
      start = nl + 1;
    }
  }
  return f;
}

const std::string* SourceCache::text(const std::string& path) {
  auto& f = file(path);
  return f.text ? &*f.text : nullptr;
}

std::optional<std::string_view> SourceCache::line(const std::string& path, int line) {
  auto& f = file(path);
  if (line < 1 || static_cast<std::size_t>(line) > f.lines.size()) return std::nullopt;
  return f.lines[static_cast<std::size_t>(line) - 1];
}

// ---- JSON encoding of the findings model (tenscan's JSON document and the wire format) ----

int to_int(const Json& j) {
  if (j.is_number_unsigned() && j.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX))
    return static_cast<int>(j.get<std::uint64_t>());
  if (j.is_number_integer() && !j.is_number_unsigned() && j.get<std::int64_t>() >= INT_MIN &&
      j.get<std::int64_t>() <= INT_MAX)
    return static_cast<int>(j.get<std::int64_t>());
  throw std::runtime_error("expected an integer, got " + j.dump());
}

namespace {
// Strict reads: a mistyped or out-of-range value throws instead of converting (never UB).
template <typename T>
T read(const Json& j) {
  if constexpr (std::is_same_v<T, int>) {
    return to_int(j);
  } else if constexpr (std::is_same_v<T, double>) {
    if (!j.is_number()) throw std::runtime_error("expected a number, got " + j.dump());
    return j.get<double>();
  } else if constexpr (std::is_same_v<T, std::map<std::string, int>>) {
    if (!j.is_object()) throw std::runtime_error("expected an object, got " + j.dump());
    T out;
    for (const auto& [k, v] : j.items()) out[k] = to_int(v);
    return out;
  } else {
    return j.template get<T>();  // nlohmann checks strings, booleans and arrays of strings
  }
}
template <typename T>
T get_or(const Json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it == j.end() ? fallback : read<T>(*it);
}
Level level_at(const Json& j) {
  auto name = j.at("level").get<std::string>();
  auto l = level_from_name(name);
  if (!l) throw std::runtime_error("unknown level '" + name + "'");
  return *l;
}
}  // namespace

Json range_to_json(const SourceRange& r) {
  Json j = {{"path", r.path}, {"line", r.line}, {"col", r.col}, {"end_line", r.end_line}, {"end_col", r.end_col}};
  if (r.cell.cell > 0)
    j["cell"] = {{"cell", r.cell.cell}, {"line", r.cell.line}, {"col", r.cell.col},
                 {"end_line", r.cell.end_line}, {"end_col", r.cell.end_col}};
  return j;
}

SourceRange range_from_json(const Json& j) {
  SourceRange r{j.at("path").get<std::string>(), to_int(j.at("line")), to_int(j.at("col")),
                to_int(j.at("end_line")), to_int(j.at("end_col"))};
  if (auto it = j.find("cell"); it != j.end())
    r.cell = {to_int(it->at("cell")), to_int(it->at("line")), to_int(it->at("col")), to_int(it->at("end_line")),
              to_int(it->at("end_col"))};
  return r;
}

namespace {
// Related locations and steps: [{location, message}, ...].
Json located_messages_to_json(const std::vector<RelatedLocation>& list) {
  Json out = Json::array();
  for (const auto& r : list) out.push_back({{"location", range_to_json(r.range)}, {"message", r.message}});
  return out;
}
std::vector<RelatedLocation> located_messages_from_json(const Json& j, const char* key) {
  std::vector<RelatedLocation> out;
  if (auto it = j.find(key); it != j.end()) {
    if (!it->is_array())
      throw std::runtime_error(std::string("expected an array of ") + key + ", got " + it->dump());
    for (const auto& r : *it)
      out.push_back({range_from_json(r.at("location")), r.at("message").get<std::string>()});
  }
  return out;
}
}  // namespace

Json region_to_json(const SpaceRegionInfo& r) {
  Json j = {{"hyperparameters", r.hyperparameters},
            {"sizes", r.sizes},
            {"failing", r.failing},
            {"complete", r.complete},
            {"space", r.space},
            {"constraint", r.constraint}};
  if (!r.domains.empty()) j["domains"] = r.domains;
  if (r.advisory) j["advisory"] = true;
  if (r.error_if_whole) j["error_if_whole"] = true;
  if (!r.example.empty()) j["explanation"] = {{"example", r.example}, {"because", r.because}, {"whatever", r.whatever}};
  return j;
}

SpaceRegionInfo region_from_json(const Json& j) {
  SpaceRegionInfo r;
  r.hyperparameters = j.at("hyperparameters").get<std::vector<std::string>>();
  r.failing = j.at("failing").get<std::vector<std::vector<std::string>>>();
  r.complete = j.at("complete").get<bool>();
  r.space = j.at("space").get<std::uint64_t>();
  r.constraint = j.at("constraint").get<std::string>();
  // (absent from the output of tenscan before space parts)
  r.sizes = get_or(j, "sizes", std::vector<std::uint64_t>{});
  r.domains = get_or(j, "domains", std::vector<std::vector<std::string>>{});
  r.advisory = get_or(j, "advisory", false);
  r.error_if_whole = get_or(j, "error_if_whole", false);
  if (auto e = j.find("explanation"); e != j.end()) {
    r.example = e->at("example").get<std::vector<std::string>>();
    r.because = e->at("because").get<std::vector<std::string>>();
    r.whatever = get_or(*e, "whatever", std::vector<std::string>{});
    if (r.example.size() != r.hyperparameters.size()) throw std::runtime_error("a region's explanation has the wrong length");
  }
  for (const auto& v : r.failing)
    if (v.size() != r.hyperparameters.size()) throw std::runtime_error("a region's combination has the wrong length");
  if ((!r.sizes.empty() && r.sizes.size() != r.hyperparameters.size()) ||
      (!r.domains.empty() && r.domains.size() != r.hyperparameters.size()))
    throw std::runtime_error("a region's sizes or domains do not match its hyperparameters");
  return r;
}

Json finding_to_json(const Finding& f) {
  Json j = {{"rule", rule_info(f.rule).id},
            {"level", level_name(f.level)},
            {"message", f.message},
            {"location", range_to_json(f.location)},
            {"related", located_messages_to_json(f.related)},
            {"steps", located_messages_to_json(f.steps)},
            {"path_conditions", f.path_conditions},
            {"identity", f.identity}};
  if (!f.region.hyperparameters.empty()) j["space_region"] = region_to_json(f.region);
  if (!f.fixes.empty()) {
    Json fixes = Json::array();
    for (const auto& fix : f.fixes) {
      Json reps = Json::array();
      for (const auto& r : fix.replacements) reps.push_back({{"range", range_to_json(r.range)}, {"text", r.text}});
      fixes.push_back({{"description", fix.description}, {"replacements", reps}});
    }
    j["fixes"] = std::move(fixes);
  }
  return j;
}

Finding finding_from_json(const Json& j) {
  Finding f;
  auto id = j.at("rule").get<std::string>();
  auto rule = rule_by_id(id);
  if (!rule) throw std::runtime_error("unknown rule id '" + id + "'");
  f.rule = *rule;
  f.level = level_at(j);
  f.message = j.at("message").get<std::string>();
  f.location = range_from_json(j.at("location"));
  f.related = located_messages_from_json(j, "related");
  f.steps = located_messages_from_json(j, "steps");  // absent from older workers' output
  f.path_conditions = get_or(j, "path_conditions", std::vector<std::string>{});
  f.identity = get_or(j, "identity", std::string{});
  if (auto it = j.find("space_region"); it != j.end()) f.region = region_from_json(*it);
  if (auto it = j.find("fixes"); it != j.end())
    for (const auto& fix : *it) {
      Fix x{fix.at("description").get<std::string>(), {}};
      for (const auto& r : fix.at("replacements")) x.replacements.push_back({range_from_json(r.at("range")), r.at("text").get<std::string>()});
      f.fixes.push_back(std::move(x));
    }
  return f;
}

Json notification_to_json(const Notification& n) {
  Json j = {{"kind", notification_kind_name(n.kind)}, {"level", level_name(n.level)}, {"message", n.message}};
  if (n.location != SourceRange{}) j["location"] = range_to_json(n.location);  // run-wide: no location
  return j;
}

Notification notification_from_json(const Json& j) {
  auto name = j.at("kind").get<std::string>();
  auto kind = notification_kind_from_name(name);
  if (!kind) throw std::runtime_error("unknown notification kind '" + name + "'");
  Notification n{*kind, level_at(j), j.at("message").get<std::string>(), {}};
  if (auto it = j.find("location"); it != j.end()) n.location = range_from_json(*it);
  return n;
}

Json stats_to_json(const Stats& s) {
  return {{"paths_explored", s.paths_explored},
          {"paths_valid", s.paths_valid},
          {"paths_invalid", s.paths_invalid},
          {"paths_dontknow", s.paths_dontknow},
          {"paths_unreachable", s.paths_unreachable},
          {"paths_pruned", s.paths_pruned},
          {"paths_merged", s.paths_merged},
          {"paths_joined", s.paths_joined},
          {"loops_widened", s.loops_widened},
          {"objects_reclaimed", s.objects_reclaimed},
          {"assumptions", s.assumptions},
          {"solver_calls", s.solver_calls},
          {"solver_ms", s.solver_ms},
          {"requirements_checked", s.requirements_checked},
          {"requirements_online", s.requirements_online},
          {"modules_loaded", s.modules_loaded},
          {"statements_executed", s.statements_executed},
          {"unmodelled_calls", s.unmodelled_calls},
          {"unsupported", s.unsupported},
          {"benign_calls", s.benign_calls},
          {"operations", s.operations}};
}

Stats stats_from_json(const Json& j) {
  Stats s;
  s.paths_explored = get_or(j, "paths_explored", 0);
  s.paths_valid = get_or(j, "paths_valid", 0);
  s.paths_invalid = get_or(j, "paths_invalid", 0);
  s.paths_dontknow = get_or(j, "paths_dontknow", 0);
  s.paths_unreachable = get_or(j, "paths_unreachable", 0);
  s.paths_pruned = get_or(j, "paths_pruned", 0);
  s.paths_merged = get_or(j, "paths_merged", 0);
  s.paths_joined = get_or(j, "paths_joined", 0);
  s.loops_widened = get_or(j, "loops_widened", 0);
  s.objects_reclaimed = get_or(j, "objects_reclaimed", 0);
  s.assumptions = get_or(j, "assumptions", 0);
  s.solver_calls = get_or(j, "solver_calls", 0);
  s.solver_ms = get_or(j, "solver_ms", 0.0);
  s.requirements_checked = get_or(j, "requirements_checked", 0);
  s.requirements_online = get_or(j, "requirements_online", 0);
  s.modules_loaded = get_or(j, "modules_loaded", 0);
  s.statements_executed = get_or(j, "statements_executed", 0);
  s.unmodelled_calls = get_or(j, "unmodelled_calls", std::map<std::string, int>{});
  s.unsupported = get_or(j, "unsupported", std::map<std::string, int>{});
  s.benign_calls = get_or(j, "benign_calls", std::map<std::string, int>{});
  s.operations = get_or(j, "operations", std::map<std::string, int>{});
  return s;
}

Json completeness_to_json(const Completeness& c) {
  Json causes = Json::array(), unchecked = Json::array();
  for (const auto& k : c.causes) causes.push_back({{"what", k.what}, {"location", range_to_json(k.location)}, {"paths", k.paths}});
  for (const auto& l : c.unchecked) {
    Json u = {{"path", l.path}, {"line", l.line}, {"end_line", l.end_line}};
    if (l.cell > 0) u["cell"] = {{"cell", l.cell}, {"line", l.cell_line}, {"end_line", l.cell_end_line}};
    unchecked.push_back(std::move(u));
  }
  Json j = {{"complete", c.complete},
            {"coverage", std::round(c.coverage() * 10) / 10},
            {"paths_completed", c.paths_completed},
            {"paths_stopped", c.paths_stopped},
            {"statements_reached", c.statements_reached},
            {"statements_checked", c.statements_checked},
            {"causes", std::move(causes)},
            {"unchecked", std::move(unchecked)}};
  // executed lines, compactly: {"train.py": "1-30,34-40"}
  Json executed = Json::object();
  for (const auto& l : c.executed) {
    std::string& runs = executed[l.path].is_null() ? (executed[l.path] = "").get_ref<std::string&>()
                                                    : executed[l.path].get_ref<std::string&>();
    runs += (runs.empty() ? "" : ",") + std::to_string(l.line) + (l.end_line > l.line ? "-" + std::to_string(l.end_line) : "");
  }
  j["executed"] = std::move(executed);
  if (!c.complete) j["summary"] = incomplete_text(c);
  return j;
}

Completeness completeness_from_json(const Json& j) {
  Completeness c;
  c.complete = get_or(j, "complete", true);
  c.paths_completed = get_or(j, "paths_completed", 0);
  c.paths_stopped = get_or(j, "paths_stopped", 0);
  c.statements_reached = get_or(j, "statements_reached", 0);
  c.statements_checked = get_or(j, "statements_checked", 0);
  if (auto it = j.find("causes"); it != j.end())
    for (const auto& k : *it)
      c.causes.push_back({k.at("what").get<std::string>(), range_from_json(k.at("location")), to_int(k.at("paths"))});
  if (auto it = j.find("unchecked"); it != j.end())
    for (const auto& l : *it)
    {
      Completeness::Lines u{l.at("path").get<std::string>(), to_int(l.at("line")), to_int(l.at("end_line"))};
      if (auto cell = l.find("cell"); cell != l.end()) {
        u.cell = to_int(cell->at("cell"));
        u.cell_line = to_int(cell->at("line"));
        u.cell_end_line = to_int(cell->at("end_line"));
      }
      c.unchecked.push_back(std::move(u));
    }
  if (auto it = j.find("executed"); it != j.end() && it->is_object())
    for (const auto& [path, runs] : it->items()) {
      std::string text = runs.get<std::string>();
      for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const std::string run = text.substr(start, end - start);
        const std::size_t dash = run.find('-');
        const int line = std::stoi(run.substr(0, dash));
        c.executed.push_back({path, line, dash == std::string::npos ? line : std::stoi(run.substr(dash + 1))});
        start = end + 1;
      }
    }
  return c;
}

Json entry_to_json(const EntryOutcome& e) {
  Json j = {{"path", e.path},     {"args", e.args},       {"status", entry_status_name(e.status)},
            {"detail", e.detail}, {"seconds", e.seconds}, {"stats", stats_to_json(e.stats)}};
  if (e.status == EntryStatus::Analysed) j["completeness"] = completeness_to_json(e.completeness);
  if (e.space_part_count > 0)
    j["space_parts"] = {{"by", e.space_split}, {"count", e.space_part_count}, {"analysed", e.space_parts}};
  return j;
}

EntryOutcome entry_from_json(const Json& j) {
  EntryOutcome e;
  e.path = j.at("path").get<std::string>();
  e.args = get_or(j, "args", std::vector<std::string>{});
  const auto name = j.at("status").get<std::string>();
  auto status = entry_status_from_name(name);
  if (!status) throw std::runtime_error("unknown entry status '" + name + "'");
  e.status = *status;
  e.detail = get_or(j, "detail", std::string{});
  e.seconds = get_or(j, "seconds", 0.0);
  if (auto it = j.find("stats"); it != j.end()) e.stats = stats_from_json(*it);
  if (auto it = j.find("completeness"); it != j.end()) e.completeness = completeness_from_json(*it);
  if (auto it = j.find("space_parts"); it != j.end()) {
    e.space_split = it->at("by").get<std::string>();
    e.space_part_count = it->at("count").get<int>();
    e.space_parts = it->at("analysed").get<std::vector<int>>();
    for (int k : e.space_parts)
      if (k < 1 || k > e.space_part_count) throw std::runtime_error("an entry's analysed space part is out of range");
  }
  return e;
}

}  // namespace detail
}  // namespace tenscan::report
