#include "findings/completeness.h"

#include <algorithm>
#include <map>

namespace tenscan::findings {

using interp::Coverage;
using interp::Flow;
using interp::State;

namespace {

// A path ran to the end of the program: it returned from the entry's module body, exited, or
// raised an exception the project's own code raises (the script's own check); or its future is
// another path's (a loop iteration a widened loop head covers).
bool completed(const State& st) {
  return st.flow == Flow::Normal || st.flow == Flow::Exit || st.flow == Flow::Return || st.flow == Flow::Covered ||
         (st.flow == Flow::Raise && st.user_raise);
}

}  // namespace

std::string exception_message(const State& st) {
  if (!st.exc.is_obj()) return {};
  const auto& attrs = st.heap.get(st.exc.obj).attrs;
  auto it = attrs.find("message");
  return it != attrs.end() && it->second.const_str() ? *it->second.const_str() : std::string();
}

std::string exception_text(const interp::Interpreter& in, const State& st) {
  if (!st.exc.is_obj()) return "exception";
  std::string msg = exception_message(st);
  return in.type_name(st, st.exc) + (msg.empty() ? "" : ": " + msg);
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
    cov.add_remainder(st.unwound, reached);
    std::string what;
    std::optional<SourceRange> where;
    if (st.flow == Flow::Dead) {
      what = interp::stop_reason_text(st.stopped);
      where = range_of(st.stop_site);
    } else {
      what = "an uncaught " + exception_text(in, st);
      where = range_of(st.exc_site);
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

  // lines: the reached statements no path ran, grouped into runs of consecutive statements (in
  // line order per file) that a statement some path ran does not interrupt
  struct Line {
    std::string path;
    int line, end_line;
    bool checked;
  };
  std::vector<Line> lines;
  for (std::size_t i = 0; i < cov.size(); ++i) {
    if (!Coverage::has(reached, i)) continue;
    const ir::Stmt* s = cov.stmt(i);
    const ir::Module* m = in.module_of_file(s->loc.file);
    if (!m) continue;
    ++c.statements_reached;
    if (Coverage::has(checked, i)) ++c.statements_checked;
    bool ok = Coverage::has(executed, i);
    // a compound statement stands for its header line: its body's statements count on their own
    bool compound = !s->body.empty();
    lines.push_back({m->path, s->loc.line, compound ? s->loc.line : s->loc.end_line, ok});
  }
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return std::tie(a.path, a.line, a.end_line) < std::tie(b.path, b.line, b.end_line);
  });
  // executed: runs of statements some path ran before any certain error of its own, over every
  // statement of the project's code
  std::vector<Line> all;
  for (std::size_t i = 0; i < cov.size(); ++i) {
    const ir::Stmt* s = cov.stmt(i);
    const ir::Module* m = in.module_of_file(s->loc.file);
    if (!m) continue;
    all.push_back({m->path, s->loc.line, s->body.empty() ? s->loc.end_line : s->loc.line, Coverage::has(sound, i)});
  }
  std::sort(all.begin(), all.end(), [](const Line& a, const Line& b) {
    return std::tie(a.path, a.line, a.end_line) < std::tie(b.path, b.line, b.end_line);
  });
  bool run = false;
  for (const Line& l : all) {
    if (run && c.executed.back().path != l.path) run = false;
    if (!l.checked) {
      run = false;
    } else if (run) {
      c.executed.back().end_line = std::max(c.executed.back().end_line, l.end_line);
    } else {
      c.executed.push_back({l.path, l.line, l.end_line});
      run = true;
    }
  }
  bool open = false;  // the last range can still grow
  for (const Line& l : lines) {
    if (open && c.unchecked.back().path != l.path) open = false;
    if (l.checked) {
      open = false;
      continue;
    }
    if (open) {
      c.unchecked.back().end_line = std::max(c.unchecked.back().end_line, l.end_line);
    } else {
      c.unchecked.push_back({l.path, l.line, l.end_line});
      open = true;
    }
  }
  return c;
}

}  // namespace tenscan::findings
