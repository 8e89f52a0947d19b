// Symbolic integers and conditions over them, kept in a canonical polynomial form so that
// equal expressions compare equal structurally (the online simplifier of PyTea §3.3.1).
#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tenscan::sym {

/// Identifies a symbol (an unknown integer: a batch size, a dataset length, an input dim).
using SymId = std::uint32_t;

struct ExprNode;
struct CondNode;

/// Names symbols for printing; owned by the analysis, outlives every Expr printed with it.
using SymbolNamer = std::function<std::string(SymId)>;
/// Codes symbols for an exact serialisation (Expr::encode, Cond::encode).
using SymbolCoder = std::function<std::uint64_t(SymId)>;

/// An integer-valued expression. Immutable value type (a shared pointer to a node).
/// Canonical form: a polynomial  c0 + sum_i c_i * m_i  where each monomial m_i is a sorted
/// product of atoms, and an atom is a symbol or an opaque non-linear node
/// (floordiv, mod, min, max) whose operands are themselves canonical. Constants are folded,
/// zero coefficients dropped, monomials sorted by a total order, so structural equality is
/// semantic equality for everything the normaliser can prove equal.
class Expr {
 public:
  Expr();  ///< the constant 0
  static Expr constant(std::int64_t v);
  static Expr symbol(SymId id);

  [[nodiscard]] std::optional<std::int64_t> as_const() const;
  [[nodiscard]] bool is_const() const { return as_const().has_value(); }
  /// The symbol if this expression is exactly one symbol with coefficient 1 and no constant.
  [[nodiscard]] std::optional<SymId> as_symbol() const;

  friend Expr operator+(const Expr& a, const Expr& b);
  friend Expr operator-(const Expr& a, const Expr& b);
  friend Expr operator*(const Expr& a, const Expr& b);
  friend Expr operator-(const Expr& a);
  /// Python semantics: floor division and a modulo with the sign of the divisor.
  /// Folded when both are constant, simplified when the divisor is a positive constant that
  /// divides every non-constant coefficient (e.g. (4*B + 6) // 2 == 2*B + 3,
  /// (4*B + 7) % 4 == 3). Division by constant zero yields an opaque atom; callers check
  /// for zero divisors with a requirement before dividing.
  static Expr floordiv(const Expr& a, const Expr& b);
  static Expr mod(const Expr& a, const Expr& b);
  static Expr min(const Expr& a, const Expr& b);
  static Expr max(const Expr& a, const Expr& b);

  friend bool operator==(const Expr& a, const Expr& b);
  friend bool operator!=(const Expr& a, const Expr& b) { return !(a == b); }
  /// A total order (for sorting and maps); not numeric order.
  friend std::strong_ordering operator<=>(const Expr& a, const Expr& b);
  [[nodiscard]] std::size_t hash() const;

  /// Human-readable, Python-like: "2*B + 3", "N // 16", "min(H, 3)".
  [[nodiscard]] std::string str(const SymbolNamer& names) const;
  /// Appends an exact serialisation to `out`, each symbol written as its code and each opaque
  /// atom by its identity. Self-delimiting (a concatenation of serialisations splits in one way
  /// only), and two expressions serialise alike exactly when they are structurally equal once
  /// each symbol is replaced by its code: with codes that differ for different symbols, exactly
  /// when they are equal up to that renaming. (str() is for people: it is not injective.)
  void encode(std::string& out, const SymbolCoder& code) const;
  /// Every symbol that occurs (sorted, unique).
  [[nodiscard]] std::vector<SymId> symbols() const;
  /// Evaluates under a full assignment; nullopt if a symbol is unassigned or a division by 0.
  [[nodiscard]] std::optional<std::int64_t> eval(const std::function<std::optional<std::int64_t>(SymId)>& value) const;

  // --- structure, for translators (Z3) ---
  struct Term {
    std::int64_t coef;
    std::vector<Expr> factors;  ///< atoms, each printable/translatable on its own; empty = constant term
  };
  enum class AtomKind { Symbol, FloorDiv, Mod, Min, Max, Opaque };
  /// For a polynomial: its terms (constant term has no factors). An atom is a one-term
  /// polynomial with coefficient 1 and one factor equal to itself.
  [[nodiscard]] std::vector<Term> terms() const;
  [[nodiscard]] bool is_atom() const;
  [[nodiscard]] AtomKind atom_kind() const;      ///< requires is_atom()
  [[nodiscard]] SymId atom_symbol() const;       ///< requires atom_kind()==Symbol
  [[nodiscard]] std::pair<Expr, Expr> atom_operands() const;  ///< FloorDiv/Mod/Min/Max

  [[nodiscard]] const ExprNode* node() const { return node_.get(); }

 private:
  explicit Expr(std::shared_ptr<const ExprNode> n) : node_(std::move(n)) {}
  std::shared_ptr<const ExprNode> node_;
  friend struct ExprBuilder;
};

/// A boolean condition over integer expressions. Comparisons are normalised to
/// `p == 0`, `p != 0` or `p <= 0` (integers: a < b becomes a - b + 1 <= 0), constant
/// comparisons fold to True/False, And/Or flatten, drop neutral elements and fold absorbing
/// ones, Not pushes through comparisons (not(p <= 0) is -p + 1 <= 0) and De Morgan.
class Cond {
 public:
  enum class Kind { True, False, Eq, Ne, Le, And, Or, Not, BoolSym };
  Cond();  ///< True
  static Cond truth(bool v);
  static Cond eq(const Expr& a, const Expr& b);
  static Cond ne(const Expr& a, const Expr& b);
  static Cond lt(const Expr& a, const Expr& b);
  static Cond le(const Expr& a, const Expr& b);
  static Cond gt(const Expr& a, const Expr& b) { return lt(b, a); }
  static Cond ge(const Expr& a, const Expr& b) { return le(b, a); }
  static Cond boolean_symbol(SymId id);  ///< an unknown boolean (e.g. a random coin)
  friend Cond operator&&(const Cond& a, const Cond& b);
  friend Cond operator||(const Cond& a, const Cond& b);
  friend Cond operator!(const Cond& a);
  static Cond all(const std::vector<Cond>& cs);
  static Cond any(const std::vector<Cond>& cs);

  [[nodiscard]] Kind kind() const;
  [[nodiscard]] bool is_true() const { return kind() == Kind::True; }
  [[nodiscard]] bool is_false() const { return kind() == Kind::False; }
  [[nodiscard]] const Expr& poly() const;               ///< Eq/Ne/Le: the p of `p op 0`
  [[nodiscard]] const std::vector<Cond>& children() const;  ///< And/Or: operands; Not: one
  [[nodiscard]] SymId bool_symbol() const;              ///< BoolSym

  friend bool operator==(const Cond& a, const Cond& b);
  [[nodiscard]] std::size_t hash() const;
  [[nodiscard]] std::string str(const SymbolNamer& names) const;
  /// An exact serialisation, as Expr::encode (boolean symbols are coded too).
  void encode(std::string& out, const SymbolCoder& code) const;
  [[nodiscard]] std::vector<SymId> symbols() const;
  [[nodiscard]] std::optional<bool> eval(const std::function<std::optional<std::int64_t>(SymId)>& value) const;

 private:
  explicit Cond(std::shared_ptr<const CondNode> n) : node_(std::move(n)) {}
  std::shared_ptr<const CondNode> node_;
  friend struct CondBuilder;
};

/// The constraints among cs[from..] that bear on the symbols in `seeds`: those that mention
/// one of them and, transitively, those that share a symbol with one kept (a cone of
/// influence). The others cannot change whether a condition on the seeds can hold. With
/// `through`, only symbols numbered from `through` on (the ones made since some point) are
/// seeds or carry the cone on.
std::vector<Cond> constraints_on(const std::vector<Cond>& cs, std::vector<SymId> seeds, std::size_t from = 0,
                                 SymId through = 0);

}  // namespace tenscan::sym

template <>
struct std::hash<tenscan::sym::Expr> {
  std::size_t operator()(const tenscan::sym::Expr& e) const noexcept { return e.hash(); }
};
template <>
struct std::hash<tenscan::sym::Cond> {
  std::size_t operator()(const tenscan::sym::Cond& c) const noexcept { return c.hash(); }
};
