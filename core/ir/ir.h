// tenscan's IR: Python desugared into a small kernel language (the PyTea IR idea, thesis §3.1)
// with names resolved to frame slots, cells or globals. Lowered from tree-sitter by
// python/lower.cpp; executed by interp/. Nodes live in a Module's arena and are immutable
// after lowering.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tenscan::ir {

/// A source range in one file. Lines 1-based; columns are 0-based *byte* offsets within
/// the line (converted to code points when a finding is made).
struct Loc {
  std::uint32_t file = 0;
  int line = 0, col = 0, end_line = 0, end_col = 0;
};

struct Expr;
struct Stmt;
struct Code;
using Block = std::vector<Stmt*>;

/// How a name is accessed once scopes are resolved.
enum class NameScope : std::uint8_t {
  Unresolved,
  Fast,    ///< a local slot in the frame
  Cell,    ///< a frame slot holding a cell (captured by an inner function, or a free var)
  Global,  ///< module globals, then builtins
  ClassBody,  ///< class namespace, then globals (names bound in a class body)
};

enum class BinOp : std::uint8_t { Add, Sub, Mul, MatMul, Div, FloorDiv, Mod, Pow, LShift, RShift, BitAnd, BitOr, BitXor };
enum class UnOp : std::uint8_t { Neg, Pos, Invert, Not };
enum class CmpOp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn, Is, IsNot };
const char* binop_symbol(BinOp op);
const char* cmpop_symbol(CmpOp op);

enum class ExprKind : std::uint8_t {
  None, True, False, Ellipsis, Int, Float, Str, Bytes,
  Name,        ///< name, scope, slot
  Attr,        ///< a = object; name = attribute
  Subscript,   ///< a = object; b = index (a Tuple for x[i, j])
  Slice,       ///< a, b, c = lower, upper, step (each may be null)
  Call,        ///< a = callee; items = positional args (Starred for *x); keywords
  Binary,      ///< binop, a, b
  Unary,       ///< unop, a
  And, Or,     ///< a, b (short-circuit, value-returning)
  Compare,     ///< a = first operand; items = further operands; cmpops
  IfExp,       ///< a = condition, b = then, c = else
  List, Tuple, Set,  ///< items (Starred allowed)
  Dict,        ///< items = keys (null key = **spread of the value), items2 = values
  Starred,     ///< a (only inside calls, displays and assignment targets)
  Function,    ///< code; items = positional defaults; keywords = keyword-only defaults
  Class,       ///< code (the class body); name; items = bases; keywords (metaclass, ...)
  FString,     ///< items = parts (Str constants and formatted expressions)
  Walrus,      ///< a = target Name, b = value
  Yield,       ///< a = value (may be null); eager-generator semantics
  Unsupported, ///< str = what; evaluates to an unknown value
};

struct Keyword {
  std::string name;  ///< empty for **mapping
  Expr* value = nullptr;
};

struct Expr {
  ExprKind kind;
  Loc loc;
  Expr *a = nullptr, *b = nullptr, *c = nullptr;
  std::vector<Expr*> items, items2;
  std::vector<Keyword> keywords;
  std::vector<CmpOp> cmpops;
  BinOp binop = BinOp::Add;
  UnOp unop = UnOp::Neg;
  NameScope scope = NameScope::Unresolved;
  int slot = -1;           ///< Fast/Cell
  std::string name;        ///< Name/Attr/Class name; Str/Bytes value; Unsupported description
  std::int64_t ival = 0;   ///< Int (values beyond int64 become Unsupported)
  double fval = 0;         ///< Float
  Code* code = nullptr;    ///< Function/Class
};

enum class StmtKind : std::uint8_t {
  Expr,      ///< value
  Assign,    ///< targets (chained a = b = v), value
  AugAssign, ///< targets[0], binop, value (target evaluated as load then store)
  If,        ///< value = condition, body, orelse
  While,     ///< value = condition, body, orelse
  For,       ///< targets[0], value = iterable, body, orelse
  Break, Continue,
  Return,    ///< value (may be null)
  Raise,     ///< value (may be null = re-raise), cause
  Try,       ///< body, handlers, orelse, finalbody
  With,      ///< items (context expr, optional target), body
  Assert,    ///< value = test, cause = message
  Import,    ///< module (dotted), asname: binds asname, or the top package if none
  ImportFrom,///< module, level, names/asnames ("*" for star)
  Delete,    ///< targets
  Pass,
  Unsupported,  ///< text = what
};

struct Handler {
  Expr* type = nullptr;  ///< null: bare except
  Expr* target = nullptr;  ///< Name bound to the exception, may be null
  Block body;
  Loc loc;
};

struct WithItem {
  Expr* context = nullptr;
  Expr* target = nullptr;
};

struct Stmt {
  StmtKind kind;
  Loc loc;
  std::vector<Expr*> targets;
  Expr* value = nullptr;
  Expr* cause = nullptr;
  BinOp binop = BinOp::Add;
  Block body, orelse, finalbody;
  std::vector<Handler> handlers;
  std::vector<WithItem> with_items;
  std::string module;  ///< Import/ImportFrom dotted module name (may be empty for "from . import x")
  int level = 0;       ///< ImportFrom: number of leading dots
  std::vector<std::string> names, asnames;  ///< Import: asnames[0] optional; ImportFrom pairs
  std::string text;    ///< Unsupported
  /// Index of the statement among the project's statements (coverage, see interp/coverage.h);
  /// -1 in library models.
  std::int32_t cov = -1;
};

struct Param {
  enum class Kind : std::uint8_t { Positional, VarArgs, KeywordOnly, VarKeywords };
  std::string name;
  Kind kind = Kind::Positional;
  bool has_default = false;
  bool positional_only = false;
  int slot = -1;  ///< resolved frame slot (a Cell slot if captured)
  /// The annotation's source text (`Float[Tensor, "batch 3 224 224"]`), empty when none: never
  /// evaluated, read by module mode.
  std::string annotation;
};

/// A function, lambda, comprehension or class body.
struct Code {
  enum class Kind : std::uint8_t { Module, Function, Lambda, Comprehension, Class };
  Kind kind = Kind::Function;
  std::string name, qualname;
  std::vector<Param> params;
  Block body;
  Loc loc;
  bool is_generator = false;
  /// Frame layout after resolution: slots [0, nlocals) are locals (params first);
  /// cell_slots lists those holding cells created on entry; free_slots are filled from the
  /// function's closure (in order) on entry.
  int nslots = 0;
  std::vector<std::string> slot_names;
  std::vector<int> cell_slots;
  std::vector<int> free_slots;
  /// For each free variable (same order as free_slots): where the *defining* scope keeps
  /// the cell, i.e. the slot in the enclosing frame that MakeFunction reads the cell from.
  std::vector<int> closure_from;
  Code* parent = nullptr;
  std::vector<std::string> global_decls;
  /// Module and class bodies: the docstring (bound as __doc__, None when absent), and whether
  /// the body annotates names (`x: T`), so that __annotations__ starts as an empty dict.
  std::optional<std::string> doc;
  bool annotates = false;
  /// A function's return annotation, as its source text (`ResNet`, `nn.Module`); empty when none.
  std::string returns;
};

/// One lowered source file.
struct Module {
  std::string path;      ///< project-relative (or "<stub>/torch/nn/functional.py")
  std::string name;      ///< dotted module name
  std::string source;    ///< the text (findings quote lines from it)
  Code* top = nullptr;
  bool is_stub = false;  ///< a library model, not the user's code
  std::deque<Expr> exprs;
  std::deque<Stmt> stmts;
  std::deque<Code> codes;

  Expr* new_expr(ExprKind k, Loc l) { auto& e = exprs.emplace_back(); e.kind = k; e.loc = l; return &e; }
  Stmt* new_stmt(StmtKind k, Loc l) { auto& s = stmts.emplace_back(); s.kind = k; s.loc = l; return &s; }
  Code* new_code() { return &codes.emplace_back(); }
};

}  // namespace tenscan::ir
