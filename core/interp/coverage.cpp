#include "interp/coverage.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace tenscan::interp {

const char* stop_reason_text(StopReason r) {
  switch (r) {
    case StopReason::None: return "nothing";
    case StopReason::WorkBudget: return "the work budget";
    case StopReason::TimeBudget: return "the time budget";
    case StopReason::PathBudget: return "the path budget";
    case StopReason::LoopCap: return "the loop unrolling cap";
    case StopReason::GuessedRank: return "the rank module mode took for the forward's argument (its first layer takes any)";
    case StopReason::CheckBudget: return "module mode's budget for one model's check";
    case StopReason::TrialBudget: return "a trial iteration's split budget";
    case StopReason::NotMadeUp:
      return "a constructor argument module mode does not make up (a callable, a list, a string: the class is checked "
             "where the file builds it, or as a \"models\" entry of tenscan.json declares it)";
  }
  return "a budget";
}

void Coverage::add_module(ir::Module& m) {
  if (!m.top) return;
  codes_[m.top];
  index_block(m.top->body, m.top);
}

void Coverage::index_block(const ir::Block& b, const ir::Code* code) {
  for (ir::Stmt* s : b) {
    s->cov = static_cast<std::int32_t>(stmts_.size());
    stmts_.push_back(s);
    code_of_.push_back(code);
    codes_[code].stmts.push_back(static_cast<std::size_t>(s->cov));
    for (const ir::Expr* t : s->targets) index_expr(t, code);
    index_expr(s->value, code);
    index_expr(s->cause, code);
    for (const auto& w : s->with_items) {
      index_expr(w.context, code);
      index_expr(w.target, code);
    }
    index_block(s->body, code);
    index_block(s->orelse, code);
    index_block(s->finalbody, code);
    for (const auto& h : s->handlers) {
      index_expr(h.type, code);
      index_expr(h.target, code);
      index_block(h.body, code);
    }
    // `import m` / `from m import f` bind names the rest of the code refers to
    for (const auto& n : s->names) codes_[code].names.push_back(n);
  }
}

void Coverage::index_expr(const ir::Expr* e, const ir::Code* code) {
  if (!e) return;
  if (e->kind == ir::ExprKind::Name || e->kind == ir::ExprKind::Attr) codes_[code].names.push_back(e->name);
  index_expr(e->a, code);
  index_expr(e->b, code);
  index_expr(e->c, code);
  for (const ir::Expr* x : e->items) index_expr(x, code);
  for (const ir::Expr* x : e->items2) index_expr(x, code);
  for (const auto& k : e->keywords) index_expr(k.value, code);
  if (const ir::Code* c = e->code) {
    codes_[c];
    switch (c->kind) {
      case ir::Code::Kind::Function:
        by_name_.emplace(c->name, c);
        if (code->kind == ir::Code::Kind::Class) codes_[code].methods.push_back(c);
        break;
      case ir::Code::Kind::Class:
        by_name_.emplace(e->name, c);
        codes_[code].nested.push_back(c);
        break;
      default: codes_[code].nested.push_back(c); break;
    }
    index_block(c->body, c);
  }
}

void Coverage::add_code(const ir::Code* code, std::vector<std::uint64_t>& out, std::vector<const ir::Code*>& seen) const {
  if (std::find(seen.begin(), seen.end(), code) != seen.end()) return;
  seen.push_back(code);
  auto it = codes_.find(code);
  if (it == codes_.end()) return;
  const CodeInfo& info = it->second;
  for (std::size_t i : info.stmts) set(out, i);
  for (const ir::Code* n : info.nested) add_code(n, out, seen);
  // an instance of a class is built and called through its special methods and forward()
  for (const ir::Code* m : info.methods)
    if (m->name == "forward" || (m->name.size() > 4 && m->name.rfind("__", 0) == 0)) add_code(m, out, seen);
  add_names(info.names, out, seen);
}

void Coverage::add_names(const std::vector<std::string>& names, std::vector<std::uint64_t>& out,
                         std::vector<const ir::Code*>& seen) const {
  for (const auto& n : names) {
    auto [lo, hi] = by_name_.equal_range(n);
    for (auto it = lo; it != hi; ++it) add_code(it->second, out, seen);
  }
}

void Coverage::add_remainder(const std::vector<const ir::Stmt*>& unwound, std::vector<std::uint64_t>& out) const {
  std::vector<const ir::Code*> seen;
  for (const ir::Stmt* at : unwound) {
    if (!at || at->cov < 0) continue;
    const ir::Code* code = code_of_[static_cast<std::size_t>(at->cov)];
    auto it = codes_.find(code);
    if (it == codes_.end()) continue;
    // the statements of this function from the current one on, and what they name
    for (std::size_t i : it->second.stmts)
      if (stmts_[i]->loc.line >= at->loc.line) set(out, i);
    // names are per function, not per statement: a stopped function may call any of them
    add_names(it->second.names, out, seen);
    for (const ir::Code* n : it->second.nested) add_code(n, out, seen);
  }
}

}  // namespace tenscan::interp
