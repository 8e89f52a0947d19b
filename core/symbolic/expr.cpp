// Symbolic integers (canonical polynomials over atoms) and conditions over them: construction,
// normalisation, ordering, hashing, printing and evaluation of the types declared in expr.h.
#include "symbolic/expr.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace tenscan::sym {

namespace {

using i128 = __int128;
using NodePtr = std::shared_ptr<const ExprNode>;

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

/// Node tags; the enumerator order is the first key of the total order on expressions.
enum class Tag : std::uint8_t { Symbol, FloorDiv, Mod, Min, Max, Opaque, Poly, Const };

std::size_t mix(std::size_t h, std::uint64_t v) {
  v *= 0x9e3779b97f4a7c15ULL;
  v ^= v >> 29;
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

/// Python floor division; false on overflow (kMin // -1). Requires b != 0.
bool py_floordiv(std::int64_t a, std::int64_t b, std::int64_t* out) {
  if (b == -1) return !__builtin_mul_overflow(a, -1, out);
  std::int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  *out = q;
  return true;
}

/// Python modulo (sign of the divisor). Requires b != 0.
std::int64_t py_mod(std::int64_t a, std::int64_t b) {
  if (b == -1) return 0;
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

std::string i128_str(i128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  std::string s;
  while (v != 0) {
    int digit = static_cast<int>(v % 10);
    s.push_back(static_cast<char>('0' + (digit < 0 ? -digit : digit)));
    v /= 10;
  }
  if (neg) s.push_back('-');
  std::reverse(s.begin(), s.end());
  return s;
}

}  // namespace

struct ExprNode {
  /// One non-constant term of a polynomial: coefficient times a sorted product of atoms.
  struct Term {
    std::int64_t coef;
    std::vector<Expr> atoms;  ///< sorted by the expression order; repeated for powers
  };

  Tag tag = Tag::Const;
  std::size_t hash = 0;
  std::int64_t value = 0;       ///< Const: the value; Poly: the constant term
  SymId sym = 0;                ///< Symbol
  std::uint64_t opaque_id = 0;  ///< Opaque
  char opaque_op = 0;           ///< Opaque: '/' or '%' when it stands for a division by zero
  NodePtr lhs, rhs;             ///< FloorDiv/Mod/Min/Max operands; Opaque: the division's operands
  std::vector<Term> terms;      ///< Poly: nonzero coefficients, sorted by monomial, at least one
};

/// Access to Expr's private constructor and pointer.
struct ExprBuilder {
  static Expr wrap(NodePtr n) { return Expr(std::move(n)); }
  static const NodePtr& ptr(const Expr& e) { return e.node_; }
};

namespace {

using PolyTerm = ExprNode::Term;

bool is_atom_tag(Tag t) {
  return t < Tag::Poly;
}

// ---- total order and equality -----------------------------------------------------------------

std::strong_ordering cmp_node(const ExprNode* a, const ExprNode* b);

/// Monomial order: higher degree first, then atom by atom.
std::strong_ordering cmp_mono(const std::vector<Expr>& a, const std::vector<Expr>& b) {
  if (a.size() != b.size()) return b.size() <=> a.size();
  for (std::size_t i = 0; i < a.size(); ++i)
    if (auto c = cmp_node(a[i].node(), b[i].node()); c != 0) return c;
  return std::strong_ordering::equal;
}

std::strong_ordering cmp_node(const ExprNode* a, const ExprNode* b) {
  if (a == b) return std::strong_ordering::equal;
  if (a->tag != b->tag) return a->tag <=> b->tag;
  switch (a->tag) {
    case Tag::Symbol:
      return a->sym <=> b->sym;
    case Tag::Const:
      return a->value <=> b->value;
    case Tag::Opaque:
      return a->opaque_id <=> b->opaque_id;
    case Tag::FloorDiv:
    case Tag::Mod:
    case Tag::Min:
    case Tag::Max:
      if (auto c = cmp_node(a->lhs.get(), b->lhs.get()); c != 0) return c;
      return cmp_node(a->rhs.get(), b->rhs.get());
    case Tag::Poly: {
      std::size_t n = std::min(a->terms.size(), b->terms.size());
      for (std::size_t i = 0; i < n; ++i) {
        if (auto c = cmp_mono(a->terms[i].atoms, b->terms[i].atoms); c != 0) return c;
        if (auto c = a->terms[i].coef <=> b->terms[i].coef; c != 0) return c;
      }
      if (a->terms.size() != b->terms.size()) return a->terms.size() <=> b->terms.size();
      return a->value <=> b->value;
    }
  }
  return std::strong_ordering::equal;
}

bool eq_node(const ExprNode* a, const ExprNode* b);

bool eq_mono(const std::vector<Expr>& a, const std::vector<Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!eq_node(a[i].node(), b[i].node())) return false;
  return true;
}

bool eq_node(const ExprNode* a, const ExprNode* b) {
  if (a == b) return true;
  if (a->hash != b->hash || a->tag != b->tag) return false;
  switch (a->tag) {
    case Tag::Symbol:
      return a->sym == b->sym;
    case Tag::Const:
      return a->value == b->value;
    case Tag::Opaque:
      return a->opaque_id == b->opaque_id;
    case Tag::FloorDiv:
    case Tag::Mod:
    case Tag::Min:
    case Tag::Max:
      return eq_node(a->lhs.get(), b->lhs.get()) && eq_node(a->rhs.get(), b->rhs.get());
    case Tag::Poly:
      if (a->value != b->value || a->terms.size() != b->terms.size()) return false;
      for (std::size_t i = 0; i < a->terms.size(); ++i)
        if (a->terms[i].coef != b->terms[i].coef || !eq_mono(a->terms[i].atoms, b->terms[i].atoms))
          return false;
      return true;
  }
  return false;
}

bool atom_less(const Expr& a, const Expr& b) {
  return cmp_node(a.node(), b.node()) < 0;
}

// ---- node construction ------------------------------------------------------------------------

Expr make_const_uncached(std::int64_t v) {
  auto n = std::make_shared<ExprNode>();
  n->tag = Tag::Const;
  n->value = v;
  n->hash = mix(mix(0, static_cast<std::uint64_t>(Tag::Const)), static_cast<std::uint64_t>(v));
  return ExprBuilder::wrap(std::move(n));
}

Expr make_const(std::int64_t v) {
  constexpr std::int64_t kCacheLo = -16, kCacheHi = 256;
  static const std::vector<Expr> cache = [] {
    std::vector<Expr> c;
    for (std::int64_t i = kCacheLo; i <= kCacheHi; ++i) c.push_back(make_const_uncached(i));
    return c;
  }();
  if (v >= kCacheLo && v <= kCacheHi) return cache[static_cast<std::size_t>(v - kCacheLo)];
  return make_const_uncached(v);
}

Expr make_binary(Tag tag, const Expr& a, const Expr& b) {
  auto n = std::make_shared<ExprNode>();
  n->tag = tag;
  n->lhs = ExprBuilder::ptr(a);
  n->rhs = ExprBuilder::ptr(b);
  n->hash = mix(mix(mix(0, static_cast<std::uint64_t>(tag)), a.hash()), b.hash());
  return ExprBuilder::wrap(std::move(n));
}

/// A fresh atom equal to nothing but itself: a division by zero (op '/' or '%', with its
/// operands kept for printing) or an int64 overflow (op 0).
Expr make_opaque(char op = 0, const Expr* a = nullptr, const Expr* b = nullptr) {
  static std::atomic<std::uint64_t> counter{0};
  auto n = std::make_shared<ExprNode>();
  n->tag = Tag::Opaque;
  n->opaque_id = ++counter;
  n->opaque_op = op;
  if (a != nullptr && b != nullptr) {
    n->lhs = ExprBuilder::ptr(*a);
    n->rhs = ExprBuilder::ptr(*b);
  }
  n->hash = mix(mix(0, static_cast<std::uint64_t>(Tag::Opaque)), n->opaque_id);
  return ExprBuilder::wrap(std::move(n));
}

/// Builds the canonical expression for c + terms, where terms are already sorted by monomial,
/// have distinct monomials and nonzero coefficients.
Expr finish_sorted(std::int64_t c, std::vector<PolyTerm> terms) {
  if (terms.empty()) return make_const(c);
  if (c == 0 && terms.size() == 1 && terms[0].coef == 1 && terms[0].atoms.size() == 1)
    return terms[0].atoms[0];
  auto n = std::make_shared<ExprNode>();
  n->tag = Tag::Poly;
  n->value = c;
  std::size_t h = mix(0, static_cast<std::uint64_t>(Tag::Poly));
  for (const auto& t : terms) {
    h = mix(h, static_cast<std::uint64_t>(t.coef));
    for (const auto& a : t.atoms) h = mix(h, a.hash());
    h = mix(h, 0xffffULL);  // term separator
  }
  n->hash = mix(h, static_cast<std::uint64_t>(c));
  n->terms = std::move(terms);
  return ExprBuilder::wrap(std::move(n));
}

/// Sorts terms by monomial, merges equal monomials and drops zero coefficients.
Expr normalize(std::int64_t c, std::vector<PolyTerm> terms) {
  std::sort(terms.begin(), terms.end(),
            [](const PolyTerm& x, const PolyTerm& y) { return cmp_mono(x.atoms, y.atoms) < 0; });
  std::vector<PolyTerm> out;
  out.reserve(terms.size());
  for (auto& t : terms) {
    if (!out.empty() && eq_mono(out.back().atoms, t.atoms)) {
      if (__builtin_add_overflow(out.back().coef, t.coef, &out.back().coef)) return make_opaque();
    } else {
      if (!out.empty() && out.back().coef == 0) out.pop_back();
      out.push_back(std::move(t));
    }
  }
  if (!out.empty() && out.back().coef == 0) out.pop_back();
  return finish_sorted(c, std::move(out));
}

/// normalize, for terms that may include constants (a quotient's term that the divisor was all of).
Expr normalize_quotient(std::int64_t c, std::vector<PolyTerm> terms) {
  for (auto it = terms.begin(); it != terms.end();) {
    if (!it->atoms.empty()) {
      ++it;
      continue;
    }
    if (__builtin_add_overflow(c, it->coef, &c)) return make_opaque();
    it = terms.erase(it);
  }
  return normalize(c, std::move(terms));
}

/// A polynomial view of any expression: an atom is the one-term polynomial 1*atom.
class PolyView {
 public:
  explicit PolyView(const Expr& e) : n_(e.node()) {
    if (is_atom_tag(n_->tag)) single_.push_back(PolyTerm{1, {e}});
  }
  PolyView(const PolyView&) = delete;
  PolyView& operator=(const PolyView&) = delete;
  [[nodiscard]] std::int64_t constant() const {
    return n_->tag == Tag::Const || n_->tag == Tag::Poly ? n_->value : 0;
  }
  [[nodiscard]] std::span<const PolyTerm> terms() const {
    return n_->tag == Tag::Poly ? std::span<const PolyTerm>(n_->terms) : std::span<const PolyTerm>(single_);
  }

 private:
  const ExprNode* n_;
  std::vector<PolyTerm> single_;
};

/// a + b (sign = 1) or a - b (sign = -1), merging the sorted term lists.
Expr add_sub(const Expr& a, const Expr& b, int sign) {
  PolyView va(a), vb(b);
  std::int64_t c;
  if (sign > 0 ? __builtin_add_overflow(va.constant(), vb.constant(), &c)
               : __builtin_sub_overflow(va.constant(), vb.constant(), &c))
    return make_opaque();
  auto ta = va.terms(), tb = vb.terms();
  std::vector<PolyTerm> out;
  out.reserve(ta.size() + tb.size());
  std::size_t i = 0, j = 0;
  while (i < ta.size() || j < tb.size()) {
    auto order = i == ta.size()   ? std::strong_ordering::greater
                 : j == tb.size() ? std::strong_ordering::less
                                  : cmp_mono(ta[i].atoms, tb[j].atoms);
    if (order < 0) {
      out.push_back(ta[i++]);
      continue;
    }
    std::int64_t k = tb[j].coef;
    if (order > 0) {
      if (sign < 0 && __builtin_sub_overflow(std::int64_t{0}, tb[j].coef, &k)) return make_opaque();
      out.push_back(PolyTerm{k, tb[j++].atoms});
      continue;
    }
    if (sign > 0 ? __builtin_add_overflow(ta[i].coef, tb[j].coef, &k)
                 : __builtin_sub_overflow(ta[i].coef, tb[j].coef, &k))
      return make_opaque();
    if (k != 0) out.push_back(PolyTerm{k, ta[i].atoms});
    ++i, ++j;
  }
  return finish_sorted(c, std::move(out));
}

Expr scale(const Expr& e, std::int64_t k) {
  if (k == 0) return make_const(0);
  if (k == 1) return e;
  PolyView v(e);
  std::int64_t c;
  if (__builtin_mul_overflow(v.constant(), k, &c)) return make_opaque();
  std::vector<PolyTerm> out;
  out.reserve(v.terms().size());
  for (const auto& t : v.terms()) {
    std::int64_t coef;
    if (__builtin_mul_overflow(t.coef, k, &coef)) return make_opaque();
    out.push_back(PolyTerm{coef, t.atoms});
  }
  return finish_sorted(c, std::move(out));
}

Expr multiply(const Expr& a, const Expr& b) {
  if (auto k = a.as_const()) return scale(b, *k);
  if (auto k = b.as_const()) return scale(a, *k);
  PolyView va(a), vb(b);
  std::int64_t ca = va.constant(), cb = vb.constant();
  std::vector<PolyTerm> out;
  out.reserve((va.terms().size() + 1) * (vb.terms().size() + 1));
  std::int64_t k;
  for (const auto& t : va.terms()) {
    if (cb == 0) break;
    if (__builtin_mul_overflow(t.coef, cb, &k)) return make_opaque();
    out.push_back(PolyTerm{k, t.atoms});
  }
  for (const auto& u : vb.terms()) {
    if (ca == 0) break;
    if (__builtin_mul_overflow(u.coef, ca, &k)) return make_opaque();
    out.push_back(PolyTerm{k, u.atoms});
  }
  for (const auto& t : va.terms()) {
    for (const auto& u : vb.terms()) {
      if (__builtin_mul_overflow(t.coef, u.coef, &k)) return make_opaque();
      PolyTerm p{k, {}};
      p.atoms.reserve(t.atoms.size() + u.atoms.size());
      std::merge(t.atoms.begin(), t.atoms.end(), u.atoms.begin(), u.atoms.end(), std::back_inserter(p.atoms),
                 atom_less);
      out.push_back(std::move(p));
    }
  }
  std::int64_t c;
  if (__builtin_mul_overflow(ca, cb, &c)) return make_opaque();
  return normalize(c, std::move(out));
}

bool is_const_positive(const NodePtr& n) {
  return n->tag == Tag::Const && n->value > 0;
}

// ---- printing ---------------------------------------------------------------------------------

void render(std::string& out, const ExprNode& n, const SymbolNamer& names);

/// An operand of // or %: bare if it is a name, a constant or a function call, else parenthesized.
void render_operand(std::string& out, const ExprNode& n, const SymbolNamer& names) {
  bool bare = n.tag == Tag::Symbol || n.tag == Tag::Const || n.tag == Tag::Min || n.tag == Tag::Max;
  if (!bare) out += '(';
  render(out, n, names);
  if (!bare) out += ')';
}

/// An atom; infix atoms (// and %) are parenthesized when `compound` (inside a product, a power
/// or after a unary minus).
void render_atom(std::string& out, const ExprNode& n, const SymbolNamer& names, bool compound) {
  auto infix = [&](const char* op) {
    if (compound) out += '(';
    render_operand(out, *n.lhs, names);
    out += op;
    render_operand(out, *n.rhs, names);
    if (compound) out += ')';
  };
  switch (n.tag) {
    case Tag::Symbol:
      out += names(n.sym);
      return;
    case Tag::FloorDiv:
      infix(" // ");
      return;
    case Tag::Mod:
      infix(" % ");
      return;
    case Tag::Min:
    case Tag::Max:
      out += n.tag == Tag::Min ? "min(" : "max(";
      render(out, *n.lhs, names);
      out += ", ";
      render(out, *n.rhs, names);
      out += ')';
      return;
    case Tag::Opaque:
      if (n.opaque_op != 0 && n.lhs) {
        infix(n.opaque_op == '/' ? " // " : " % ");
      } else {
        out += "<overflow#" + std::to_string(n.opaque_id) + ">";
      }
      return;
    case Tag::Const:
      out += std::to_string(n.value);
      return;
    case Tag::Poly:
      render(out, n, names);
      return;
  }
}

/// A term for printing: coefficient (wide, so that negated int64 coefficients fit) and atoms.
struct PrintTerm {
  i128 coef;
  const std::vector<Expr>* atoms;
};

/// Renders sum(terms) + c, Python-like: "2*B - H + 3".
void render_sum(std::string& out, const std::vector<PrintTerm>& terms, i128 c, const SymbolNamer& names) {
  bool first = true;
  for (const auto& t : terms) {
    bool neg = t.coef < 0;
    i128 mag = neg ? -t.coef : t.coef;
    if (first) {
      if (neg) out += '-';
    } else {
      out += neg ? " - " : " + ";
    }
    if (mag != 1) out += i128_str(mag) + "*";
    const auto& atoms = *t.atoms;
    bool compound = mag != 1 || atoms.size() > 1 || (first && neg);
    for (std::size_t i = 0; i < atoms.size();) {
      std::size_t run = 1;
      while (i + run < atoms.size() && atoms[i + run] == atoms[i]) ++run;
      if (i > 0) out += '*';
      render_atom(out, *atoms[i].node(), names, compound || run > 1);
      if (run > 1) out += "**" + std::to_string(run);
      i += run;
    }
    first = false;
  }
  if (first) {
    out += i128_str(c);
  } else if (c != 0) {
    out += c < 0 ? " - " : " + ";
    out += i128_str(c < 0 ? -c : c);
  }
}

void render(std::string& out, const ExprNode& n, const SymbolNamer& names) {
  if (n.tag == Tag::Const) {
    out += std::to_string(n.value);
  } else if (n.tag == Tag::Poly) {
    std::vector<PrintTerm> terms;
    terms.reserve(n.terms.size());
    for (const auto& t : n.terms) terms.push_back({t.coef, &t.atoms});
    render_sum(out, terms, n.value, names);
  } else {
    render_atom(out, n, names, false);
  }
}

void collect_symbols(const ExprNode& n, std::vector<SymId>& out) {
  switch (n.tag) {
    case Tag::Symbol:
      out.push_back(n.sym);
      return;
    case Tag::Const:
      return;
    case Tag::Poly:
      for (const auto& t : n.terms)
        for (const auto& a : t.atoms) collect_symbols(*a.node(), out);
      return;
    default:
      if (n.lhs) collect_symbols(*n.lhs, out);
      if (n.rhs) collect_symbols(*n.rhs, out);
      return;
  }
}

using Valuation = std::function<std::optional<std::int64_t>(SymId)>;

std::optional<std::int64_t> eval_node(const ExprNode& n, const Valuation& value) {
  switch (n.tag) {
    case Tag::Const:
      return n.value;
    case Tag::Symbol:
      return value(n.sym);
    case Tag::Opaque:
      return std::nullopt;
    case Tag::Poly: {
      std::int64_t acc = n.value;
      for (const auto& t : n.terms) {
        std::int64_t prod = t.coef;
        for (const auto& a : t.atoms) {
          auto v = eval_node(*a.node(), value);
          if (!v || __builtin_mul_overflow(prod, *v, &prod)) return std::nullopt;
        }
        if (__builtin_add_overflow(acc, prod, &acc)) return std::nullopt;
      }
      return acc;
    }
    case Tag::FloorDiv:
    case Tag::Mod:
    case Tag::Min:
    case Tag::Max: {
      auto a = eval_node(*n.lhs, value);
      if (!a) return std::nullopt;
      auto b = eval_node(*n.rhs, value);
      if (!b) return std::nullopt;
      if (n.tag == Tag::Min) return std::min(*a, *b);
      if (n.tag == Tag::Max) return std::max(*a, *b);
      if (*b == 0) return std::nullopt;
      if (n.tag == Tag::Mod) return py_mod(*a, *b);
      std::int64_t q;
      if (!py_floordiv(*a, *b, &q)) return std::nullopt;
      return q;
    }
  }
  return std::nullopt;
}

}  // namespace

// ---- Expr -------------------------------------------------------------------------------------

namespace {
// (every Value holds an Expr: its default is a copy of one node, not a lookup in the constants)
const Expr& zero_expr() {
  static const Expr zero = make_const(0);
  return zero;
}
}  // namespace

Expr::Expr() : node_(ExprBuilder::ptr(zero_expr())) {}

Expr Expr::constant(std::int64_t v) {
  return make_const(v);
}

Expr Expr::symbol(SymId id) {
  auto n = std::make_shared<ExprNode>();
  n->tag = Tag::Symbol;
  n->sym = id;
  n->hash = mix(mix(0, static_cast<std::uint64_t>(Tag::Symbol)), id);
  return Expr(std::move(n));
}

std::optional<std::int64_t> Expr::as_const() const {
  if (node_->tag == Tag::Const) return node_->value;
  return std::nullopt;
}

std::optional<SymId> Expr::as_symbol() const {
  if (node_->tag == Tag::Symbol) return node_->sym;
  return std::nullopt;
}

Expr operator+(const Expr& a, const Expr& b) {
  return add_sub(a, b, 1);
}
Expr operator-(const Expr& a, const Expr& b) {
  return add_sub(a, b, -1);
}
Expr operator*(const Expr& a, const Expr& b) {
  return multiply(a, b);
}
Expr operator-(const Expr& a) {
  return scale(a, -1);
}

namespace {
// c + the sum of the terms, each atom replaced by atom(it): the same polynomial over other atoms
// (renormalised: terms whose new atoms coincide merge, and those that cancel drop out).
template <typename F>
Expr map_atoms(std::int64_t c, std::span<const PolyTerm> terms, const F& atom) {
  Expr sum = make_const(c);
  for (const auto& t : terms) {
    Expr m = make_const(t.coef);
    for (const auto& x : t.atoms) m = m * atom(x);
    sum = sum + m;
  }
  return sum;
}

// a as k*b + x for a monomial b (c * m, m a product of atoms): k the quotient of the terms of
// a that b divides (each a multiple of c that has m's atoms), x the other terms and the
// constant; nullopt when b is not a monomial. When x is 0 the division is exact, e.g.
// (32*B*T*V) / V = 32*B*T: a // b and a % b need no division at all (for b != 0, which Python
// checks before dividing; reshape(-1, V) of a product of sizes is this case). Otherwise
// (x + k*b) // b == x // b + k and (x + k*b) % b == x % b for every b != 0 (Python floors): a
// patch embedding's (H - p) // p + 1 is H // p, as its reshape to [B, C, (H // p) * (W // p)]
// requires.
std::optional<std::pair<Expr, Expr>> divide_terms(const Expr& a, const Expr& b) {
  PolyView va(a), vb(b);
  if (vb.constant() != 0 || vb.terms().size() != 1) return std::nullopt;
  const PolyTerm& d = vb.terms()[0];
  std::vector<PolyTerm> q, rest;
  for (const auto& t : va.terms()) {
    if (t.coef % d.coef == 0 && !(d.coef == -1 && t.coef == std::numeric_limits<std::int64_t>::min()) &&
        std::includes(t.atoms.begin(), t.atoms.end(), d.atoms.begin(), d.atoms.end(), atom_less)) {
      PolyTerm r{t.coef / d.coef, {}};
      std::set_difference(t.atoms.begin(), t.atoms.end(), d.atoms.begin(), d.atoms.end(), std::back_inserter(r.atoms),
                          atom_less);
      q.push_back(std::move(r));
    } else {
      rest.push_back(t);
    }
  }
  return std::pair{normalize_quotient(0, std::move(q)), normalize(va.constant(), std::move(rest))};
}
// a / b when b divides a exactly as polynomials (a == q*b for a polynomial q), by division by
// leading terms; nullopt otherwise (or past a few steps). A view of a tensor whose size is a
// product of sums, [B, -1, h + 1, w + 1], divides its element count, expanded into a sum, by
// B*(h + 1)*(w + 1), expanded too: no monomial divides it, the product does.
std::optional<Expr> exact_quotient_by(const Expr& a, const Expr& b) {
  constexpr int kMaxSteps = 16;
  PolyView vb(b);
  if (vb.terms().empty()) return std::nullopt;
  const PolyTerm& lead_b = vb.terms()[0];
  Expr q = make_const(0), r = a;
  for (int step = 0; step < kMaxSteps; ++step) {
    PolyView vr(r);
    if (vr.terms().empty()) return vr.constant() == 0 ? std::optional<Expr>(q) : std::nullopt;
    const PolyTerm& lead_r = vr.terms()[0];
    if ((lead_b.coef == -1 && lead_r.coef == std::numeric_limits<std::int64_t>::min()) || lead_r.coef % lead_b.coef != 0 ||
        !std::includes(lead_r.atoms.begin(), lead_r.atoms.end(), lead_b.atoms.begin(), lead_b.atoms.end(), atom_less))
      return std::nullopt;
    PolyTerm t{lead_r.coef / lead_b.coef, {}};
    std::set_difference(lead_r.atoms.begin(), lead_r.atoms.end(), lead_b.atoms.begin(), lead_b.atoms.end(),
                        std::back_inserter(t.atoms), atom_less);
    Expr m = normalize_quotient(0, {t});
    q = q + m;
    r = r - m * b;
  }
  return std::nullopt;
}

}  // namespace

Expr Expr::floordiv(const Expr& a, const Expr& b) {
  if (auto bc = b.as_const()) {
    std::int64_t d = *bc;
    if (d == 0) return make_opaque('/', &a, &b);
    if (auto ac = a.as_const()) {
      std::int64_t q;
      if (!py_floordiv(*ac, d, &q)) return make_opaque();
      return make_const(q);
    }
    if (d == 1) return a;
    if (d == -1) return -a;
    if (d > 0) {
      // (d*q + r) // d == q + r // d when every non-constant coefficient is a multiple of d.
      PolyView v(a);
      bool divisible =
          std::all_of(v.terms().begin(), v.terms().end(), [d](const PolyTerm& t) { return t.coef % d == 0; });
      if (divisible) {
        std::vector<PolyTerm> q;
        q.reserve(v.terms().size());
        for (const auto& t : v.terms()) q.push_back(PolyTerm{t.coef / d, t.atoms});
        std::int64_t r;
        py_floordiv(v.constant(), d, &r);
        return finish_sorted(r, std::move(q));
      }
      const ExprNode& n = *a.node();
      if ((n.tag == Tag::FloorDiv || n.tag == Tag::Mod) && is_const_positive(n.rhs)) {
        std::int64_t d1 = n.rhs->value;
        // (x % d1) // d == 0 when 0 <= x % d1 < d1 <= d.
        if (n.tag == Tag::Mod && d1 <= d) return make_const(0);
        // (x // d1) // d == x // (d1*d) for positive d1, d.
        std::int64_t m;
        if (n.tag == Tag::FloorDiv && !__builtin_mul_overflow(d1, d, &m))
          return floordiv(ExprBuilder::wrap(n.lhs), make_const(m));
      }
    }
  } else if (auto d = divide_terms(a, b)) {
    if (d->second.as_const() == 0) return d->first;                            // exact
    if (d->first.as_const() != 0) return d->first + floordiv(d->second, b);  // (x + k*b) // b
  } else if (auto q = exact_quotient_by(a, b)) {
    return *q;
  }
  return make_binary(Tag::FloorDiv, a, b);
}

Expr Expr::mod(const Expr& a, const Expr& b) {
  if (auto bc = b.as_const()) {
    std::int64_t d = *bc;
    if (d == 0) return make_opaque('%', &a, &b);
    if (auto ac = a.as_const()) return make_const(py_mod(*ac, d));
    if (d == 1 || d == -1) return make_const(0);
    if (d > 0) {
      // Reduce every coefficient modulo d: (sum k_i*m_i + c) % d == (sum (k_i%d)*m_i + c%d) % d.
      PolyView v(a);
      // (a factor y % d1 with d1 a multiple of d)
      auto multiple = [d](const Expr& x) {
        return x.node()->tag == Tag::Mod && is_const_positive(x.node()->rhs) && x.node()->rhs->value % d == 0;
      };
      std::vector<PolyTerm> reduced;
      reduced.reserve(v.terms().size());
      bool inner = false;
      for (const auto& t : v.terms())
        if (std::int64_t k = py_mod(t.coef, d); k != 0) {
          reduced.push_back(PolyTerm{k, t.atoms});
          inner = inner || std::any_of(t.atoms.begin(), t.atoms.end(), multiple);
        }
      std::int64_t c = py_mod(v.constant(), d);
      if (reduced.empty()) return make_const(c);
      // y % d1 == y - d1*(y // d1) is y plus a multiple of d, in any product of ints: modulo d
      // the factor is y. A padding to a multiple of d, (d - x % d) % d, reduces to ((d-1)*x) % d
      // and then x + ((d-1)*x) % d to 0 modulo d, as it should.
      if (inner)
        return mod(map_atoms(c, reduced, [&](const Expr& x) { return multiple(x) ? ExprBuilder::wrap(x.node()->lhs) : x; }), b);
      Expr r = finish_sorted(c, std::move(reduced));
      const ExprNode& n = *r.node();
      if (n.tag == Tag::Mod && is_const_positive(n.rhs) && n.rhs->value <= d) return r;  // 0 <= x % d1 < d1 <= d
      return make_binary(Tag::Mod, r, b);
    }
  } else if (auto d = divide_terms(a, b)) {
    if (d->second.as_const() == 0) return make_const(0);    // exact
    if (d->first.as_const() != 0) return mod(d->second, b);  // (x + k*b) % b == x % b
  } else if (exact_quotient_by(a, b)) {
    return make_const(0);
  }
  return make_binary(Tag::Mod, a, b);
}

namespace {
Expr min_max(Tag tag, const Expr& a, const Expr& b) {
  if (a == b) return a;
  Expr diff = a - b;
  if (auto dc = diff.as_const()) {
    bool a_smaller = *dc <= 0;
    return (tag == Tag::Min) == a_smaller ? a : b;
  }
  return atom_less(a, b) ? make_binary(tag, a, b) : make_binary(tag, b, a);
}
}  // namespace

Expr Expr::min(const Expr& a, const Expr& b) {
  return min_max(Tag::Min, a, b);
}
Expr Expr::max(const Expr& a, const Expr& b) {
  return min_max(Tag::Max, a, b);
}

bool operator==(const Expr& a, const Expr& b) {
  return eq_node(a.node(), b.node());
}

std::strong_ordering operator<=>(const Expr& a, const Expr& b) {
  return cmp_node(a.node(), b.node());
}

std::size_t Expr::hash() const {
  return node_->hash;
}

std::string Expr::str(const SymbolNamer& names) const {
  std::string out;
  render(out, *node_, names);
  return out;
}

namespace {

// ---- exact serialisation ------------------------------------------------------------------------
// A tag byte, then fixed-width fields and counts: every encoding says where it ends.

void put_word(std::string& out, std::uint64_t v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  out.append(bytes, sizeof v);
}

void encode_node(std::string& out, const ExprNode& n, const SymbolCoder& code) {
  out += static_cast<char>(n.tag);
  switch (n.tag) {
    case Tag::Const:
      put_word(out, static_cast<std::uint64_t>(n.value));
      return;
    case Tag::Symbol:
      put_word(out, code(n.sym));
      return;
    case Tag::Opaque:
      put_word(out, n.opaque_id);  // equal to nothing but itself (eq_node)
      return;
    case Tag::FloorDiv:
    case Tag::Mod:
    case Tag::Min:
    case Tag::Max:
      encode_node(out, *n.lhs, code);
      encode_node(out, *n.rhs, code);
      return;
    case Tag::Poly:
      put_word(out, static_cast<std::uint64_t>(n.value));
      put_word(out, n.terms.size());
      for (const auto& t : n.terms) {
        put_word(out, static_cast<std::uint64_t>(t.coef));
        put_word(out, t.atoms.size());
        for (const auto& a : t.atoms) encode_node(out, *a.node(), code);
      }
      return;
  }
}

}  // namespace

void Expr::encode(std::string& out, const SymbolCoder& code) const {
  encode_node(out, *node_, code);
}

std::vector<SymId> Expr::symbols() const {
  std::vector<SymId> out;
  collect_symbols(*node_, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<std::int64_t> Expr::eval(const std::function<std::optional<std::int64_t>(SymId)>& value) const {
  return eval_node(*node_, value);
}

std::vector<Expr::Term> Expr::terms() const {
  std::vector<Term> out;
  if (is_atom()) {
    out.push_back(Term{1, {*this}});
    return out;
  }
  PolyView v(*this);
  out.reserve(v.terms().size() + 1);
  for (const auto& t : v.terms()) out.push_back(Term{t.coef, t.atoms});
  if (v.constant() != 0) out.push_back(Term{v.constant(), {}});
  return out;
}

bool Expr::is_atom() const {
  return is_atom_tag(node_->tag);
}

Expr::AtomKind Expr::atom_kind() const {
  switch (node_->tag) {
    case Tag::Symbol:
      return AtomKind::Symbol;
    case Tag::FloorDiv:
      return AtomKind::FloorDiv;
    case Tag::Mod:
      return AtomKind::Mod;
    case Tag::Min:
      return AtomKind::Min;
    case Tag::Max:
      return AtomKind::Max;
    default:
      return AtomKind::Opaque;
  }
}

SymId Expr::atom_symbol() const {
  return node_->sym;
}

std::pair<Expr, Expr> Expr::atom_operands() const {
  switch (node_->tag) {
    case Tag::FloorDiv:
    case Tag::Mod:
    case Tag::Min:
    case Tag::Max:
      return {Expr(node_->lhs), Expr(node_->rhs)};
    default:
      return {Expr(), Expr()};
  }
}

// ---- Cond -------------------------------------------------------------------------------------

struct CondNode {
  Cond::Kind kind = Cond::Kind::True;
  std::size_t hash = 0;
  Expr poly;                   ///< Eq/Ne/Le
  std::vector<Cond> children;  ///< And/Or (sorted, unique, at least two), Not (one BoolSym)
  SymId bsym = 0;              ///< BoolSym
};

/// Access to Cond's private constructor and node.
struct CondBuilder {
  static Cond wrap(std::shared_ptr<const CondNode> n) { return Cond(std::move(n)); }
  static const CondNode& node(const Cond& c) { return *c.node_; }
};

namespace {

using Kind = Cond::Kind;

const CondNode& cnode(const Cond& c) {
  return CondBuilder::node(c);
}

Cond make_cond(Kind kind, Expr poly = Expr(), std::vector<Cond> children = {}, SymId bsym = 0) {
  auto n = std::make_shared<CondNode>();
  n->kind = kind;
  std::size_t h = mix(0x5eed, static_cast<std::uint64_t>(kind));
  if (kind == Kind::Eq || kind == Kind::Ne || kind == Kind::Le) h = mix(h, poly.hash());
  for (const auto& c : children) h = mix(h, c.hash());
  if (kind == Kind::BoolSym) h = mix(h, bsym);
  n->hash = h;
  n->poly = std::move(poly);
  n->children = std::move(children);
  n->bsym = bsym;
  return CondBuilder::wrap(std::move(n));
}

const Cond& true_cond() {
  static const Cond c = make_cond(Kind::True);
  return c;
}
const Cond& false_cond() {
  static const Cond c = make_cond(Kind::False);
  return c;
}

std::uint64_t magnitude(std::int64_t v) {
  return v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
}

/// floor(n / d) for d > 0.
i128 floor_div128(i128 n, i128 d) {
  i128 q = n / d;
  if (n % d != 0 && n < 0) --q;
  return q;
}

bool has_mod(const ExprNode& n) {
  switch (n.tag) {
    case Tag::Mod:
      return true;
    case Tag::FloorDiv:
    case Tag::Min:
    case Tag::Max:
      return has_mod(*n.lhs) || has_mod(*n.rhs);
    case Tag::Poly:
      return std::any_of(n.terms.begin(), n.terms.end(), [](const PolyTerm& t) {
        return std::any_of(t.atoms.begin(), t.atoms.end(), [](const Expr& a) { return has_mod(*a.node()); });
      });
    default:
      return false;
  }
}

/// e with every x % d (d a positive constant) written x - d*(x // d), its operands first, each
/// division rebuilt (and so simplified again): the same value, in terms where a padding to a
/// multiple of d cancels against its quotient by d ((x + ((d-1)*x) % d) // d * d is the
/// padded x itself, which the forms with % do not show).
Expr expand_mods(const Expr& e) {
  const ExprNode& n = *e.node();
  switch (n.tag) {
    case Tag::FloorDiv:
    case Tag::Mod:
    case Tag::Min:
    case Tag::Max: {
      Expr l = expand_mods(ExprBuilder::wrap(n.lhs)), r = expand_mods(ExprBuilder::wrap(n.rhs));
      if (n.tag == Tag::Mod) return is_const_positive(n.rhs) ? l - r * Expr::floordiv(l, r) : Expr::mod(l, r);
      return n.tag == Tag::FloorDiv ? Expr::floordiv(l, r) : n.tag == Tag::Min ? Expr::min(l, r) : Expr::max(l, r);
    }
    case Tag::Poly:
      return map_atoms(n.value, n.terms, expand_mods);
    default:
      return e;
  }
}

/// The constant `p` is once its remainders are written as quotients (expand_mods), if it is one.
/// Asked again and again of the same polynomials (a slice's bounds against a size padded to a
/// multiple of a window, in every block of a model), and each expansion rebuilds the expression:
/// the answers are kept per thread (a bounded memo: cleared when full).
std::optional<std::int64_t> constant_when_expanded(const Expr& p) {
  static thread_local std::unordered_map<Expr, std::optional<std::int64_t>> memo;
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  constexpr std::size_t kMemo = 4096;
  if (memo.size() >= kMemo) memo.clear();
  auto c = expand_mods(p).as_const();
  memo.emplace(p, c);
  return c;
}

/// The normalised comparison `p op 0` (op one of Eq, Ne, Le).
Cond make_cmp(Kind kind, const Expr& p) {
  auto decided = [kind](std::int64_t c) {
    bool v = kind == Kind::Eq ? c == 0 : kind == Kind::Ne ? c != 0 : c <= 0;
    return v ? true_cond() : false_cond();
  };
  if (auto c = p.as_const()) return decided(*c);
  // (a remainder's terms may cancel once written as quotients; kept as they are otherwise)
  if (has_mod(*p.node()))
    if (auto c = constant_when_expanded(p)) return decided(*c);
  PolyView v(p);
  std::uint64_t g = 0;
  for (const auto& t : v.terms()) g = std::gcd(g, magnitude(t.coef));
  std::int64_t c = v.constant();
  bool flip = false;
  if (kind != Kind::Le) {
    if (static_cast<i128>(c) % static_cast<i128>(g) != 0)
      return kind == Kind::Eq ? false_cond() : true_cond();
    // Canonical sign: the first coefficient is positive (unless negating would overflow).
    flip = v.terms()[0].coef < 0 && c != kMin &&
           std::none_of(v.terms().begin(), v.terms().end(), [](const PolyTerm& t) { return t.coef == kMin; });
  }
  if (g == 1 && !flip) return make_cond(kind, p);
  i128 gg = static_cast<i128>(g);
  i128 sign = flip ? -1 : 1;
  std::vector<PolyTerm> terms;
  terms.reserve(v.terms().size());
  for (const auto& t : v.terms())
    terms.push_back(PolyTerm{static_cast<std::int64_t>(sign * t.coef / gg), t.atoms});
  // Eq/Ne: c is a multiple of g. Le: g*y + c <= 0  <=>  y + ceil(c/g) <= 0.
  i128 nc = kind == Kind::Le ? -floor_div128(-static_cast<i128>(c), gg) : sign * c / gg;
  return make_cond(kind, finish_sorted(static_cast<std::int64_t>(nc), std::move(terms)));
}

std::strong_ordering cmp_cond(const Cond& a, const Cond& b) {
  const CondNode& x = cnode(a);
  const CondNode& y = cnode(b);
  if (&x == &y) return std::strong_ordering::equal;
  if (x.kind != y.kind) return x.kind <=> y.kind;
  if (auto c = x.poly <=> y.poly; c != 0) return c;
  if (auto c = x.bsym <=> y.bsym; c != 0) return c;
  return std::lexicographical_compare_three_way(x.children.begin(), x.children.end(), y.children.begin(),
                                                y.children.end(), cmp_cond);
}

bool cond_less(const Cond& a, const Cond& b) {
  return cmp_cond(a, b) < 0;
}

/// And/Or with flattening, neutral/absorbing elements, duplicates and complementary pairs.
/// The operand list of an existing junction is already sorted, unique and free of complementary
/// pairs, so the largest one is reused as a base and only the other operands are sorted and
/// checked: extending a long path condition by one conjunct costs one linear merge.
Cond junction(Kind kind, const std::vector<Cond>& in) {
  const Kind neutral = kind == Kind::And ? Kind::True : Kind::False;
  const Cond& absorbing = kind == Kind::And ? false_cond() : true_cond();
  const std::vector<Cond>* base = nullptr;
  for (const auto& c : in)
    if (c.kind() == kind && (base == nullptr || c.children().size() > base->size())) base = &c.children();
  std::vector<Cond> extra;
  for (const auto& c : in) {
    if (c.kind() == kind) {
      if (&c.children() != base) extra.insert(extra.end(), c.children().begin(), c.children().end());
    } else if (c.kind() == Kind::True || c.kind() == Kind::False) {
      if (c.kind() != neutral) return absorbing;
    } else {
      extra.push_back(c);
    }
  }
  std::sort(extra.begin(), extra.end(), cond_less);
  extra.erase(std::unique(extra.begin(), extra.end()), extra.end());
  std::vector<Cond> flat;
  if (base == nullptr) {
    flat = extra;
  } else {
    flat.reserve(base->size() + extra.size());
    std::merge(base->begin(), base->end(), extra.begin(), extra.end(), std::back_inserter(flat), cond_less);
    flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  }
  // c and not c: checked for operands whose negation is a single node.
  for (const auto& c : extra) {
    Kind k = c.kind();
    if (k == Kind::Eq || k == Kind::Ne || k == Kind::BoolSym || k == Kind::Not) {
      if (std::binary_search(flat.begin(), flat.end(), !c, cond_less)) return absorbing;
    }
  }
  if (flat.empty()) return kind == Kind::And ? true_cond() : false_cond();
  if (flat.size() == 1) return flat[0];
  return make_cond(kind, Expr(), std::move(flat));
}

// ---- Cond printing ---

void render_cmp(std::string& out, const CondNode& n, const SymbolNamer& names) {
  PolyView v(n.poly);
  std::vector<PrintTerm> pos, neg;
  for (const auto& t : v.terms()) (t.coef > 0 ? pos : neg).push_back({t.coef, &t.atoms});
  for (auto& t : neg) t.coef = -t.coef;
  i128 c = v.constant();
  if (n.kind == Kind::Le && pos.empty()) {  // -N + c <= 0  ->  N >= c
    render_sum(out, neg, 0, names);
    out += " >= " + i128_str(c);
    return;
  }
  render_sum(out, pos, 0, names);
  out += n.kind == Kind::Eq ? " == " : n.kind == Kind::Ne ? " != " : " <= ";
  render_sum(out, neg, -c, names);
}

void render_cond(std::string& out, const Cond& cond, const SymbolNamer& names) {
  const CondNode& n = cnode(cond);
  switch (n.kind) {
    case Kind::True:
      out += "True";
      return;
    case Kind::False:
      out += "False";
      return;
    case Kind::Eq:
    case Kind::Ne:
    case Kind::Le:
      render_cmp(out, n, names);
      return;
    case Kind::And:
    case Kind::Or: {
      bool first = true;
      for (const auto& c : n.children) {
        if (!first) out += n.kind == Kind::And ? " and " : " or ";
        first = false;
        bool paren = c.kind() == Kind::And || c.kind() == Kind::Or;
        if (paren) out += '(';
        render_cond(out, c, names);
        if (paren) out += ')';
      }
      return;
    }
    case Kind::Not: {
      bool paren = n.children[0].kind() != Kind::BoolSym;
      out += paren ? "not (" : "not ";
      render_cond(out, n.children[0], names);
      if (paren) out += ')';
      return;
    }
    case Kind::BoolSym:
      out += names(n.bsym);
      return;
  }
}

void collect_cond_symbols(const Cond& cond, std::vector<SymId>& out) {
  const CondNode& n = cnode(cond);
  if (n.kind == Kind::BoolSym) out.push_back(n.bsym);
  if (n.kind == Kind::Eq || n.kind == Kind::Ne || n.kind == Kind::Le) collect_symbols(*n.poly.node(), out);
  for (const auto& c : n.children) collect_cond_symbols(c, out);
}

}  // namespace

Cond::Cond() : node_(true_cond().node_) {}

Cond Cond::truth(bool v) {
  return v ? true_cond() : false_cond();
}
Cond Cond::eq(const Expr& a, const Expr& b) {
  return make_cmp(Kind::Eq, a - b);
}
Cond Cond::ne(const Expr& a, const Expr& b) {
  return make_cmp(Kind::Ne, a - b);
}
Cond Cond::lt(const Expr& a, const Expr& b) {
  return make_cmp(Kind::Le, a - b + Expr::constant(1));
}
Cond Cond::le(const Expr& a, const Expr& b) {
  return make_cmp(Kind::Le, a - b);
}
Cond Cond::boolean_symbol(SymId id) {
  return make_cond(Kind::BoolSym, Expr(), {}, id);
}

Cond operator&&(const Cond& a, const Cond& b) {
  return junction(Kind::And, {a, b});
}
Cond operator||(const Cond& a, const Cond& b) {
  return junction(Kind::Or, {a, b});
}

Cond operator!(const Cond& a) {
  const CondNode& n = cnode(a);
  switch (n.kind) {
    case Kind::True:
      return false_cond();
    case Kind::False:
      return true_cond();
    case Kind::Eq:
      return make_cond(Kind::Ne, n.poly);
    case Kind::Ne:
      return make_cond(Kind::Eq, n.poly);
    case Kind::Le:
      return make_cmp(Kind::Le, Expr::constant(1) - n.poly);
    case Kind::And:
    case Kind::Or: {
      std::vector<Cond> negated;
      negated.reserve(n.children.size());
      for (const auto& c : n.children) negated.push_back(!c);
      return junction(n.kind == Kind::And ? Kind::Or : Kind::And, negated);
    }
    case Kind::Not:
      return n.children[0];
    case Kind::BoolSym:
      return make_cond(Kind::Not, Expr(), {a});
  }
  return a;
}

Cond Cond::all(const std::vector<Cond>& cs) {
  return junction(Kind::And, cs);
}
Cond Cond::any(const std::vector<Cond>& cs) {
  return junction(Kind::Or, cs);
}

Cond::Kind Cond::kind() const {
  return node_->kind;
}
const Expr& Cond::poly() const {
  return node_->poly;
}
const std::vector<Cond>& Cond::children() const {
  return node_->children;
}
SymId Cond::bool_symbol() const {
  return node_->bsym;
}

bool operator==(const Cond& a, const Cond& b) {
  const CondNode& x = cnode(a);
  const CondNode& y = cnode(b);
  if (&x == &y) return true;
  return x.hash == y.hash && x.kind == y.kind && x.bsym == y.bsym && x.poly == y.poly &&
         x.children == y.children;
}

std::size_t Cond::hash() const {
  return node_->hash;
}

std::string Cond::str(const SymbolNamer& names) const {
  std::string out;
  render_cond(out, *this, names);
  return out;
}

void Cond::encode(std::string& out, const SymbolCoder& code) const {
  const CondNode& n = *node_;
  out += static_cast<char>(n.kind);
  switch (n.kind) {
    case Kind::True:
    case Kind::False:
      return;
    case Kind::Eq:
    case Kind::Ne:
    case Kind::Le:
      n.poly.encode(out, code);
      return;
    case Kind::And:
    case Kind::Or:
    case Kind::Not:
      put_word(out, n.children.size());
      for (const auto& c : n.children) c.encode(out, code);
      return;
    case Kind::BoolSym:
      put_word(out, code(n.bsym));
      return;
  }
}

std::vector<SymId> Cond::symbols() const {
  std::vector<SymId> out;
  collect_cond_symbols(*this, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<bool> Cond::eval(const std::function<std::optional<std::int64_t>(SymId)>& value) const {
  const CondNode& n = *node_;
  switch (n.kind) {
    case Kind::True:
      return true;
    case Kind::False:
      return false;
    case Kind::Eq:
    case Kind::Ne:
    case Kind::Le: {
      auto v = n.poly.eval(value);
      if (!v) return std::nullopt;
      return n.kind == Kind::Eq ? *v == 0 : n.kind == Kind::Ne ? *v != 0 : *v <= 0;
    }
    case Kind::And:
    case Kind::Or: {
      // Three-valued: a deciding operand (False for And, True for Or) wins over unknowns.
      bool decisive = n.kind == Kind::Or;
      bool unknown = false;
      for (const auto& c : n.children) {
        auto v = c.eval(value);
        if (!v) {
          unknown = true;
        } else if (*v == decisive) {
          return decisive;
        }
      }
      if (unknown) return std::nullopt;
      return !decisive;
    }
    case Kind::Not: {
      auto v = n.children[0].eval(value);
      if (!v) return std::nullopt;
      return !*v;
    }
    case Kind::BoolSym: {
      auto v = value(n.bsym);
      if (!v) return std::nullopt;
      return *v != 0;
    }
  }
  return std::nullopt;
}

std::vector<Cond> constraints_on(const std::vector<Cond>& cs, std::vector<SymId> seeds, std::size_t from, SymId through) {
  std::unordered_set<SymId> reach;
  for (SymId id : seeds)
    if (id >= through) reach.insert(id);
  std::vector<std::vector<SymId>> syms(cs.size());
  for (std::size_t i = from; i < cs.size(); ++i) syms[i] = cs[i].symbols();
  std::vector<bool> keep(cs.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = from; i < cs.size(); ++i) {
      if (keep[i] || std::none_of(syms[i].begin(), syms[i].end(), [&](SymId id) { return reach.count(id) != 0; }))
        continue;
      keep[i] = grew = true;
      for (SymId id : syms[i])
        if (id >= through) reach.insert(id);
    }
  }
  std::vector<Cond> kept;
  for (std::size_t i = from; i < cs.size(); ++i)
    if (keep[i]) kept.push_back(cs[i]);
  return kept;
}

}  // namespace tenscan::sym
