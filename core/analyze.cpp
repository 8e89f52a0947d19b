// analyze(): runs the interpreter on the entry script, classifies every final path with the
// solver (valid / invalid / dontknow / unreachable) and turns violated requirements into
// findings with concrete shapes from the counterexample.
#include "tenscan/core/analyze.h"

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_map>

#include "findings/completeness.h"
#include "findings/contracts.h"
#include "findings/fix_check.h"
#include "findings/fixes.h"
#include "findings/space_region.h"
#include "tenscan/core/space_region.h"
#include "interp/interpreter.h"
#include "interp/question.h"
#include "python/lower.h"
#include "solver/question_cache.h"
#include "solver/solver.h"

namespace tenscan {

const char* version() { return TENSCAN_VERSION; }

std::optional<CompileError> compile_error(const std::string& source) {
  auto lowered = python::lower_module("<cell>", "__main__", source, 0, false);
  if (!lowered.syntax_error) return std::nullopt;
  for (const auto& d : lowered.diags)
    if (d.kind == python::LowerDiag::Kind::SyntaxError)
      return CompileError{d.error, d.message, d.loc.line, d.loc.col + 1, d.loc.end_line, d.loc.end_col + 1};
  return CompileError{"SyntaxError", "invalid syntax", 1, 1, 1, 1};
}

// ---- findings --------------------------------------------------------------------------------

namespace {

using interp::Interpreter;
using interp::Msg;
using interp::State;

// Converts a byte column on a line of `source` to a 1-based code-point column.
int code_point_col(const std::string& source, int line, int byte_col) {
  std::size_t pos = 0;
  for (int l = 1; l < line && pos != std::string::npos; ++l) {
    pos = source.find('\n', pos);
    if (pos != std::string::npos) ++pos;
  }
  if (pos == std::string::npos) return byte_col + 1;
  int cp = 0;
  for (int b = 0; b < byte_col && pos + static_cast<std::size_t>(b) < source.size(); ++b) {
    auto c = static_cast<unsigned char>(source[pos + static_cast<std::size_t>(b)]);
    if ((c & 0xC0) != 0x80) ++cp;
  }
  return cp + 1;
}

std::optional<SourceRange> to_range(const Interpreter& in, const ir::Loc& l) {
  const ir::Module* m = in.module_of_file(l.file);
  if (!m || m->is_stub || l.line <= 0) return std::nullopt;
  SourceRange r;
  r.path = m->path;
  r.line = l.line;
  r.col = code_point_col(m->source, l.line, l.col);
  r.end_line = l.end_line;
  r.end_col = code_point_col(m->source, l.end_line, l.end_col);
  return r;
}

std::string render(const Interpreter& in, const Msg& msg, const solver::Model* model) {
  auto value = [&](sym::SymId id) -> std::optional<std::int64_t> {
    if (!model) return std::nullopt;
    auto it = model->find(id);
    if (it == model->end()) return std::nullopt;
    return it->second;
  };
  auto names = in.namer();
  auto show = [&](const sym::Expr& e) {
    if (auto v = e.eval(value)) return std::to_string(*v);
    return e.str(names);
  };
  std::string out;
  for (const auto& p : msg.parts) {
    switch (p.kind) {
      case Msg::Part::Kind::Text: out += p.text; break;
      case Msg::Part::Kind::Int: out += show(p.value); break;
      case Msg::Part::Kind::Shape: {
        out += "[";
        for (std::size_t i = 0; i < p.shape.size(); ++i) {
          if (i) out += ", ";
          out += show(p.shape[i]);
        }
        out += "]";
        break;
      }
    }
  }
  return out;
}

std::string mask_digits(const std::string& s) {
  std::string r;
  bool in_digits = false;
  for (char c : s) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (!in_digits) r += '#';
      in_digits = true;
    } else {
      r += c;
      in_digits = false;
    }
  }
  return r;
}

// "1000 % 64 = 40": the size of the last minibatch, with the counterexample's values.
std::string last_batch_size(const Interpreter& in, const interp::LastBatch& lb, const solver::Model* model) {
  return render(in, Msg() << lb.length << " % " << lb.batch_size << " = " << sym::Expr::mod(lb.length, lb.batch_size),
                model);
}

// " on the DataLoader's last minibatch: ..." with the length, batch size and remainder.
std::string last_batch_text(const Interpreter& in, const interp::LastBatch& lb, const solver::Model* model) {
  std::string len = render(in, Msg() << lb.length, nullptr), bs = render(in, Msg() << lb.batch_size, nullptr);
  std::string text = ", on the DataLoader's last minibatch: ";
  if (lb.length.as_const() && lb.batch_size.as_const()) {
    text += "the dataset has " + len + " samples and batch_size is " + bs + ", so the last batch holds " +
            last_batch_size(in, lb, model) + " samples";
  } else {
    text += "when " + len + " is not a multiple of " + bs + ", the last batch holds " + len + " % " + bs +
            " samples (for example " + last_batch_size(in, lb, model) + ")";
  }
  return text + " (pass drop_last=True to the DataLoader to skip it, or use the actual batch size)";
}

// " (on the path where `loss_type == 'ce'` is true)": the branches in the project's code that
// led to a failure, when it happens only on some paths (the first few; the notes list all).
std::string path_text(std::vector<interp::PathStep> path, bool without_space_choices = false) {
  // (a region over the declared space names the choices itself)
  if (without_space_choices) std::erase_if(path, [](const interp::PathStep& s) { return s.space_choice; });
  if (path.empty()) return {};
  constexpr std::size_t kShown = 3;
  std::string text = " (on the path where ";
  for (std::size_t i = 0; i < path.size() && i < kShown; ++i) text += (i ? " and " : "") + path[i].text;
  if (path.size() > kShown) text += " and " + std::to_string(path.size() - kShown) + " more branches";
  return text + ")";
}

// The fix of a failing last minibatch: drop_last=True where the DataLoader is built.
std::optional<interp::ArgumentFix> drop_last_fix(const interp::LastBatch& lb) {
  if (lb.loader.line == 0) return std::nullopt;
  return interp::ArgumentFix{lb.loader, "DataLoader", 8, "drop_last", std::nullopt, "True"};
}

class FindingCollector {
 public:
  FindingCollector(const Interpreter& in, AnalysisResult& result) : in_(in), result_(result) {}

  /// Reports a violated requirement. `only_some_values`: it holds for some values of the
  /// user's inputs and fails for others (a warning, ShapeTracer); `condition` then says which.
  /// `region`: where in the declared hyperparameter space it fails (said in place of
  /// `condition`, and joined with what other paths found of the same requirement).
  void report(const interp::Requirement& r, const solver::Model* model, bool only_some_values = false,
              const std::string& condition = {}, const findings::SpaceRegion* region = nullptr) {
    auto loc = to_range(in_, r.site);
    if (!loc) return;  // a requirement imposed with no project-code site (library internals)
    Finding f;
    f.rule = r.last_batch >= 0 ? RuleId::ResidualBatch : r.rule;
    const auto& info = rule_info(f.rule);
    f.level = info.default_level == "warning" ? Level::Warning : info.default_level == "note" ? Level::Note : Level::Error;
    // a last minibatch that exists only for some dataset lengths (an unknown length) depends on
    // the user's data: a warning, like any requirement that holds only for some inputs
    if (r.last_batch >= 0 && !in_.last_batch(r.last_batch).length.as_const()) only_some_values = true;
    if ((only_some_values || r.possible) && f.level == Level::Error) f.level = Level::Warning;
    if (r.advisory && f.level == Level::Error) f.level = Level::Warning;  // (legal, the program runs on)
    f.message = render(in_, r.msg, model);
    const std::string before_region = f.message;
    std::optional<SpaceRegionInfo> carried;  // the region, as the finding carries it
    if (region) {
      carried = region->info;
      carried->advisory = r.advisory;
      // (an error requirement that does not rest on a guess: its level follows its region)
      carried->error_if_whole = info.default_level == "error" && !r.possible;
    }
    if (r.last_batch >= 0) f.message += last_batch_text(in_, in_.last_batch(r.last_batch), model);
    else if (region) f.message += " (" + region_text(*carried) + ")";
    else if (!condition.empty()) f.message += " (" + condition + ")";
    // (the region grows as paths report it: the identity is the message without it)
    std::string identity_text = region ? before_region : f.message;
    f.message += path_text(r.path, region != nullptr);
    f.location = *loc;
    for (const auto& rel : r.related) {
      auto rl = to_range(in_, rel.loc);
      if (!rl || *rl == f.location) continue;
      std::string text = render(in_, rel.msg, model);
      bool dup = false;
      for (const auto& e : f.related) dup = dup || (e.range == *rl && e.message == text);
      if (!dup) f.related.push_back({*rl, text});
    }
    if (region) {
      f.region = *carried;
      for (const auto& [where, text] : region->declared)
        if (auto rl = to_range(in_, where)) f.related.push_back({*rl, text});
    }
    for (const auto& step : r.path) {
      auto rl = to_range(in_, step.loc);
      if (!rl) continue;
      f.related.push_back({*rl, "taking the branch where " + step.text});
      f.steps.push_back(f.related.back());
    }
    if (r.last_batch >= 0) {
      const auto& lb = in_.last_batch(r.last_batch);
      if (auto rl = to_range(in_, lb.loop)) {
        RelatedLocation note{*rl, "the loop runs on the DataLoader's last minibatch of " + last_batch_size(in_, lb, model) +
                                      " samples"};
        f.related.push_back(note);
        f.steps.push_back(std::move(note));
      }
    }
    if (!f.steps.empty()) f.steps.push_back({f.location, "fails here: " + f.message});
    for (const auto& step : r.path) f.path_conditions.push_back(step.text);
    if (model) {
      // the counterexample values of the symbols the message depends on
      std::set<sym::SymId> syms;
      for (const auto& p : r.msg.parts) {
        for (auto s : p.value.symbols()) syms.insert(s);
        for (const auto& d : p.shape)
          for (auto s : d.symbols()) syms.insert(s);
      }
      for (auto s : syms) {
        auto it = model->find(s);
        if (it != model->end())
          f.path_conditions.push_back("for example when " + in_.symbol(s).name + " = " + std::to_string(it->second) + " (" +
                                      in_.symbol(s).description + ")");
      }
    }
    f.identity = std::string(info.id) + "|" + r.function + "|" + mask_digits(identity_text);
    if (r.module_row >= 0) module_rows_[{f.rule, f.location}] = r.module_row;
    // (the operation's own fix does not mend a failing last minibatch: dropping it does)
    std::optional<interp::ArgumentFix> fix = r.last_batch < 0 ? r.fix : drop_last_fix(in_.last_batch(r.last_batch));
    if (fix && r.last_batch < 0 && !in_.fix_agrees(*fix)) fix.reset();
    std::optional<findings::SourceEdit> edit;
    if (fix)
      if (const ir::Module* m = in_.module_of_file(fix->call.file)) edit = findings::argument_fix(*m, *fix);
    if (!r.rewrite.empty() && (!r.agree || in_.fix_agrees(*r.agree)))
      if (const ir::Module* m = in_.module_of_file(r.rewrite[0].call.file)) edit = findings::rewrite_fix(*m, r.rewrite);
    if (edit)
      if (auto where = to_range(in_, edit->where))
        f.fixes.push_back({std::move(edit->description), {{std::move(*where), std::move(edit->text)}}});
    if (f.level == Level::Error) {
      Contingency& c = contingency_[{f.rule, f.location}];
      c.site = r.site;
      if (!path_contingent_) c.certain = true;
      else if (c.paths.empty() || c.paths.back() != path_) c.paths.push_back(path_);
    }
    std::optional<RegionNote> note;
    if (region && r.last_batch < 0) note = RegionNote{*carried, before_region, path_text(r.path, true)};
    for (std::size_t i = 0; i < result_.findings.size(); ++i) {
      Finding& e = result_.findings[i];
      if (e.rule != f.rule || e.location != f.location) continue;
      // reported once per (rule, location); an error on one path outranks a warning on another.
      // (Two requirements of one operation over different hyperparameters of a declared space,
      // a stride's and a padding's, are two findings.)
      auto kept = regions_.find(i);
      if (note && kept != regions_.end() && kept->second.region.hyperparameters != note->region.hyperparameters) continue;
      // (a fix only where every path that reports it has the same one)
      const bool same_fixes = e.fixes == f.fixes;
      if (f.level > e.level) {
        e = std::move(f);
        if (note && kept != regions_.end()) join_regions(note->region, kept->second.region);
        if (note) regions_[i] = std::move(*note);
        else if (kept != regions_.end()) regions_.erase(kept);
      } else if (note && kept != regions_.end()) {
        join_regions(kept->second.region, note->region);
      }
      if (!same_fixes) e.fixes.clear();
      // the region of the space it fails in, as every path that reported it found it
      if (auto it = regions_.find(i); it != regions_.end()) {
        e.message = it->second.before + " (" + region_text(it->second.region) + ")" +
                    it->second.after;
        e.region = it->second.region;
      }
      return;
    }
    if (note) regions_[result_.findings.size()] = std::move(*note);
    result_.findings.push_back(std::move(f));
  }

  /// The final path the next reports come from, and whether it is contingent.
  void on_path(std::size_t index, bool contingent) {
    path_ = index;
    path_contingent_ = contingent;
  }

  /// An error reported only on paths that branched on the input or the data is certain only
  /// if, for every input and data with which the program gets there, it fails there: the
  /// failing paths' assumptions about them (their constraints on Input and Data symbols) cover
  /// those of every path that ran the failing statement. (A path that stopped before, at the
  /// script's own assertion, does not count.) Otherwise it is one of the input's
  /// possibilities: a warning (a model that works only for 3-channel images).
  void settle_contingent(const interp::States& finals, solver::Context& z3, unsigned rlimit, Stats& stats) {
    auto chosen = [&](sym::SymId id) { return in_.symbol(id).kind != interp::SymKind::Program; };
    const interp::Coverage& cov = in_.coverage();
    // what each contingent path assumed about the input and the data alone, and their symbols
    // (computed once, on the first finding that needs them)
    struct Assumed {
      sym::Cond cond = sym::Cond::truth(true);
      std::vector<sym::SymId> symbols;
    };
    std::vector<std::optional<Assumed>> assumed(finals.size());
    auto assumed_by = [&](std::size_t i) -> const Assumed& {
      if (!assumed[i]) {
        Assumed a;
        for (const auto& c : finals[i].hard) {
          auto ids = c.symbols();
          if (ids.empty() || !std::all_of(ids.begin(), ids.end(), chosen)) continue;
          a.cond = a.cond && c;
          a.symbols.insert(a.symbols.end(), ids.begin(), ids.end());
        }
        assumed[i] = std::move(a);
      }
      return *assumed[i];
    };
    for (auto& f : result_.findings) {
      auto it = contingency_.find({f.rule, f.location});
      if (f.level != Level::Error || it == contingency_.end() || it->second.certain) continue;
      std::set<sym::SymId> domain;
      auto use = [&](std::size_t i) -> const sym::Cond& {
        const Assumed& a = assumed_by(i);
        domain.insert(a.symbols.begin(), a.symbols.end());
        return a.cond;
      };
      std::vector<sym::Cond> asked;
      for (std::size_t i : it->second.paths) asked.push_back(!use(i));
      // the statement of the failing operation, and the input and data of the paths that ran it
      std::optional<std::size_t> stmt = statement_of(cov, it->second.site);
      sym::Cond reached = sym::Cond::truth(!stmt);
      if (stmt)
        for (std::size_t i = 0; i < finals.size(); ++i)
          if (finals[i].contingent && interp::Coverage::has(finals[i].covered, *stmt)) reached = reached || use(i);
      asked.push_back(std::move(reached));
      solver::Context mine;  // (a nonlinear question's: solver::Context)
      solver::PathSolver s(rlimit, solver::linear(asked) ? z3 : mine);
      for (const auto& c : asked) s.add(c);
      for (sym::SymId id : domain) {
        const auto& info = in_.symbol(id);
        sym::Expr x = sym::Expr::symbol(id);
        if (info.lo != sym::Interval::kNegInf) s.add(sym::Cond::ge(x, sym::Expr::constant(info.lo)));
        if (info.hi != sym::Interval::kPosInf) s.add(sym::Cond::le(x, sym::Expr::constant(info.hi)));
      }
      // some input and data for which none of the failing paths is the one taken?
      solver::Sat uncovered = s.check(nullptr);
      stats.solver_calls += s.calls();
      stats.solver_ms += s.millis();
      if (uncovered == solver::Sat::Unsat) continue;
      f.level = Level::Warning;
      f.path_conditions.push_back("it fails only for some of the input or data this path depends on");
    }
  }

  /// A requirement that fails only in part of the declared hyperparameter space holds for the
  /// rest: a warning naming the part, as for any failure that depends on the user's values.
  /// (Whether a path's choice forked before or after the operation does not change that.)
  void settle_regions() {
    for (const auto& [i, note] : regions_) {
      Finding& f = result_.findings[i];
      if (f.region.error_if_whole && f.level == Level::Error && !fails_everywhere(note.region)) f.level = Level::Warning;
    }
  }

  /// The shape report's rows (AnalysisOptions::trace_modules), each with the findings of the
  /// operations its module's forward ran itself.
  void add_module_rows() {
    auto rows = in_.module_rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (auto call = to_range(in_, in_.module_trace()[i].call)) rows[i].call = *call;
      result_.modules.push_back(std::move(rows[i]));
    }
    for (const auto& f : result_.findings)
      if (auto it = module_rows_.find({f.rule, f.location}); it != module_rows_.end())
        result_.modules[static_cast<std::size_t>(it->second)].failures.push_back(std::string(rule_info(f.rule).id) + ": " +
                                                                                 f.message);
  }

  /// A last-minibatch failure is only worth its own finding where the full batch passes.
  void drop_last_batch_duplicates() {
    auto& fs = result_.findings;
    std::erase_if(fs, [&](const Finding& f) {
      if (f.rule != RuleId::ResidualBatch) return false;
      return std::any_of(fs.begin(), fs.end(),
                         [&](const Finding& g) { return g.rule != RuleId::ResidualBatch && g.location == f.location; });
    });
  }

 private:
  /// A finding's region of the hyperparameter space, and its message around it.
  struct RegionNote {
    SpaceRegionInfo region;
    std::string before, after;
  };
  std::map<std::size_t, RegionNote> regions_;  ///< by index in result_.findings

  struct Contingency {
    std::vector<std::size_t> paths;  ///< the contingent final paths that reported it
    bool certain = false;            ///< reported on a path that is not contingent
    ir::Loc site;                    ///< the failing operation
  };

  // The innermost statement of the project's code whose source holds `site`.
  static std::optional<std::size_t> statement_of(const interp::Coverage& cov, const ir::Loc& site) {
    std::optional<std::size_t> best;
    auto before = [](int l1, int c1, int l2, int c2) { return l1 < l2 || (l1 == l2 && c1 <= c2); };
    for (std::size_t i = 0; i < cov.size(); ++i) {
      const ir::Loc& l = cov.stmt(i)->loc;
      if (l.file != site.file || !before(l.line, l.col, site.line, site.col) ||
          !before(site.end_line, site.end_col, l.end_line, l.end_col))
        continue;
      if (!best || before(cov.stmt(*best)->loc.line, cov.stmt(*best)->loc.col, l.line, l.col)) best = i;
    }
    return best;
  }
  const Interpreter& in_;
  AnalysisResult& result_;
  std::size_t path_ = 0;
  bool path_contingent_ = false;
  std::map<std::pair<RuleId, SourceRange>, Contingency> contingency_;
  std::map<std::pair<RuleId, SourceRange>, int> module_rows_;  ///< the trace's row of each finding
};

bool has_symbols(const State& st) {
  for (const auto& h : st.hard)
    if (!h.symbols().empty()) return true;
  for (const auto& r : st.reqs)
    if (!r->cond.symbols().empty()) return true;
  return false;
}

// Who picks the values of the symbols a condition depends on (see interp::SymKind).
struct Kinds {
  std::set<sym::SymId> program, input, data;
};
Kinds kinds_of(const Interpreter& in, const sym::Cond& c) {
  Kinds k;
  for (auto id : c.symbols()) {
    switch (in.symbol(id).kind) {
      case interp::SymKind::Program: k.program.insert(id); break;
      case interp::SymKind::Input: k.input.insert(id); break;
      case interp::SymKind::Data: k.data.insert(id); break;
    }
  }
  return k;
}

// Whether `c` holds whenever the TensorFlow 1 placeholders' None dimensions it names (at least
// two, SymbolInfo::fed) are fed one size.
bool feeds_alike(const Interpreter& in, solver::PathSolver& s, const sym::Cond& c) {
  std::vector<sym::SymId> fed;
  for (auto id : c.symbols())
    if (in.symbol(id).fed) fed.push_back(id);
  if (fed.size() < 2) return false;
  s.push();
  for (std::size_t i = 1; i < fed.size(); ++i) s.add(sym::Cond::eq(sym::Expr::symbol(fed[0]), sym::Expr::symbol(fed[i])));
  const bool alike = s.can_violate(c, nullptr) == solver::Sat::Unsat;
  s.pop();
  return alike;
}

// A requirement that can fail and can hold depends on values. Says which of the user's input
// values it needs: "fails unless --batch-size is 1 or 64", or with more than a few values,
// one value for which it holds and one for which it fails.
std::string condition_text(const Interpreter& in, solver::PathSolver& s, const interp::Requirement& r,
                           const std::set<sym::SymId>& inputs, const solver::Model& failing) {
  if (inputs.size() != 1) {
    std::string names;
    for (auto id : inputs) names += (names.empty() ? "" : ", ") + in.symbol(id).name;
    return "it holds only for some values of " + names;
  }
  sym::SymId id = *inputs.begin();
  const std::string& name = in.symbol(id).name;
  sym::Expr x = sym::Expr::symbol(id);
  std::vector<std::int64_t> holding;
  s.push();
  bool exhausted = false;
  for (int i = 0; i < 4; ++i) {
    solver::Model m;
    solver::Sat h = s.can_hold(r.cond, &m);
    if (h == solver::Sat::Unsat) {
      exhausted = true;
      break;
    }
    auto it = m.find(id);
    if (h != solver::Sat::Sat || it == m.end()) break;
    holding.push_back(it->second);
    s.add(sym::Cond::ne(x, sym::Expr::constant(it->second)));
  }
  s.pop();
  std::sort(holding.begin(), holding.end());
  if (exhausted && !holding.empty()) {
    std::string vals;
    for (std::size_t i = 0; i < holding.size(); ++i)
      vals += (i == 0 ? "" : i + 1 == holding.size() ? " or " : ", ") + std::to_string(holding[i]);
    return "fails unless " + name + " is " + vals;
  }
  std::string text = "fails for some values of " + name;
  if (auto it = failing.find(id); it != failing.end()) text += " (" + name + " = " + std::to_string(it->second) + ")";
  if (!holding.empty()) text += " and holds for others (" + name + " = " + std::to_string(holding.front()) + ")";
  return text;
}

// The solver's verdicts on the paths already classified, by what they were asked: a path whose
// question is the same as an earlier one's (the same relevant constraints and requirements;
// paths that differ only in what no requirement mentions) gets the same answer without asking.
struct Verdict {
  int Stats::* outcome;  ///< paths_valid, paths_invalid, paths_dontknow or paths_unreachable
  int assumptions = 0;
};
/// A path's question, kept whole: its constraints that bear on a requirement, its requirements
/// (what the verdict and the findings depend on) and whether a budget stopped it.
struct PathQuestion {
  std::vector<sym::Cond> constraints;
  interp::Requirements reqs;
  bool stopped = false;

  friend bool operator==(const PathQuestion& a, const PathQuestion& b) {
    if (a.stopped != b.stopped || a.constraints != b.constraints || a.reqs.size() != b.reqs.size()) return false;
    for (std::size_t i = 0; i < a.reqs.size(); ++i) {
      const interp::Requirement& x = *a.reqs[i];
      const interp::Requirement& y = *b.reqs[i];
      if (&x == &y) continue;
      if (!(x.cond == y.cond) || !(x.guard == y.guard) || x.rule != y.rule || x.site.file != y.site.file ||
          x.site.line != y.site.line || x.site.col != y.site.col || x.definitely_false != y.definitely_false ||
          x.last_batch != y.last_batch || x.op != y.op || x.after != y.after)
        return false;
    }
    return true;
  }
};
struct PathQuestionHash {
  std::size_t operator()(const PathQuestion& q) const {
    std::size_t h = 0x9e3779b97f4a7c15ULL;
    auto mix = [&](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    for (const auto& c : q.constraints) mix(c.hash());
    for (const auto& rp : q.reqs) {
      const interp::Requirement& r = *rp;
      mix(r.cond.hash());
      mix(r.guard.hash());
      mix(static_cast<std::size_t>(r.rule));
      mix(r.site.file);
      mix(static_cast<std::size_t>(r.site.line) * 65537 + static_cast<std::size_t>(r.site.col));
      mix(static_cast<std::size_t>(r.definitely_false) * 2 + static_cast<std::size_t>(r.last_batch + 1) * 4);
      mix(r.op);
      for (auto a : r.after) mix(a);
    }
    mix(q.stopped);
    return h;
  }
};
// And the requirements found to hold, or to be assumptions about the data, by what they were
// asked (interp::requirement_question): the requirement with the constraints and earlier
// requirements that share symbols with it, transitively (its cone; what lies outside it cannot
// change the answer on a reachable path), up to the names of the symbols. Paths that ran the
// same operations on the same shapes after they split, and each epoch of a training loop on
// fresh batches, ask the same question many times.
enum class Answer : std::uint8_t { Holds, Assumption };
struct Verdicts {
  solver::AnswerCache<PathQuestion, Verdict, PathQuestionHash> paths;
  solver::AnswerCache<std::string, Answer> requirements;
  /// Requirements the solver could not decide within its resource limit (not checked), and
  /// where the first of them is.
  int undecided = 0;
  std::optional<ir::Loc> first_undecided;
  void give_up(const interp::Requirement& r) {
    if (undecided++ == 0) first_undecided = r.site;
  }
};

void classify(const AnalysisOptions& opt, const Interpreter& in, State& st, FindingCollector& out, Stats& stats,
              Verdicts& verdicts, solver::Context& z3) {
  ++stats.paths_explored;
  // A path stopped by a budget (time, work, paths, loop cap) ran a real prefix of the program:
  // the failures it met are reported, but it is never valid (what it did not run is unknown).
  const bool stopped = st.flow == interp::Flow::Dead;
  // operations whose requirement failed for every value on this path: a requirement on what
  // they computed is a follow-on of that failure, not a finding of its own
  std::set<std::uint32_t> failed;
  auto follows_failure = [&](const interp::Requirement& r) {
    bool follows = std::any_of(r.after.begin(), r.after.end(), [&](auto id) { return failed.count(id) != 0; });
    if (follows && r.op != 0) failed.insert(r.op);
    return follows;
  };
  auto fail = [&](const interp::Requirement& r) {
    if (r.op != 0) failed.insert(r.op);
  };
  // the values this path took of a declared space's non-integer hyperparameters
  const auto choices = opt.space.empty() ? std::vector<std::pair<sym::SymId, std::int64_t>>{} : findings::fixed_choices(in, st);
  if (!has_symbols(st)) {
    // concrete path: the online checker decided everything
    bool invalid = false;
    for (const auto& rp : st.reqs)
      if (const auto& r = *rp; r.definitely_false && !follows_failure(r)) {
        auto region = choices.empty() ? std::nullopt : findings::space_region(in, nullptr, r.cond, choices);
        out.report(r, nullptr, false, {}, region ? &*region : nullptr);
        if (r.advisory) continue;  // (the program runs on as it would)
        fail(r);
        invalid = true;
      }
    ++(invalid ? stats.paths_invalid : stopped ? stats.paths_dontknow : stats.paths_valid);
    return;
  }
  if (in.past_cutoff()) {
    // no time left to ask the solver anything: the path's verdicts stay undecided
    for (const auto& rp : st.reqs) verdicts.give_up(*rp);
    ++stats.paths_dontknow;
    return;
  }
  // only the constraints that bear on a requirement: a script that draws a size per sample
  // (a tokenizer's output length) has thousands of bounds no requirement mentions, and they
  // would make every query slow (the online checker has already refined each against its own)
  std::vector<sym::Cond> constraints = sym::constraints_on(st.hard, interp::symbols_of(st.reqs));
  // the declared space's choices this path took belong to its questions: the same requirement
  // on another choice's path is another question, whose region joins this one's
  for (const auto& [id, v] : choices) constraints.push_back(sym::Cond::eq(sym::Expr::symbol(id), sym::Expr::constant(v)));
  PathQuestion question{constraints, st.reqs, stopped};
  if (const Verdict* known = verdicts.paths.find(question)) {
    ++(stats.*(known->outcome));
    stats.assumptions += known->assumptions;
    return;
  }
  int assumptions_before = stats.assumptions;
  // (a solver only for a question not asked before: a run of thousands of alike paths asks
  // few questions)
  // (module mode asks about many classes built from made-up sizes, often nonlinear ones: each
  // question gets less, and one it cannot answer is said as such)
  // (a question with a nonlinear condition gets a Z3 context of its own: solver::Context)
  solver::Context mine;
  const bool linear = solver::linear(constraints) &&
                      std::all_of(st.reqs.begin(), st.reqs.end(),
                                  [](const auto& rp) { return solver::linear(rp->cond) && solver::linear(rp->guard); });
  solver::PathSolver s(in.out_of_time() ? opt.solver_rlimit / 10 : st.module_check ? opt.solver_rlimit / 4 : opt.solver_rlimit,
                       linear ? z3 : mine);
  for (const auto& h : constraints) s.add(h);
  std::vector<sym::Cond> context = constraints;
  solver::Model model;
  solver::Sat reach = s.check(&model);
  bool invalid = false, dontknow = false;
  if (reach == solver::Sat::Unsat) {
    ++stats.paths_unreachable;
    verdicts.paths.remember(std::move(question), Verdict{&Stats::paths_unreachable});
  } else {
    // (a path whose reachability the solver cannot decide is still valid when every requirement
    // on it holds: each holds in every model of its constraints, if there is one)
    // A path whose queries keep running out of time (products of sizes the data decides) is
    // not queried further: its remaining undecided requirements are left undecided, and only
    // the ones that certainly fail are still checked for reachability.
    constexpr int kMaxUnknown = 3;
    int unknowns = 0;
    for (const auto& rp : st.reqs) {
      const interp::Requirement& r = *rp;
      if (follows_failure(r)) continue;
      // a requirement of one of several merged paths is checked where that path is the one taken
      struct Guard {
        solver::PathSolver& s;
        bool on;
        Guard(solver::PathSolver& solver, const sym::Cond& g) : s(solver), on(!g.is_true()) {
          if (on) {
            s.push();
            s.add(g);
          }
        }
        ~Guard() {
          if (on) s.pop();
        }
        Guard(const Guard&) = delete;
        Guard& operator=(const Guard&) = delete;
      };
      std::optional<Guard> guard;
      guard.emplace(s, r.guard);
      // the analysis continued as if r held (where its path is the one taken)
      auto assume = [&] {
        guard.reset();
        sym::Cond held = r.guard.is_true() ? r.cond : !r.guard || r.cond;
        s.add(held);
        context.push_back(std::move(held));
      };
      // past the time budget, only the failures that are certain are still checked; past its
      // cut-off, none
      if ((unknowns >= kMaxUnknown || in.out_of_time()) && (!r.definitely_false || in.past_cutoff())) {
        dontknow = true;
        verdicts.give_up(r);
        continue;
      }
      if (r.definitely_false) {
        // violated whenever it is reached: is it reachable with the earlier requirements holding?
        solver::Sat ok = s.check(&model);
        if (ok == solver::Sat::Sat) {
          // on a path of a declared space's choices: the choices it fails for
          std::optional<findings::SpaceRegion> region;
          if (!opt.space.empty() && r.last_batch < 0) region = findings::space_region(in, &s, r.cond, choices, opt.space_solving);
          out.report(r, &model, false, {}, region ? &*region : nullptr);
          if (r.advisory) continue;
          fail(r);
          invalid = true;
        } else if (ok == solver::Sat::Unknown) {
          dontknow = true;
          verdicts.give_up(r);
          ++unknowns;
        }
        continue;
      }
      // (context: what the solver holds now, the path's constraints and the earlier requirements)
      std::string asked = interp::requirement_question(in, r, context);
      if (const Answer* known = verdicts.requirements.find(asked)) {
        if (*known == Answer::Holds || r.advisory) continue;
        ++stats.assumptions;
        assume();
        continue;
      }
      solver::Sat v = s.can_violate(r.cond, &model);
      if (v == solver::Sat::Unsat) {
        // it follows from what the solver holds: assuming it adds nothing to later questions
        verdicts.requirements.remember(std::move(asked), Answer::Holds);
        continue;
      }
      if (v == solver::Sat::Unknown) {
        dontknow = true;
        verdicts.give_up(r);
        ++unknowns;
      }
      if (v == solver::Sat::Sat && feeds_alike(in, s, r.cond)) {
        // a relation between TensorFlow 1 placeholders' batches that holds when the runs feed
        // them alike, which no run here decided: how the program feeds its graph (TensorFlow
        // builds it for any sizes), an assumption
        if (r.advisory) continue;
        ++stats.assumptions;
        verdicts.requirements.remember(std::move(asked), Answer::Assumption);
        assume();
        continue;
      }
      if (v == solver::Sat::Sat) {
        // It can fail. Whether that is an error depends on who picks the values it fails for
        // (ShapeTracer): no value at all, or a value the program picks at run time -> error;
        // some values of the user's inputs -> warning naming them; unknown data -> the
        // requirement is an assumption about the data.
        Kinds k = kinds_of(in, r.cond);
        solver::Model holds;
        solver::Sat h = s.can_hold(r.cond, &holds);
        bool assumption = false, some_values = false;
        // fixes the symbols `ids` to their values in model m (inside a push/pop)
        auto pin = [&](const std::set<sym::SymId>& ids, const solver::Model& m) {
          for (auto id : ids)
            if (auto it = m.find(id); it != m.end())
              s.add(sym::Cond::eq(sym::Expr::symbol(id), sym::Expr::constant(it->second)));
        };
        if (h == solver::Sat::Sat && !k.data.empty()) {
          s.push();
          pin(k.input, model);  // the inputs as in the counterexample
          if (k.program.empty()) {
            // can the data be such that it holds, whatever the inputs are?
            assumption = s.can_hold(r.cond, nullptr) == solver::Sat::Sat;
          } else {
            // A value the program picks (a loop index standing for every iteration) is in it,
            // and so is data: the failure is the data's only if some data makes it hold for
            // every such value. One witness is tried: the data of a model where it holds.
            pin(k.data, holds);
            assumption = s.can_violate(r.cond, nullptr) == solver::Sat::Unsat;
          }
          s.pop();
        }
        if (assumption) {
          ++stats.assumptions;
          verdicts.requirements.remember(std::move(asked), Answer::Assumption);
        } else if (h == solver::Sat::Sat && k.program.empty() && !k.input.empty()) {
          some_values = true;
        }
        if (!assumption) {
          // over a declared hyperparameter space: the region where it fails
          std::optional<findings::SpaceRegion> region;
          if (k.program.empty() && k.data.empty() && !k.input.empty() && r.last_batch < 0)
            region = findings::space_region(in, &s, r.cond, choices, opt.space_solving);
          // advice is given for the values the run has, or over a declared space: not for an
          // option under --symbolic-args or a dataset's unknown length, any of whose values
          // could be the one that is used
          if (r.advisory && !region) continue;
          out.report(r, &model, some_values,
                     some_values && r.last_batch < 0 && !region ? condition_text(in, s, r, k.input, model) : std::string(),
                     region ? &*region : nullptr);
          if (r.advisory) continue;  // (never assumed: the program runs on whatever the value)
          invalid = true;
          // a reported requirement is not assumed afterwards: if it cannot hold at all, assuming
          // it would make everything after it vacuous (and hide the next independent bug)
          if (h != solver::Sat::Sat) {
            fail(r);
            continue;
          }
        }
      }
      if (r.advisory) continue;
      assume();
    }
    auto verdict = invalid ? &Stats::paths_invalid : dontknow || stopped ? &Stats::paths_dontknow : &Stats::paths_valid;
    ++(stats.*verdict);
    verdicts.paths.remember(std::move(question), Verdict{verdict, stats.assumptions - assumptions_before});
  }
  stats.solver_calls += s.calls();
  stats.solver_ms += s.millis();
}

}  // namespace

namespace {
// Module mode: the inferred contracts, and a warning where a module takes one value only of a
// dim its callers usually choose (findings/contracts.h).
void add_contracts(const Interpreter& in, const AnalysisOptions& options, solver::Context& z3, AnalysisResult& result) {
  if (in.checked_forwards().empty()) return;
  auto k = findings::infer_contracts(in, z3, options.solver_rlimit / 10, [&](const ir::Loc& l) { return to_range(in, l); });
  result.contracts = std::move(k.contracts);
  std::set<std::pair<SourceRange, std::string>> seen;
  for (const auto& f : k.fixed) {
    const std::string base = f.dim.substr(f.dim.rfind('.') + 1);
    const std::string what = base == "B"   ? "the batch dimension "
                             : base == "H" ? "the height "
                             : base == "W" ? "the width "
                             : base == "D" ? "the depth "
                                           : "the sequence length ";
    Finding x;
    x.rule = RuleId::FixedInputSize;
    x.level = Level::Warning;
    x.message = f.module + " works only if " + what + f.dim + " is " + std::to_string(f.value) + ": " + f.signature;
    auto where = to_range(in, f.site);
    if (!where) continue;
    x.location = *where;
    if (auto cls = to_range(in, f.where)) x.related.push_back({*cls, f.module + " is defined here"});
    x.identity = std::string(rule_info(x.rule).id) + "|" + f.module + "|" + mask_digits(x.message);
    if (seen.insert({x.location, x.message}).second) result.findings.push_back(std::move(x));
  }
}

AnalysisResult analyze_on_this_thread(const SourceProvider& sources, const std::string& entry,
                                      const AnalysisOptions& options);

// The rule of a Python exception the program certainly raises (State::program_error): by the
// nearest class in its MRO that has one (FrozenInstanceError is an AttributeError,
// StatisticsError a ValueError).
RuleId python_rule(const Interpreter& in, const State& st) {
  static const std::pair<const char*, RuleId> kRules[] = {
      {"NameError", RuleId::NameError},        {"AttributeError", RuleId::AttributeError},
      {"TypeError", RuleId::TypeError},        {"ZeroDivisionError", RuleId::ZeroDivision},
      {"ValueError", RuleId::ValueError},      {"LookupError", RuleId::LookupError},
      {"AssertionError", RuleId::AssertionFailed},
  };
  if (interp::ObjId cls = in.class_of(st, st.raised->exc))
    for (interp::ObjId c : st.heap.get(cls).mro)
      for (const auto& [name, rule] : kRules)
        if (st.heap.get(c).name == name) return rule;
  return RuleId::UncaughtException;
}


}

// The interpreter recurses with the analysed program's nesting and call depth (both bounded,
// see AnalysisOptions and core/python/lower.cpp), so it runs on a thread with a large stack
// rather than on whatever stack the caller has.
AnalysisResult analyze(const SourceProvider& sources, const std::string& entry, const AnalysisOptions& options) {
  struct Job {
    const SourceProvider& sources;
    const std::string& entry;
    const AnalysisOptions& options;
    AnalysisResult result;
    std::exception_ptr error;
  } job{sources, entry, options, {}, nullptr};
  auto body = [](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      const auto start = std::chrono::steady_clock::now();
      j->result = analyze_on_this_thread(j->sources, j->entry, j->options);
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (j->options.check_fixes) {
        // (on this thread, after the first analysis's interpreter is gone: its stack and memory)
        AnalysisOptions o = j->options;
        o.check_fixes = false;
        o.trace_modules = false;
        auto again = [&](const SourceProvider& edited, double seconds) -> std::optional<AnalysisResult> {
          o.max_seconds = seconds;
          try {
            return analyze_on_this_thread(edited, j->entry, o);
          } catch (...) {
            return std::nullopt;  // (the fixed program's analysis failing costs the fixes, not the result)
          }
        };
        const double left = j->options.max_seconds > 0 ? std::max(j->options.max_seconds - took, 1e-9) : 0.0;
        findings::keep_fixes_that_hold(j->sources, j->result, again, took, left);
      }
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  pthread_attr_t attr;
  pthread_t thread;
  bool threaded = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, 512ul << 20) == 0 &&
                  pthread_create(&thread, &attr, body, &job) == 0;
  pthread_attr_destroy(&attr);
  if (threaded) {
    pthread_join(thread, nullptr);
  } else {
    body(&job);  // no thread could be created: run here, with the caller's stack
  }
  if (job.error) std::rethrow_exception(job.error);
  return std::move(job.result);
}

namespace {
AnalysisResult analyze_on_this_thread(const SourceProvider& sources, const std::string& entry,
                                      const AnalysisOptions& options) {
  AnalysisResult result;
  Interpreter in(sources, options, result);
  interp::States finals = in.run(entry);
  FindingCollector collector(in, result);
  std::vector<interp::Reveal> reveals;
  Verdicts verdicts;
  solver::Context z3;  // (every question of this analysis gets its solver in it)
  for (auto& st : finals) {
    collector.on_path(static_cast<std::size_t>(&st - finals.data()), st.contingent);
    classify(options, in, st, collector, result.stats, verdicts, z3);
    for (const auto& r : *st.reveals) reveals.push_back(r);
    // (a program error raised where no project code is on the stack has no place to report
    // it: it stops its path as a gap below, never silently)
    if (st.flow == interp::Flow::Raise && st.raised->exc.is_obj() && st.raised->program_error && !st.module_check &&
        to_range(in, st.raised->site)) {
      // the program's own certain failure, as Python raises it: a finding (a warning when the
      // path that reaches it depends on a value tenscan does not know: settle_contingent)
      interp::Requirement r;
      r.cond = sym::Cond::truth(false);
      r.rule = python_rule(in, st);
      r.msg = findings::exception_text(in, st);
      r.site = st.raised->site;
      r.function = st.raised->function;
      r.path = st.path;
      collector.report(r, nullptr);
      continue;
    }
    if (st.flow == interp::Flow::Raise && st.raised->exc.is_obj()) {
      // an exception that escaped the program: from the user's code it is the script's own
      // check; from tenscan's models (a TypeError from a stub, a NameError of a builtin it
      // lacks, an attribute a library model does not have) it is a gap in them, and what the
      // path would have run next was not checked
      auto where = to_range(in, st.raised->site);
      // (module mode: a class built from made-up constructor arguments, called on made-up
      // tensors; what it raises says the guess was wrong, not the program)
      const bool user_raise = st.raised->user_raise && !st.module_check;
      if (!user_raise) ++result.stats.unsupported[findings::exception_text(in, st)];
      Notification n;
      n.kind = user_raise ? Notification::Kind::ScriptExit : Notification::Kind::Unsupported;
      n.level = Level::Note;
      const ModelDecl* decl =
          st.module_decl >= 0 ? &options.model_decls.at(static_cast<std::size_t>(st.module_decl)) : nullptr;
      n.message = user_raise ? "a path of the script ends with its own uncaught " + findings::exception_text(in, st)
                  : decl ? "module mode could not check " + decl->model + (decl->args.empty() ? "" : "(" + decl->args + ")") +
                               " as tenscan.json declares it: an uncaught " + findings::exception_text(in, st)
                  : st.module_check
                      ? "module mode could not check this class to the end: an uncaught " + findings::exception_text(in, st) +
                            " (a constructor argument without a default is taken as a size, or a float or bool by its "
                              "annotation, a forward argument as a tensor; "
                              "\"models\" in tenscan.json declares how it is built and called)"
                      : "tenscan's models fall short here, and the path stopped: an uncaught " + findings::exception_text(in, st);
      if (where) n.location = *where;
      bool dup = false;
      for (const auto& e : result.notifications) dup = dup || (e.message == n.message && e.location == n.location);
      if (!dup) result.notifications.push_back(std::move(n));
    }
  }
  // a hyperparameter of the declared space that no option of the script's parser is: said,
  // not silently ignored (a typo would check the defaults and look like a clean sweep)
  auto configuration = [&](Level level, std::string message) {
    result.notifications.push_back({Notification::Kind::Configuration, level, std::move(message), {}});
  };
  for (std::size_t i = 0; i < options.space.size(); ++i)
    if (!in.space_was_matched(i))
      configuration(Level::Warning, "--space " + options.space[i].name +
                                        ": the script's argument parser has no such option that its arguments leave to "
                                        "the space, so it was not checked over it");
  // a part of the space (--space-part) that could not be cut as asked
  if (std::string note = in.space_part_note(); !note.empty()) configuration(Level::Note, std::move(note));
  collector.settle_contingent(finals, z3, options.solver_rlimit, result.stats);
  collector.settle_regions();
  collector.drop_last_batch_duplicates();
  collector.add_module_rows();
  add_contracts(in, options, z3, result);
  result.completeness =
      findings::assess_completeness(in, finals, [&](const ir::Loc& l) { return to_range(in, l); });
  // (a requirement the solver could not decide was not checked: never a bare "no issues found")
  if (verdicts.undecided > 0) {
    result.completeness.complete = false;
    Completeness::Cause c;
    c.what = "the solver's resource limit (" + std::to_string(verdicts.undecided) +
             (verdicts.undecided == 1 ? " shape requirement" : " shape requirements") + " undecided)";
    if (auto where = to_range(in, *verdicts.first_undecided)) c.location = *where;
    result.completeness.causes.push_back(std::move(c));
  }
  // paths on which the script exits with an error status (argparse rejecting the arguments,
  // sys.exit(1)): say why; if every path does, the analysis had nothing to run
  std::size_t failed_exits = 0;
  for (auto& st : finals) {
    if (st.flow != interp::Flow::Exit || !st.raised->exc.is_obj()) continue;
    const auto& attrs = st.heap.get(st.raised->exc.obj).attrs;
    auto code = attrs.find("code");
    bool error_status = code != attrs.end() && !code->second.is_none() && code->second.const_int().value_or(1) != 0;
    if (!error_status) continue;
    ++failed_exits;
    std::string msg = findings::exception_message(st);
    Notification n;
    n.kind = Notification::Kind::ScriptExit;
    n.level = Level::Warning;
    n.message = "the script exits with an error status" + (msg.empty() ? std::string() : ": " + msg);
    if (auto where = to_range(in, st.raised->site)) n.location = *where;
    bool dup = false;
    for (const auto& e : result.notifications) dup = dup || (e.message == n.message && e.location == n.location);
    if (!dup) result.notifications.push_back(std::move(n));
  }
  if (!finals.empty() && failed_exits == finals.size() && result.findings.empty()) {
    result.completed = false;
    for (auto& n : result.notifications)
      if (n.level == Level::Warning && n.message.rfind("the script exits", 0) == 0) n.level = Level::Error;
  }
  // unmodelled calls: never silent. Their results were unknown, so nothing computed from them
  // was checked; the note names the most frequent ones (--stats lists them all).
  if (!result.stats.unmodelled_calls.empty()) {
    std::vector<std::pair<int, std::string>> by_count;
    int total = 0;
    for (const auto& [name, count] : result.stats.unmodelled_calls) {
      by_count.emplace_back(-count, name);
      total += count;
    }
    std::sort(by_count.begin(), by_count.end());
    std::string names;
    for (std::size_t i = 0; i < by_count.size() && i < 5; ++i) names += (i ? ", " : "") + by_count[i].second;
    if (by_count.size() > 5) names += ", ...";
    Notification n;
    n.kind = Notification::Kind::UnmodelledCall;
    n.level = Level::Note;
    n.message = std::to_string(total) + (total == 1 ? " call" : " calls") + " to " + std::to_string(by_count.size()) +
                " API" + (by_count.size() == 1 ? "" : "s") + " tenscan does not model (" + names +
                "): their results are unknown and nothing computed from them was checked (--stats lists them)";
    result.notifications.push_back(std::move(n));
  }
  if (verdicts.undecided > 0) {
    // the solver's resource limit is a budget too: what it could not decide was not checked
    Notification n;
    n.kind = Notification::Kind::Budget;
    n.level = Level::Warning;
    n.message = std::to_string(verdicts.undecided) +
                (verdicts.undecided == 1 ? " shape requirement" : " shape requirements") +
                " could not be decided by the solver within its resource limit or the time budget and " +
                (verdicts.undecided == 1 ? "was" : "were") + " not checked (the first is here)";
    if (auto where = to_range(in, *verdicts.first_undecided)) n.location = *where;
    result.notifications.push_back(std::move(n));
  }
  // reveal probes become notes (fixtures check them); each (site, text) once
  std::set<std::tuple<int, int, std::string>> seen;
  for (const auto& r : reveals) {
    auto where = to_range(in, r.site);
    if (!where || !seen.insert({where->line, where->col, r.text}).second) continue;
    Notification n;
    n.kind = Notification::Kind::Reveal;
    n.level = Level::Note;
    n.message = r.text;
    n.location = *where;
    result.notifications.push_back(std::move(n));
  }
  std::sort(result.findings.begin(), result.findings.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.location.path, a.location.line, a.location.col, a.rule) <
           std::tie(b.location.path, b.location.line, b.location.col, b.rule);
  });
  return result;
}
}  // namespace

}  // namespace tenscan
