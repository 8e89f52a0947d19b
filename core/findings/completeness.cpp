#include "findings/completeness.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace tenscan::findings {

using interp::Coverage;
using interp::Flow;
using interp::State;

namespace {

// A path ran to the end of the program: it returned from the entry's module body, exited, or
// raised an exception the project's own code raises (the script's own check) or certainly
// fails with (a finding); or its future is another path's (a loop iteration a widened loop
// head covers).
bool completed(const State& st) {
  return st.flow == Flow::Normal || st.flow == Flow::Exit || st.flow == Flow::Return || st.flow == Flow::Covered ||
         (st.flow == Flow::Raise && !st.module_check && (st.raised->user_raise || st.raised->program_error));
}

// One statement's lines, and whether it has the property a run collects.
struct Line {
  std::string path;
  int line, end_line;
  bool flag;
};

// The runs of statements whose flag is `wanted`, in line order per file: each run is broken by
// a statement of the other kind or by the end of its file.
std::vector<Completeness::Lines> runs(std::vector<Line> lines, bool wanted) {
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return std::tie(a.path, a.line, a.end_line) < std::tie(b.path, b.line, b.end_line);
  });
  std::vector<Completeness::Lines> out;
  bool open = false;  // the last run can still grow
  for (const Line& l : lines) {
    if (open && out.back().path != l.path) open = false;
    if (l.flag != wanted) {
      open = false;
    } else if (open) {
      out.back().end_line = std::max(out.back().end_line, l.end_line);
    } else {
      out.push_back({l.path, l.line, l.end_line});
      open = true;
    }
  }
  return out;
}

}  // namespace

std::string exception_message(const State& st) {
  if (!st.raised->exc.is_obj()) return {};
  const auto& attrs = st.heap.get(st.raised->exc.obj).attrs;
  auto it = attrs.find("message");
  return it != attrs.end() && it->second.const_str() ? *it->second.const_str() : std::string();
}

std::string exception_text(const interp::Interpreter& in, const State& st) {
  if (!st.raised->exc.is_obj()) return "exception";
  std::string msg = exception_message(st);
  return in.type_name(st, st.raised->exc) + (msg.empty() ? "" : ": " + msg);
}

Completeness assess_completeness(const interp::Interpreter& in, const interp::States& finals, const RangeOf& range_of) {
  Completeness c;
  const Coverage& cov = in.coverage();
  // reached: what some path executed, and what a stopped path would have run next
  std::vector<std::uint64_t> reached, executed, checked, sound;
  std::map<std::pair<std::string, std::pair<std::string, int>>, Completeness::Cause> causes;
  for (const State& st : finals) {
    Coverage::unite(executed, st.covered);
    Coverage::unite(sound, st.covered_sound);
    if (completed(st)) {
      ++c.paths_completed;
      Coverage::unite(checked, st.covered);
      continue;
    }
    ++c.paths_stopped;
    cov.add_remainder(*st.unwound, reached);
    std::string what;
    std::optional<SourceRange> where;
    if (st.flow == Flow::Dead) {
      what = interp::stop_reason_text(st.stopped);
      where = range_of(*st.stop_site);
    } else {
      what = "an uncaught " + exception_text(in, st);
      where = range_of(st.raised->site);
    }
    Completeness::Cause cause{what, where.value_or(SourceRange{}), 0};
    auto key = std::make_pair(what, std::make_pair(cause.location.path, cause.location.line));
    auto [it, fresh] = causes.emplace(key, cause);
    ++it->second.paths;
  }
  Coverage::unite(reached, executed);
  for (const auto& g : in.gaps()) {
    Completeness::Cause cause{g.what, range_of(g.where).value_or(SourceRange{}), 0};
    causes.emplace(std::make_pair(g.what, std::make_pair(cause.location.path, cause.location.line)), cause);
  }
  for (auto& [k, v] : causes) c.causes.push_back(std::move(v));
  std::stable_sort(c.causes.begin(), c.causes.end(),
                   [](const auto& a, const auto& b) { return a.paths > b.paths; });
  c.complete = c.causes.empty();

  // a statement as lines of its file: a compound statement stands for its header line (its
  // body's statements count on their own)
  auto line_of = [&](std::size_t i) -> std::optional<Line> {
    const ir::Stmt* s = cov.stmt(i);
    const ir::Module* m = in.module_of_file(s->loc.file);
    if (!m) return std::nullopt;
    return Line{m->path, s->loc.line, s->body.empty() ? s->loc.end_line : s->loc.line, false};
  };
  // unchecked: the reached statements no path ran; executed: the statements some path ran
  // before any certain error of its own, among all of the project's code
  std::vector<Line> reached_lines, all_lines;
  for (std::size_t i = 0; i < cov.size(); ++i) {
    auto l = line_of(i);
    if (!l) continue;
    l->flag = Coverage::has(sound, i);
    all_lines.push_back(*l);
    if (!Coverage::has(reached, i)) continue;
    ++c.statements_reached;
    if (Coverage::has(checked, i)) ++c.statements_checked;
    l->flag = Coverage::has(executed, i);
    reached_lines.push_back(std::move(*l));
  }
  c.unchecked = runs(std::move(reached_lines), false);
  c.executed = runs(std::move(all_lines), true);
  return c;
}

}  // namespace tenscan::findings
