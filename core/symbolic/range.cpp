// The interval domain of range.h: saturating interval arithmetic (Python floordiv/mod included),
// evaluation of expressions over symbol intervals, and deciding/refining conditions with them.
//
// Bound semantics: a lower bound of kNegInf means -infinity and an upper bound of kPosInf means
// +infinity; every other bound is a finite number. Results are computed exactly in 128 bits and
// then clamped into int64, which only ever loosens a bound (sound).
#include "symbolic/range.h"

#include <algorithm>
#include <initializer_list>

namespace tenscan::sym {

namespace {

using i128 = __int128;
constexpr std::int64_t kNegInf = Interval::kNegInf;
constexpr std::int64_t kPosInf = Interval::kPosInf;
/// Stands for an infinite bound in 128-bit arithmetic; sums of a few of these cannot overflow.
constexpr i128 kInf = static_cast<i128>(1) << 100;

i128 lo_ext(std::int64_t v) {
  return v == kNegInf ? -kInf : v;
}
i128 hi_ext(std::int64_t v) {
  return v == kPosInf ? kInf : v;
}
bool is_inf(i128 v) {
  return v >= kInf || v <= -kInf;
}

std::int64_t clamp(i128 v) {
  if (v <= kNegInf) return kNegInf;
  if (v >= kPosInf) return kPosInf;
  return static_cast<std::int64_t>(v);
}

Interval make(i128 lo, i128 hi) {
  Interval r{clamp(lo), clamp(hi)};
  return r.is_bottom() ? Interval::bottom() : r;
}

/// Extended multiplication; 0 times an infinity is 0 (the corner rule of interval products).
i128 mul_ext(i128 a, i128 b) {
  if (a == 0 || b == 0) return 0;
  if (is_inf(a) || is_inf(b)) return (a < 0) != (b < 0) ? -kInf : kInf;
  return a * b;
}

/// floor(n / d) for finite n and d != 0.
i128 floor_div(i128 n, i128 d) {
  i128 q = n / d;
  if (n % d != 0 && ((n < 0) != (d < 0))) --q;
  return q;
}

/// Extended floor(x / y) for y >= 1 (y may be +infinity).
i128 fdiv_ext(i128 x, i128 y) {
  if (y >= kInf) return x >= 0 ? 0 : -1;
  if (is_inf(x)) return x;
  return floor_div(x, y);
}

Interval neg(const Interval& a) {
  if (a.is_bottom()) return a;
  return make(-hi_ext(a.hi), -lo_ext(a.lo));
}

/// Corners of floor(a / b) for b >= 1.
Interval floordiv_pos(const Interval& a, const Interval& b) {
  i128 lo = kInf, hi = -kInf;
  for (i128 x : {lo_ext(a.lo), hi_ext(a.hi)}) {
    for (i128 y : {lo_ext(b.lo), hi_ext(b.hi)}) {
      i128 q = fdiv_ext(x, y);
      lo = std::min(lo, q);
      hi = std::max(hi, q);
    }
  }
  return make(lo, hi);
}

/// a mod b for b >= 1: within [0, b.hi - 1], tighter when a is small or within one period.
Interval mod_pos(const Interval& a, const Interval& b) {
  if (a.lo >= 0 && a.hi != kPosInf && a.hi < b.lo) return a;
  if (b.is_point() && b.hi != kPosInf && a.lo != kNegInf && a.hi != kPosInf &&
      floor_div(a.lo, b.lo) == floor_div(a.hi, b.lo)) {
    i128 base = floor_div(a.lo, b.lo) * b.lo;
    return make(a.lo - base, a.hi - base);
  }
  std::int64_t hi = b.hi == kPosInf ? kPosInf : b.hi - 1;
  if (a.lo >= 0) hi = std::min(hi, a.hi);
  return {0, hi};
}

/// Applies f to the strictly positive and strictly negative parts of the divisor b and joins.
/// A zero divisor is excluded: Python raises, so no execution continues with that value.
template <typename F>
Interval split_divisor(const Interval& a, const Interval& b, F f) {
  if (a.is_bottom() || b.is_bottom()) return Interval::bottom();
  Interval r = Interval::bottom();
  bool any = false;
  if (b.hi >= 1) {
    r = r.join(f(a, Interval{std::max<std::int64_t>(b.lo, 1), b.hi}, false));
    any = true;
  }
  if (b.lo <= -1) {
    r = r.join(f(neg(a), neg(Interval{b.lo, std::min<std::int64_t>(b.hi, -1)}), true));
    any = true;
  }
  return any ? r : Interval::top();
}

/// x**n in extended arithmetic; magnitudes beyond int64 become infinite (clamped anyway).
i128 pow_ext(i128 x, std::size_t n) {
  i128 r = 1;
  for (std::size_t i = 0; i < n; ++i) {
    r = mul_ext(r, x);
    if (r > kPosInf) r = kInf;
    if (r < kNegInf) r = -kInf;
  }
  return r;
}

/// b**n for n >= 1: odd powers are monotone, even powers are non-negative.
Interval power(const Interval& b, std::size_t n) {
  if (b.is_bottom()) return b;
  i128 l = pow_ext(lo_ext(b.lo), n), h = pow_ext(hi_ext(b.hi), n);
  if (n % 2 == 1 || b.lo >= 0) return make(l, h);
  if (b.hi <= 0) return make(h, l);
  return make(0, std::max(l, h));
}

Tri tri_not(Tri t) {
  return t == Tri::True ? Tri::False : t == Tri::False ? Tri::True : Tri::Unknown;
}

}  // namespace

// ---- Interval ---------------------------------------------------------------------------------

Interval Interval::meet(const Interval& o) const {
  Interval r{std::max(lo, o.lo), std::min(hi, o.hi)};
  return r.is_bottom() ? bottom() : r;
}

Interval Interval::join(const Interval& o) const {
  if (is_bottom()) return o;
  if (o.is_bottom()) return *this;
  return {std::min(lo, o.lo), std::max(hi, o.hi)};
}

Interval operator+(const Interval& a, const Interval& b) {
  if (a.is_bottom() || b.is_bottom()) return Interval::bottom();
  return make(lo_ext(a.lo) + lo_ext(b.lo), hi_ext(a.hi) + hi_ext(b.hi));
}

Interval operator-(const Interval& a, const Interval& b) {
  if (a.is_bottom() || b.is_bottom()) return Interval::bottom();
  return make(lo_ext(a.lo) - hi_ext(b.hi), hi_ext(a.hi) - lo_ext(b.lo));
}

Interval operator*(const Interval& a, const Interval& b) {
  if (a.is_bottom() || b.is_bottom()) return Interval::bottom();
  i128 lo = kInf, hi = -kInf;
  for (i128 x : {lo_ext(a.lo), hi_ext(a.hi)}) {
    for (i128 y : {lo_ext(b.lo), hi_ext(b.hi)}) {
      i128 p = mul_ext(x, y);
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
  }
  return make(lo, hi);
}

Interval Interval::floordiv(const Interval& a, const Interval& b) {
  // For b < 0: a // b == (-a) // (-b).
  return split_divisor(a, b, [](const Interval& x, const Interval& y, bool) { return floordiv_pos(x, y); });
}

Interval Interval::mod(const Interval& a, const Interval& b) {
  // For b < 0: a % b == -((-a) % (-b)).
  return split_divisor(a, b, [](const Interval& x, const Interval& y, bool negated) {
    Interval r = mod_pos(x, y);
    return negated ? neg(r) : r;
  });
}

Interval Interval::min(const Interval& a, const Interval& b) {
  if (a.is_bottom() || b.is_bottom()) return bottom();
  return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
}

Interval Interval::max(const Interval& a, const Interval& b) {
  if (a.is_bottom() || b.is_bottom()) return bottom();
  return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
}

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
      prod = prod * power(eval(f[i]), run);
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
        if (c.kind() == Cond::Kind::Ne) t = tri_not(t);
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
      return unknown ? Tri::Unknown : tri_not(decisive);
    }
    case Cond::Kind::Not:
      return tri_not(decide(c.children()[0]));
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
        bound.hi = clamp(floor_div(num, k));
      } else {
        bound.lo = clamp(-floor_div(-num, k));  // ceil(num / k)
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
