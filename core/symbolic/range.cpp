// The range domain of range.h: evaluation of expressions over symbol intervals (the interval
// arithmetic is domain/int_interval.cpp's), and deciding/refining conditions with them.
#include "symbolic/range.h"

#include <algorithm>
#include <initializer_list>

namespace tenscan::sym {

namespace {

using i128 = __int128;
using domain::clamp_to_bound;
using domain::floor_div;
constexpr std::int64_t kNegInf = Interval::kNegInf;
constexpr std::int64_t kPosInf = Interval::kPosInf;

}  // namespace

// ---- RangeEnv ---------------------------------------------------------------------------------

const Interval* RangeEnv::find(SymId s) const {
  std::size_t c = s / kChunk;
  if (c >= chunks_.size() || !chunks_[c]) return nullptr;
  return &(*chunks_[c])[s % kChunk];
}

Interval RangeEnv::get(SymId s) const {
  const Interval* i = find(s);
  return i ? *i : Interval::top();
}

void RangeEnv::set(SymId s, Interval i) {
  std::size_t c = s / kChunk;
  if (c >= chunks_.size()) {
    if (i == Interval::top()) return;  // unlisted already means top
    chunks_.resize(c + 1);
  }
  auto& chunk = chunks_[c];
  if (!chunk) {
    if (i == Interval::top()) return;
    chunk = std::make_shared<Chunk>();
  } else if (chunk.use_count() > 1) {
    chunk = std::make_shared<Chunk>(*chunk);  // shared with another path: copy on write
  }
  (*chunk)[s % kChunk] = i;
}

RangeEnv RangeEnv::join(const RangeEnv& o) const {
  RangeEnv out;
  std::size_t n = std::min(chunks_.size(), o.chunks_.size());  // beyond either: top
  out.chunks_.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    if (!chunks_[c] || !o.chunks_[c]) continue;  // all top on one side
    if (chunks_[c] == o.chunks_[c]) {
      out.chunks_[c] = chunks_[c];
      continue;
    }
    auto j = std::make_shared<Chunk>();
    for (std::size_t k = 0; k < kChunk; ++k) (*j)[k] = (*chunks_[c])[k].join((*o.chunks_[c])[k]);
    out.chunks_[c] = std::move(j);
  }
  return out;
}

bool operator==(const RangeEnv& a, const RangeEnv& b) {
  std::size_t n = std::max(a.chunks_.size(), b.chunks_.size());
  for (std::size_t c = 0; c < n; ++c) {
    const RangeEnv::Chunk* x = c < a.chunks_.size() ? a.chunks_[c].get() : nullptr;
    const RangeEnv::Chunk* y = c < b.chunks_.size() ? b.chunks_[c].get() : nullptr;
    if (x == y) continue;
    for (std::size_t k = 0; k < RangeEnv::kChunk; ++k)
      if ((x ? (*x)[k] : Interval::top()) != (y ? (*y)[k] : Interval::top())) return false;
  }
  return true;
}

Interval RangeEnv::eval(const Expr& e) const {
  if (auto c = e.as_const()) return Interval::point(*c);
  if (e.is_atom()) {
    switch (e.atom_kind()) {
      case Expr::AtomKind::Symbol:
        return get(e.atom_symbol());
      case Expr::AtomKind::Opaque:
        return Interval::top();
      default:
        break;
    }
    auto [a, b] = e.atom_operands();
    Interval x = eval(a), y = eval(b);
    switch (e.atom_kind()) {
      case Expr::AtomKind::FloorDiv:
        return Interval::floordiv(x, y);
      case Expr::AtomKind::Mod:
        return Interval::mod(x, y);
      case Expr::AtomKind::Min:
        return Interval::min(x, y);
      default:
        return Interval::max(x, y);
    }
  }
  Interval sum = Interval::point(0);
  for (const auto& t : e.terms()) {
    Interval prod = Interval::point(t.coef);
    const auto& f = t.factors;
    for (std::size_t i = 0; i < f.size();) {
      std::size_t run = 1;
      while (i + run < f.size() && f[i + run] == f[i]) ++run;
      prod = prod * Interval::power(eval(f[i]), static_cast<unsigned>(run));
      i += run;
    }
    sum = sum + prod;
  }
  return sum;
}

Tri RangeEnv::decide(const Cond& c) const {
  switch (c.kind()) {
    case Cond::Kind::True:
      return Tri::True;
    case Cond::Kind::False:
      return Tri::False;
    case Cond::Kind::Eq:
    case Cond::Kind::Ne:
    case Cond::Kind::Le: {
      Interval i = eval(c.poly());
      if (i.is_bottom()) return Tri::Unknown;
      Tri t;
      if (c.kind() == Cond::Kind::Le) {
        t = i.hi <= 0 ? Tri::True : i.lo > 0 ? Tri::False : Tri::Unknown;
      } else {
        t = i == Interval::point(0) ? Tri::True : !i.contains(0) ? Tri::False : Tri::Unknown;
        if (c.kind() == Cond::Kind::Ne) t = domain::tri_not(t);
      }
      return t;
    }
    case Cond::Kind::And:
    case Cond::Kind::Or: {
      // And: any False decides; Or: any True decides.
      Tri decisive = c.kind() == Cond::Kind::And ? Tri::False : Tri::True;
      bool unknown = false;
      for (const auto& child : c.children()) {
        Tri t = decide(child);
        if (t == decisive) return decisive;
        if (t == Tri::Unknown) unknown = true;
      }
      return unknown ? Tri::Unknown : domain::tri_not(decisive);
    }
    case Cond::Kind::Not:
      return domain::tri_not(decide(c.children()[0]));
    case Cond::Kind::BoolSym:
      return Tri::Unknown;
  }
  return Tri::Unknown;
}

bool RangeEnv::refine(const Cond& c) {
  switch (c.kind()) {
    case Cond::Kind::True:
      return true;
    case Cond::Kind::False:
      return false;
    case Cond::Kind::And:
      for (const auto& child : c.children())
        if (!refine(child)) return false;
      return true;
    case Cond::Kind::Eq:
    case Cond::Kind::Ne:
    case Cond::Kind::Le:
      break;
    default:
      return decide(c) != Tri::False;
  }
  if (decide(c) == Tri::False) return false;

  // Linear in exactly one symbol: k*s + c0 op 0.
  std::int64_t k = 0, c0 = 0;
  std::optional<SymId> sym;
  for (const auto& t : c.poly().terms()) {
    if (t.factors.empty()) {
      c0 = t.coef;
      continue;
    }
    if (sym || t.factors.size() != 1 || !t.factors[0].is_atom() ||
        t.factors[0].atom_kind() != Expr::AtomKind::Symbol)
      return true;
    sym = t.factors[0].atom_symbol();
    k = t.coef;
  }
  if (!sym) return true;

  const Interval cur = get(*sym);
  Interval bound = Interval::top();
  const i128 num = -static_cast<i128>(c0);  // s op num / k
  switch (c.kind()) {
    case Cond::Kind::Le:
      if (k > 0) {
        bound.hi = clamp_to_bound(floor_div(num, k));
      } else {
        bound.lo = clamp_to_bound(-floor_div(-num, k));  // ceil(num / k)
      }
      break;
    case Cond::Kind::Eq: {
      if (num % k != 0) return false;
      i128 v = num / k;
      if (v < kNegInf || v > kPosInf) return true;  // beyond int64: nothing to record
      bound = Interval::point(static_cast<std::int64_t>(v));
      break;
    }
    default: {  // Ne: shave an endpoint equal to the excluded value
      if (num % k != 0) return true;
      i128 v = num / k;
      // Bounds at the int64 extremes may stand for infinities: never shave those.
      if (cur.lo != kNegInf && cur.lo != kPosInf && v == cur.lo) bound.lo = cur.lo + 1;
      if (cur.hi != kPosInf && cur.hi != kNegInf && v == cur.hi) bound.hi = cur.hi - 1;
      break;
    }
  }
  Interval next = cur.meet(bound);
  set(*sym, next);
  return !next.is_bottom();
}

}  // namespace tenscan::sym
