// Unit tests of the CST -> IR lowering (python/lower.cpp): name resolution to
// Fast/Cell/Global/ClassBody slots, the desugarings (chained comparisons, augmented
// assignment, decorators, comprehensions, elif chains, f-strings, literals), statement forms,
// parameters, and the diagnostics for syntax errors, unsupported constructs and deep nesting.
#include "python/lower.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using tenscan::ir::BinOp;
using tenscan::ir::CmpOp;
using tenscan::ir::Code;
using tenscan::ir::Expr;
using tenscan::ir::ExprKind;
using tenscan::ir::NameScope;
using tenscan::ir::Param;
using tenscan::ir::Stmt;
using tenscan::ir::StmtKind;
using tenscan::python::LowerDiag;
using tenscan::python::LowerResult;

namespace {

LowerResult lower(const std::string& src) {
  return tenscan::python::lower_module("m.py", "m", src, 1, false);
}

/// Lowers `src`, requiring it to be free of diagnostics.
LowerResult lower_clean(const std::string& src) {
  LowerResult r = lower(src);
  INFO("source:\n" << src);
  for (const auto& d : r.diags) INFO("diag at " << d.loc.line << ":" << d.loc.col << ": " << d.message);
  REQUIRE_FALSE(r.syntax_error);
  REQUIRE(r.diags.empty());
  REQUIRE(r.module);
  REQUIRE(r.module->top);
  return r;
}

/// Every Name node called `name` on `line` (0 = any line), in creation order.
std::vector<const Expr*> names(const LowerResult& r, const std::string& name, int line = 0) {
  std::vector<const Expr*> out;
  for (const auto& e : r.module->exprs)
    if (e.kind == ExprKind::Name && e.name == name && (line == 0 || e.loc.line == line)) out.push_back(&e);
  return out;
}

/// The single Name node `name` on `line`.
const Expr& name_at(const LowerResult& r, const std::string& name, int line) {
  auto ns = names(r, name, line);
  INFO("name " << name << " on line " << line);
  REQUIRE(ns.size() == 1);
  return *ns[0];
}

const Code& code_named(const LowerResult& r, const std::string& name) {
  const Code* found = nullptr;
  int count = 0;
  for (const auto& c : r.module->codes)
    if (c.name == name) {
      found = &c;
      ++count;
    }
  INFO("code " << name);
  REQUIRE(count == 1);
  return *found;
}

const Code& first_code_of_kind(const LowerResult& r, Code::Kind kind) {
  for (const auto& c : r.module->codes)
    if (c.kind == kind) return c;
  FAIL("no code of that kind");
  return r.module->codes.front();
}

int slot_of(const Code& c, const std::string& n) {
  for (std::size_t i = 0; i < c.slot_names.size(); ++i)
    if (c.slot_names[i] == n) return static_cast<int>(i);
  return -1;
}

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

const Stmt& top_stmt(const LowerResult& r, std::size_t i) {
  REQUIRE(i < r.module->top->body.size());
  return *r.module->top->body[i];
}

std::size_t count_diags(const LowerResult& r, LowerDiag::Kind kind) {
  std::size_t n = 0;
  for (const auto& d : r.diags) n += d.kind == kind;
  return n;
}

}  // namespace

// ---- name resolution -----------------------------------------------------------------------

TEST_CASE("lower: module-level names are globals", "[python][lower]") {
  auto r = lower_clean("x = 1\ny = x + 2\ndel y\n");
  for (const Expr* e : names(r, "x")) CHECK(e->scope == NameScope::Global);
  for (const Expr* e : names(r, "y")) CHECK(e->scope == NameScope::Global);
  CHECK(r.module->top->kind == Code::Kind::Module);
  CHECK(r.module->top->nslots == 0);
}

TEST_CASE("lower: function locals are fast slots, parameters first", "[python][lower]") {
  auto r = lower_clean(
      "g = 0\n"
      "def f(a, b):\n"
      "    c = a + b\n"
      "    for i in range(c):\n"
      "        c += g\n"
      "    return c\n");
  const Code& f = code_named(r, "f");
  CHECK(f.kind == Code::Kind::Function);
  CHECK(f.slot_names == std::vector<std::string>{"a", "b", "c", "i"});
  CHECK(f.nslots == 4);
  CHECK(f.params[0].slot == 0);
  CHECK(f.params[1].slot == 1);
  CHECK(f.cell_slots.empty());
  CHECK(f.free_slots.empty());
  const Expr& c3 = name_at(r, "c", 3);
  CHECK(c3.scope == NameScope::Fast);
  CHECK(c3.slot == 2);
  CHECK(name_at(r, "a", 3).slot == 0);
  CHECK(name_at(r, "i", 4).scope == NameScope::Fast);
  CHECK(name_at(r, "i", 4).slot == 3);
  // a name only read in the function is global (then builtins)
  CHECK(name_at(r, "g", 5).scope == NameScope::Global);
  CHECK(name_at(r, "range", 4).scope == NameScope::Global);
}

TEST_CASE("lower: `global` makes assignments in a function go to the module", "[python][lower]") {
  auto r = lower_clean(
      "counter = 0\n"
      "def bump():\n"
      "    global counter\n"
      "    counter = counter + 1\n"
      "    local = counter\n");
  const Code& bump = code_named(r, "bump");
  CHECK(bump.global_decls == std::vector<std::string>{"counter"});
  for (const Expr* e : names(r, "counter", 4)) CHECK(e->scope == NameScope::Global);
  CHECK(slot_of(bump, "counter") == -1);
  CHECK(name_at(r, "local", 5).scope == NameScope::Fast);
}

TEST_CASE("lower: a closure's captured variable is a cell in both scopes", "[python][lower]") {
  auto r = lower_clean(
      "def outer(n):\n"
      "    x = n\n"
      "    def inner(y):\n"
      "        return x + y\n"
      "    return inner\n");
  const Code& outer = code_named(r, "outer");
  const Code& inner = code_named(r, "inner");
  int xs = slot_of(outer, "x");
  REQUIRE(xs >= 0);
  CHECK(contains(outer.cell_slots, xs));
  CHECK(name_at(r, "x", 2).scope == NameScope::Cell);
  CHECK(name_at(r, "x", 2).slot == xs);
  CHECK(name_at(r, "n", 2).scope == NameScope::Fast);  // not captured
  // inner: parameter y is fast; x is a free variable filled from outer's cell
  CHECK(name_at(r, "y", 4).scope == NameScope::Fast);
  const Expr& x4 = name_at(r, "x", 4);
  CHECK(x4.scope == NameScope::Cell);
  REQUIRE(inner.free_slots.size() == 1);
  CHECK(x4.slot == inner.free_slots[0]);
  CHECK(inner.slot_names[static_cast<std::size_t>(inner.free_slots[0])] == "x");
  CHECK(inner.closure_from == std::vector<int>{xs});
  CHECK(inner.qualname == "outer.inner");
  CHECK(inner.parent == &outer);
}

TEST_CASE("lower: a free variable passes through intermediate functions", "[python][lower]") {
  auto r = lower_clean(
      "def a():\n"
      "    v = 1\n"
      "    def b():\n"
      "        def c():\n"
      "            return v\n"
      "        return c\n"
      "    return b\n");
  const Code& a = code_named(r, "a");
  const Code& b = code_named(r, "b");
  const Code& c = code_named(r, "c");
  CHECK(contains(a.cell_slots, slot_of(a, "v")));
  // b does not use v but must carry it for c
  REQUIRE(b.free_slots.size() == 1);
  CHECK(b.slot_names[static_cast<std::size_t>(b.free_slots[0])] == "v");
  CHECK(b.closure_from == std::vector<int>{slot_of(a, "v")});
  REQUIRE(c.free_slots.size() == 1);
  CHECK(c.closure_from == std::vector<int>{b.free_slots[0]});
  CHECK(name_at(r, "v", 5).scope == NameScope::Cell);
  CHECK(c.qualname == "a.b.c");
}

TEST_CASE("lower: nonlocal rebinds the enclosing function's cell", "[python][lower]") {
  auto r = lower_clean(
      "def make():\n"
      "    count = 0\n"
      "    def inc():\n"
      "        nonlocal count\n"
      "        count += 1\n"
      "        return count\n"
      "    return inc\n");
  const Code& make = code_named(r, "make");
  const Code& inc = code_named(r, "inc");
  CHECK(contains(make.cell_slots, slot_of(make, "count")));
  CHECK(inc.slot_names == std::vector<std::string>{"count"});
  CHECK(inc.free_slots == std::vector<int>{0});
  for (const Expr* e : names(r, "count", 5)) CHECK(e->scope == NameScope::Cell);
  CHECK(name_at(r, "count", 6).scope == NameScope::Cell);
}

TEST_CASE("lower: names bound in a class body are ClassBody; methods do not see them", "[python][lower]") {
  auto r = lower_clean(
      "size = 3\n"
      "class Net(Base, metaclass=Meta):\n"
      "    hidden = size * 2\n"
      "    width = hidden + 1\n"
      "    def forward(self, x):\n"
      "        return x * hidden\n");
  const Code& cls = code_named(r, "Net");
  CHECK(cls.kind == Code::Kind::Class);
  CHECK(name_at(r, "hidden", 3).scope == NameScope::ClassBody);
  CHECK(name_at(r, "hidden", 4).scope == NameScope::ClassBody);
  CHECK(name_at(r, "width", 4).scope == NameScope::ClassBody);
  CHECK(name_at(r, "forward", 5).scope == NameScope::ClassBody);
  CHECK(name_at(r, "size", 3).scope == NameScope::Global);  // not bound in the class
  // inside a method the class namespace is not a scope: `hidden` is a global lookup
  CHECK(name_at(r, "hidden", 6).scope == NameScope::Global);
  CHECK(name_at(r, "x", 6).scope == NameScope::Fast);
  CHECK(code_named(r, "forward").qualname == "Net.forward");
  // the class statement: Net = <Class Net (Base) metaclass=Meta>, bound at module level
  const Stmt& s = top_stmt(r, 1);
  REQUIRE(s.kind == StmtKind::Assign);
  REQUIRE(s.value->kind == ExprKind::Class);
  CHECK(s.value->name == "Net");
  REQUIRE(s.value->items.size() == 1);
  CHECK(s.value->items[0]->name == "Base");
  REQUIRE(s.value->keywords.size() == 1);
  CHECK(s.value->keywords[0].name == "metaclass");
  CHECK(s.targets[0]->scope == NameScope::Global);
}

TEST_CASE("lower: a class body inside a function reads the function's locals as free variables",
          "[python][lower]") {
  auto r = lower_clean(
      "def build(n):\n"
      "    class Layer:\n"
      "        width = n\n"
      "    return Layer\n");
  const Code& build = code_named(r, "build");
  const Code& layer = code_named(r, "Layer");
  CHECK(contains(build.cell_slots, slot_of(build, "n")));
  CHECK(name_at(r, "n", 3).scope == NameScope::Cell);
  CHECK(layer.closure_from == std::vector<int>{slot_of(build, "n")});
  CHECK(name_at(r, "width", 3).scope == NameScope::ClassBody);
  CHECK(name_at(r, "Layer", 2).scope == NameScope::Fast);  // a local of build
}

TEST_CASE("lower: comprehensions are functions called on their first iterable", "[python][lower]") {
  auto r = lower_clean(
      "def f(xs, k):\n"
      "    return [x * k for x in xs if x]\n");
  const Code& comp = first_code_of_kind(r, Code::Kind::Comprehension);
  REQUIRE(comp.params.size() == 1);
  CHECK(comp.params[0].name == ".0");
  CHECK(comp.qualname.rfind("f.<comprehension", 0) == 0);
  // the loop variable is local to the comprehension; k is captured from f
  for (const Expr* e : names(r, "x")) CHECK(e->scope == NameScope::Fast);
  const Code& f = code_named(r, "f");
  CHECK(contains(f.cell_slots, slot_of(f, "k")));
  CHECK(slot_of(f, "x") == -1);
  // the first iterable is evaluated in f, as the argument of the call
  CHECK(name_at(r, "xs", 2).scope == NameScope::Fast);
  const Stmt& ret = *f.body[0];
  REQUIRE(ret.kind == StmtKind::Return);
  const Expr* call = ret.value;
  REQUIRE(call->kind == ExprKind::Call);
  REQUIRE(call->a->kind == ExprKind::Function);
  CHECK(call->a->code == &comp);
  REQUIRE(call->items.size() == 1);
  CHECK(call->items[0]->name == "xs");
  // body: .r = []; for x in .0: if x: .r.append(x * k); return .r
  REQUIRE(comp.body.size() == 3);
  CHECK(comp.body[0]->kind == StmtKind::Assign);
  CHECK(comp.body[0]->value->kind == ExprKind::List);
  REQUIRE(comp.body[1]->kind == StmtKind::For);
  CHECK(comp.body[1]->value->name == ".0");
  REQUIRE(comp.body[1]->body.size() == 1);
  CHECK(comp.body[1]->body[0]->kind == StmtKind::If);
  CHECK(comp.body[2]->kind == StmtKind::Return);
}

TEST_CASE("lower: set, dict, generator and nested comprehensions", "[python][lower]") {
  auto r = lower_clean(
      "s = {a for a in range(3)}\n"
      "d = {k: v for k, v in pairs}\n"
      "g = sum(x for x in range(4))\n"
      "m = [(i, j) for i in range(2) for j in range(i)]\n");
  std::vector<const Code*> comps;
  for (const auto& c : r.module->codes)
    if (c.kind == Code::Kind::Comprehension) comps.push_back(&c);
  REQUIRE(comps.size() == 4);
  CHECK(comps[0]->body[0]->value->kind == ExprKind::Set);
  CHECK(comps[1]->body[0]->value->kind == ExprKind::Dict);
  CHECK(comps[2]->body[0]->value->kind == ExprKind::List);  // eager generator
  // nested loops: the second iterable is evaluated inside, and may use the first variable
  REQUIRE(comps[3]->body[1]->kind == StmtKind::For);
  REQUIRE(comps[3]->body[1]->body[0]->kind == StmtKind::For);
  for (const Expr* e : names(r, "i", 4)) CHECK(e->scope == NameScope::Fast);
  for (const Expr* e : names(r, "j", 4)) CHECK(e->scope == NameScope::Fast);
  // at module level the first iterable's names are globals
  CHECK(name_at(r, "pairs", 2).scope == NameScope::Global);
}

TEST_CASE("lower: a walrus in a comprehension binds in the enclosing function", "[python][lower]") {
  auto r = lower_clean(
      "def f(xs):\n"
      "    ys = [last := x for x in xs]\n"
      "    return last\n");
  const Code& f = code_named(r, "f");
  const Code& comp = first_code_of_kind(r, Code::Kind::Comprehension);
  CHECK(slot_of(f, "last") >= 0);
  CHECK(contains(f.cell_slots, slot_of(f, "last")));
  CHECK(slot_of(comp, "last") >= 0);
  CHECK(contains(comp.free_slots, slot_of(comp, "last")));
  CHECK(name_at(r, "last", 3).scope == NameScope::Cell);
}

// ---- desugarings ---------------------------------------------------------------------------

TEST_CASE("lower: chained comparisons keep every operand once, in order", "[python][lower]") {
  auto r = lower_clean(
      "a < b <= c\n"
      "x not in y\n"
      "p is not None\n"
      "1 == 2 != 3 > 4 >= 5 in z\n");
  const Expr* e = top_stmt(r, 0).value;
  REQUIRE(e->kind == ExprKind::Compare);
  CHECK(e->a->name == "a");
  REQUIRE(e->items.size() == 2);
  CHECK(e->items[0]->name == "b");
  CHECK(e->items[1]->name == "c");
  CHECK(e->cmpops == std::vector<CmpOp>{CmpOp::Lt, CmpOp::Le});
  CHECK(top_stmt(r, 1).value->cmpops == std::vector<CmpOp>{CmpOp::NotIn});
  CHECK(top_stmt(r, 2).value->cmpops == std::vector<CmpOp>{CmpOp::IsNot});
  const Expr* chain = top_stmt(r, 3).value;
  CHECK(chain->cmpops == std::vector<CmpOp>{CmpOp::Eq, CmpOp::Ne, CmpOp::Gt, CmpOp::Ge, CmpOp::In});
  REQUIRE(chain->items.size() == 5);
  CHECK(chain->a->ival == 1);
  CHECK(chain->items[3]->ival == 5);
  CHECK(chain->items[4]->name == "z");
}

TEST_CASE("lower: augmented assignment keeps its operator and target", "[python][lower]") {
  auto r = lower_clean(
      "x += 1\n"
      "x //= 3\n"
      "m @= w\n"
      "obj.attr **= 2\n"
      "arr[i] -= v\n"
      "bits <<= 1\n");
  struct Want {
    BinOp op;
    ExprKind target;
  };
  std::vector<Want> want{{BinOp::Add, ExprKind::Name},      {BinOp::FloorDiv, ExprKind::Name},
                         {BinOp::MatMul, ExprKind::Name},   {BinOp::Pow, ExprKind::Attr},
                         {BinOp::Sub, ExprKind::Subscript}, {BinOp::LShift, ExprKind::Name}};
  for (std::size_t i = 0; i < want.size(); ++i) {
    const Stmt& s = top_stmt(r, i);
    INFO("statement " << i);
    CHECK(s.kind == StmtKind::AugAssign);
    CHECK(s.binop == want[i].op);
    REQUIRE(s.targets.size() == 1);
    CHECK(s.targets[0]->kind == want[i].target);
  }
  CHECK(top_stmt(r, 3).targets[0]->name == "attr");
  CHECK(top_stmt(r, 4).value->name == "v");
}

TEST_CASE("lower: chained and tuple assignments", "[python][lower]") {
  auto r = lower_clean(
      "a = b = 1\n"
      "c, (d, *e) = t\n"
      "x: int = 5\n"
      "y: int\n");
  const Stmt& s0 = top_stmt(r, 0);
  REQUIRE(s0.kind == StmtKind::Assign);
  REQUIRE(s0.targets.size() == 2);
  CHECK(s0.targets[0]->name == "a");
  CHECK(s0.targets[1]->name == "b");
  CHECK(s0.value->ival == 1);
  const Stmt& s1 = top_stmt(r, 1);
  REQUIRE(s1.targets[0]->kind == ExprKind::Tuple);
  REQUIRE(s1.targets[0]->items.size() == 2);
  const Expr* inner = s1.targets[0]->items[1];
  REQUIRE(inner->kind == ExprKind::Tuple);
  REQUIRE(inner->items.size() == 2);
  CHECK(inner->items[1]->kind == ExprKind::Starred);
  CHECK(inner->items[1]->a->name == "e");
  // an annotated assignment assigns, then records its annotation; a bare annotation only
  // records it (module level: __annotations__["x"] = "int")
  CHECK(top_stmt(r, 2).kind == StmtKind::Assign);
  CHECK(top_stmt(r, 2).targets[0]->name == "x");
  for (std::size_t i : {3, 4}) {
    const Stmt& rec = top_stmt(r, i);
    REQUIRE(rec.targets[0]->kind == ExprKind::Subscript);
    CHECK(rec.targets[0]->a->name == "__annotations__");
    CHECK(rec.targets[0]->b->name == (i == 3 ? "x" : "y"));
    CHECK(rec.value->name == "int");
  }
  CHECK(r.module->top->body.size() == 5);
  CHECK(r.module->top->annotates);
}

TEST_CASE("lower: docstrings and annotations of module and class bodies", "[python][lower]") {
  auto r = lower_clean(
      "\"\"\"Trains it.\"\"\"\n"
      "class Config:\n"
      "    'The sizes.'\n"
      "    hidden: int = 64\n"
      "    layers: 'list[int]'\n"
      "    def f(self):\n"
      "        local: int = 1\n"
      "        return local\n"
      "class Plain:\n"
      "    x = f'{1}'\n");
  CHECK(r.module->top->doc == std::optional<std::string>("Trains it."));
  CHECK_FALSE(r.module->top->annotates);
  const Code& config = first_code_of_kind(r, Code::Kind::Class);
  CHECK(config.doc == std::optional<std::string>("The sizes."));
  CHECK(config.annotates);
  // the class body records both annotations in order, a string annotation by its value; the
  // function's annotation records nothing
  std::vector<std::string> recorded;
  for (const Stmt* s : config.body)
    if (s->kind == StmtKind::Assign && s->targets[0]->kind == ExprKind::Subscript)
      recorded.push_back(s->targets[0]->b->name + ":" + s->value->name);
  CHECK(recorded == std::vector<std::string>{"hidden:int", "layers:list[int]"});
  CHECK(slot_of(first_code_of_kind(r, Code::Kind::Function), "local") >= 0);
  for (const auto& c : r.module->codes)
    if (c.kind == Code::Kind::Class && c.name == "Plain") {
      CHECK_FALSE(c.doc);
      CHECK_FALSE(c.annotates);
    }
}

TEST_CASE("lower: decorators become calls applied bottom-up", "[python][lower]") {
  auto r = lower_clean(
      "@outer(1)\n"
      "@inner\n"
      "def f():\n"
      "    pass\n"
      "@dataclass\n"
      "class C:\n"
      "    pass\n");
  const Stmt& s = top_stmt(r, 0);
  REQUIRE(s.kind == StmtKind::Assign);
  CHECK(s.targets[0]->name == "f");
  const Expr* outer = s.value;
  REQUIRE(outer->kind == ExprKind::Call);
  REQUIRE(outer->a->kind == ExprKind::Call);  // outer(1) is evaluated, then called
  CHECK(outer->a->a->name == "outer");
  REQUIRE(outer->items.size() == 1);
  const Expr* inner = outer->items[0];
  REQUIRE(inner->kind == ExprKind::Call);
  CHECK(inner->a->name == "inner");
  REQUIRE(inner->items.size() == 1);
  CHECK(inner->items[0]->kind == ExprKind::Function);
  CHECK(inner->items[0]->code->name == "f");
  const Stmt& c = top_stmt(r, 1);
  REQUIRE(c.value->kind == ExprKind::Call);
  CHECK(c.value->a->name == "dataclass");
  CHECK(c.value->items[0]->kind == ExprKind::Class);
}

TEST_CASE("lower: f-strings become FString parts", "[python][lower]") {
  auto r = lower_clean("f\"lr={lr} epochs={n + 1}!\"\nf'{x}'\n\"a\" f\"{b}\" 'c'\n");
  const Expr* e = top_stmt(r, 0).value;
  REQUIRE(e->kind == ExprKind::FString);
  REQUIRE(e->items.size() == 5);
  CHECK(e->items[0]->kind == ExprKind::Str);
  CHECK(e->items[0]->name == "lr=");
  CHECK(e->items[1]->name == "lr");
  CHECK(e->items[2]->name == " epochs=");
  CHECK(e->items[3]->kind == ExprKind::Binary);
  CHECK(e->items[4]->name == "!");
  const Expr* only = top_stmt(r, 1).value;
  REQUIRE(only->kind == ExprKind::FString);
  REQUIRE(only->items.size() == 1);
  CHECK(only->items[0]->kind == ExprKind::Name);
  // implicit concatenation with an f-string part is an f-string
  const Expr* cat = top_stmt(r, 2).value;
  REQUIRE(cat->kind == ExprKind::FString);
  REQUIRE(cat->items.size() == 3);
  CHECK(cat->items[0]->name == "a");
  CHECK(cat->items[1]->name == "b");
  CHECK(cat->items[2]->name == "c");
}

TEST_CASE("lower: string literals decode escapes", "[python][lower]") {
  struct Row {
    const char* src;
    std::string value;
  };
  std::vector<Row> rows{
      {R"("a\tb\nc")", "a\tb\nc"},
      {R"("\x41\101\u00e9\U0001F600")", "AA\xC3\xA9\xF0\x9F\x98\x80"},
      {R"('it\'s "q" \\ end')", "it's \"q\" \\ end"},
      {R"("\0")", std::string(1, '\0')},
      {R"(r"\n\t")", "\\n\\t"},
      {R"("no \q escape")", "no \\q escape"},
      {R"("ab" 'cd' "ef")", "abcdef"},
      {"'''multi\nline'''", "multi\nline"},
      {"\"line \\\ncontinued\"", "line continued"},
  };
  for (const auto& row : rows) {
    INFO("literal " << row.src);
    auto r = lower_clean(std::string(row.src) + "\n");
    const Expr* e = top_stmt(r, 0).value;
    REQUIRE(e->kind == ExprKind::Str);
    CHECK(e->name == row.value);
  }
  auto b = lower_clean("b'\\x00bytes'\n");
  CHECK(top_stmt(b, 0).value->kind == ExprKind::Bytes);
}

TEST_CASE("lower: integer literal forms", "[python][lower]") {
  struct Row {
    const char* src;
    std::int64_t value;
  };
  std::vector<Row> rows{{"0", 0},
                        {"42", 42},
                        {"1_000_000", 1000000},
                        {"0x1F", 31},
                        {"0XFF", 255},
                        {"0o17", 15},
                        {"0b101", 5},
                        {"0b_1111_0000", 240},
                        {"0x_dead_beef", 0xdeadbeef},
                        {"9223372036854775807", 9223372036854775807LL}};
  for (const auto& row : rows) {
    INFO("literal " << row.src);
    auto r = lower_clean(std::string(row.src) + "\n");
    const Expr* e = top_stmt(r, 0).value;
    REQUIRE(e->kind == ExprKind::Int);
    CHECK(e->ival == row.value);
  }
  // a negative literal is a unary minus on a positive one
  auto neg = lower_clean("-7\n");
  REQUIRE(top_stmt(neg, 0).value->kind == ExprKind::Unary);
  CHECK(top_stmt(neg, 0).value->a->ival == 7);
  // floats
  auto f = lower_clean("1_000.5\n1e3\n.5\n");
  CHECK(top_stmt(f, 0).value->fval == 1000.5);
  CHECK(top_stmt(f, 1).value->fval == 1000.0);
  CHECK(top_stmt(f, 2).value->fval == 0.5);
  // beyond int64 and complex literals: unsupported, reported, lowering goes on
  for (const char* src : {"99999999999999999999\ny = 1\n", "2j\ny = 1\n"}) {
    INFO("literal " << src);
    auto u = lower(src);
    CHECK_FALSE(u.syntax_error);
    REQUIRE(u.diags.size() == 1);
    CHECK(u.diags[0].kind == LowerDiag::Kind::Unsupported);
    CHECK(top_stmt(u, 0).value->kind == ExprKind::Unsupported);
    CHECK(u.module->top->body.size() == 2);
  }
}

TEST_CASE("lower: elif chains become nested Ifs in orelse", "[python][lower]") {
  auto r = lower_clean(
      "if a:\n"
      "    x = 1\n"
      "elif b:\n"
      "    x = 2\n"
      "elif c:\n"
      "    x = 3\n"
      "else:\n"
      "    x = 4\n"
      "if d:\n"
      "    pass\n");
  REQUIRE(r.module->top->body.size() == 2);
  const Stmt& s = top_stmt(r, 0);
  REQUIRE(s.kind == StmtKind::If);
  CHECK(s.value->name == "a");
  CHECK(s.loc.line == 1);
  REQUIRE(s.orelse.size() == 1);
  const Stmt& e1 = *s.orelse[0];
  REQUIRE(e1.kind == StmtKind::If);
  CHECK(e1.value->name == "b");
  CHECK(e1.loc.line == 3);
  REQUIRE(e1.orelse.size() == 1);
  const Stmt& e2 = *e1.orelse[0];
  REQUIRE(e2.kind == StmtKind::If);
  CHECK(e2.value->name == "c");
  REQUIRE(e2.orelse.size() == 1);
  CHECK(e2.orelse[0]->kind == StmtKind::Assign);
  CHECK(e2.orelse[0]->value->ival == 4);
  CHECK(top_stmt(r, 1).orelse.empty());
}

TEST_CASE("lower: loops with else clauses, break and continue", "[python][lower]") {
  auto r = lower_clean(
      "for i, x in enumerate(xs):\n"
      "    if x:\n"
      "        break\n"
      "    continue\n"
      "else:\n"
      "    done = 1\n"
      "while n > 0:\n"
      "    n -= 1\n"
      "else:\n"
      "    pass\n");
  const Stmt& f = top_stmt(r, 0);
  REQUIRE(f.kind == StmtKind::For);
  CHECK(f.targets[0]->kind == ExprKind::Tuple);
  CHECK(f.value->kind == ExprKind::Call);
  REQUIRE(f.body.size() == 2);
  CHECK(f.body[0]->body[0]->kind == StmtKind::Break);
  CHECK(f.body[1]->kind == StmtKind::Continue);
  REQUIRE(f.orelse.size() == 1);
  const Stmt& w = top_stmt(r, 1);
  REQUIRE(w.kind == StmtKind::While);
  CHECK(w.value->kind == ExprKind::Compare);
  CHECK(w.orelse.size() == 1);
}

TEST_CASE("lower: try/except/else/finally", "[python][lower]") {
  auto r = lower_clean(
      "try:\n"
      "    risky()\n"
      "except ValueError:\n"
      "    handle()\n"
      "except (KeyError, IndexError):\n"
      "    pass\n"
      "except:\n"
      "    raise\n"
      "else:\n"
      "    ok = 1\n"
      "finally:\n"
      "    cleanup()\n"
      "raise RuntimeError('x') from err\n");
  const Stmt& t = top_stmt(r, 0);
  REQUIRE(t.kind == StmtKind::Try);
  REQUIRE(t.body.size() == 1);
  REQUIRE(t.handlers.size() == 3);
  REQUIRE(t.handlers[0].type);
  CHECK(t.handlers[0].type->name == "ValueError");
  CHECK(t.handlers[0].target == nullptr);
  CHECK(t.handlers[0].loc.line == 3);
  REQUIRE(t.handlers[1].type);
  CHECK(t.handlers[1].type->kind == ExprKind::Tuple);
  CHECK(t.handlers[1].type->items.size() == 2);
  CHECK(t.handlers[1].target == nullptr);
  CHECK(t.handlers[2].type == nullptr);  // bare except
  REQUIRE(t.handlers[2].body.size() == 1);
  CHECK(t.handlers[2].body[0]->kind == StmtKind::Raise);
  CHECK(t.handlers[2].body[0]->value == nullptr);  // bare raise
  REQUIRE(t.orelse.size() == 1);
  REQUIRE(t.finalbody.size() == 1);
  CHECK(t.finalbody[0]->value->a->name == "cleanup");
  const Stmt& raise = top_stmt(r, 1);
  REQUIRE(raise.kind == StmtKind::Raise);
  CHECK(raise.value->kind == ExprKind::Call);
  REQUIRE(raise.cause);
  CHECK(raise.cause->name == "err");
}

TEST_CASE("lower: with statements and their targets", "[python][lower]") {
  auto r = lower_clean(
      "with open(p) as f, lock:\n"
      "    pass\n"
      "with ctx() as (a, b):\n"
      "    pass\n"
      "def g():\n"
      "    with torch.no_grad() as h:\n"
      "        return h\n");
  const Stmt& w = top_stmt(r, 0);
  REQUIRE(w.kind == StmtKind::With);
  REQUIRE(w.with_items.size() == 2);
  CHECK(w.with_items[0].context->kind == ExprKind::Call);
  REQUIRE(w.with_items[0].target);
  CHECK(w.with_items[0].target->name == "f");
  CHECK(w.with_items[1].context->name == "lock");
  CHECK(w.with_items[1].target == nullptr);
  const Stmt& w2 = top_stmt(r, 1);
  REQUIRE(w2.with_items.size() == 1);
  REQUIRE(w2.with_items[0].target);
  CHECK(w2.with_items[0].target->kind == ExprKind::Tuple);
  // a with-target in a function is a local
  CHECK(name_at(r, "h", 6).scope == NameScope::Fast);
  CHECK(name_at(r, "h", 7).scope == NameScope::Fast);
}

TEST_CASE("lower: import forms", "[python][lower]") {
  auto r = lower_clean(
      "import os\n"
      "import a.b.c\n"
      "import a.b as c\n"
      "import x, y.z as w\n"
      "from ..pkg.mod import y as z, q\n"
      "from . import sibling\n"
      "from .models import *\n"
      "from torch import nn\n"
      "def f():\n"
      "    import numpy as np\n"
      "    return np\n");
  const auto& body = r.module->top->body;
  REQUIRE(body.size() == 10);
  CHECK(body[0]->kind == StmtKind::Import);
  CHECK(body[0]->module == "os");
  CHECK(body[0]->targets[0]->name == "os");
  CHECK(body[1]->module == "a.b.c");
  CHECK(body[1]->asnames.empty());
  CHECK(body[1]->targets[0]->name == "a");  // binds the top package
  CHECK(body[2]->module == "a.b");
  CHECK(body[2]->asnames == std::vector<std::string>{"c"});
  CHECK(body[2]->targets[0]->name == "c");
  // `import x, y.z as w` is two imports
  CHECK(body[3]->module == "x");
  CHECK(body[4]->module == "y.z");
  CHECK(body[4]->targets[0]->name == "w");
  const Stmt& rel = *body[5];
  REQUIRE(rel.kind == StmtKind::ImportFrom);
  CHECK(rel.level == 2);
  CHECK(rel.module == "pkg.mod");
  CHECK(rel.names == std::vector<std::string>{"y", "q"});
  CHECK(rel.asnames == std::vector<std::string>{"z", ""});
  CHECK(rel.targets[0]->name == "z");
  CHECK(rel.targets[1]->name == "q");
  const Stmt& dot = *body[6];
  CHECK(dot.level == 1);
  CHECK(dot.module.empty());
  CHECK(dot.names == std::vector<std::string>{"sibling"});
  const Stmt& star = *body[7];
  CHECK(star.level == 1);
  CHECK(star.module == "models");
  CHECK(star.names == std::vector<std::string>{"*"});
  REQUIRE(star.targets.size() == 1);
  CHECK(star.targets[0] == nullptr);
  CHECK(body[8]->level == 0);
  CHECK(body[8]->module == "torch");
  // an import in a function binds a local
  CHECK(name_at(r, "np", 10).scope == NameScope::Fast);
  CHECK(name_at(r, "np", 11).scope == NameScope::Fast);
}

TEST_CASE("lower: lambdas, defaults and keyword-only defaults", "[python][lower]") {
  auto r = lower_clean("k = 10\nf = lambda x, y=k, *a, z=3, **kw: x + y\ng = lambda: 0\n");
  const Expr* fn = top_stmt(r, 1).value;
  REQUIRE(fn->kind == ExprKind::Function);
  REQUIRE(fn->code->kind == Code::Kind::Lambda);
  CHECK(fn->code->name == "<lambda>");
  // defaults are evaluated where the lambda is created: k is a module global
  REQUIRE(fn->items.size() == 1);
  CHECK(fn->items[0]->name == "k");
  CHECK(fn->items[0]->scope == NameScope::Global);
  REQUIRE(fn->keywords.size() == 1);
  CHECK(fn->keywords[0].name == "z");
  CHECK(fn->keywords[0].value->ival == 3);
  const auto& ps = fn->code->params;
  REQUIRE(ps.size() == 5);
  CHECK(ps[0].kind == Param::Kind::Positional);
  CHECK_FALSE(ps[0].has_default);
  CHECK(ps[1].has_default);
  CHECK(ps[2].kind == Param::Kind::VarArgs);
  CHECK(ps[3].kind == Param::Kind::KeywordOnly);
  CHECK(ps[3].has_default);
  CHECK(ps[4].kind == Param::Kind::VarKeywords);
  // the body is `return x + y`
  REQUIRE(fn->code->body.size() == 1);
  CHECK(fn->code->body[0]->kind == StmtKind::Return);
  const Expr* g = top_stmt(r, 2).value;
  CHECK(g->code->params.empty());
}

TEST_CASE("lower: parameter kinds: positional-only, *args, keyword-only, **kwargs", "[python][lower]") {
  auto r = lower_clean(
      "def f(a, b=1, /, c=2, *args, d, e=3, **kw):\n"
      "    return a\n"
      "def g(x: int, *, y: str = 'v', **opts: float) -> None:\n"
      "    pass\n"
      "def h(*items: int):\n"
      "    pass\n");
  const Code& f = code_named(r, "f");
  REQUIRE(f.params.size() == 7);
  struct Want {
    const char* name;
    Param::Kind kind;
    bool def, posonly;
  };
  std::vector<Want> want{
      {"a", Param::Kind::Positional, false, true},   {"b", Param::Kind::Positional, true, true},
      {"c", Param::Kind::Positional, true, false},   {"args", Param::Kind::VarArgs, false, false},
      {"d", Param::Kind::KeywordOnly, false, false}, {"e", Param::Kind::KeywordOnly, true, false},
      {"kw", Param::Kind::VarKeywords, false, false}};
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("parameter " << i);
    CHECK(f.params[i].name == want[i].name);
    CHECK(f.params[i].kind == want[i].kind);
    CHECK(f.params[i].has_default == want[i].def);
    CHECK(f.params[i].positional_only == want[i].posonly);
    CHECK(f.params[i].slot == static_cast<int>(i));
  }
  // positional defaults in order; keyword-only defaults by name
  const Stmt& def = top_stmt(r, 0);
  REQUIRE(def.value->kind == ExprKind::Function);
  REQUIRE(def.value->items.size() == 2);
  CHECK(def.value->items[0]->ival == 1);
  CHECK(def.value->items[1]->ival == 2);
  REQUIRE(def.value->keywords.size() == 1);
  CHECK(def.value->keywords[0].name == "e");
  const Code& g = code_named(r, "g");
  REQUIRE(g.params.size() == 3);
  CHECK(g.params[0].kind == Param::Kind::Positional);
  CHECK(g.params[1].name == "y");
  CHECK(g.params[1].kind == Param::Kind::KeywordOnly);
  CHECK(g.params[1].has_default);
  CHECK(g.params[2].name == "opts");
  CHECK(g.params[2].kind == Param::Kind::VarKeywords);
  const Code& h = code_named(r, "h");
  REQUIRE(h.params.size() == 1);
  CHECK(h.params[0].name == "items");
  CHECK(h.params[0].kind == Param::Kind::VarArgs);
}

TEST_CASE("lower: calls with *args, **kwargs and keywords; subscripts and slices", "[python][lower]") {
  auto r = lower_clean("f(1, *xs, k=2, **opts)\nx[1:2, ::3]\nx[i,]\nx[(i, j)]\nx[...]\n");
  const Expr* call = top_stmt(r, 0).value;
  REQUIRE(call->kind == ExprKind::Call);
  REQUIRE(call->items.size() == 2);
  CHECK(call->items[1]->kind == ExprKind::Starred);
  REQUIRE(call->keywords.size() == 2);
  CHECK(call->keywords[0].name == "k");
  CHECK(call->keywords[1].name.empty());  // **opts
  CHECK(call->keywords[1].value->name == "opts");
  const Expr* sub = top_stmt(r, 1).value;
  REQUIRE(sub->kind == ExprKind::Subscript);
  REQUIRE(sub->b->kind == ExprKind::Tuple);
  REQUIRE(sub->b->items.size() == 2);
  const Expr* s0 = sub->b->items[0];
  REQUIRE(s0->kind == ExprKind::Slice);
  CHECK(s0->a->ival == 1);
  CHECK(s0->b->ival == 2);
  CHECK(s0->c == nullptr);
  const Expr* s1 = sub->b->items[1];
  CHECK(s1->a == nullptr);
  CHECK(s1->b == nullptr);
  CHECK(s1->c->ival == 3);
  // x[i,] and x[(i, j)] index with a tuple; x[...] with Ellipsis
  CHECK(top_stmt(r, 2).value->b->kind == ExprKind::Tuple);
  CHECK(top_stmt(r, 3).value->b->kind == ExprKind::Tuple);
  CHECK(top_stmt(r, 4).value->b->kind == ExprKind::Ellipsis);
}

TEST_CASE("lower: generators, yield from and conditional expressions", "[python][lower]") {
  auto r = lower_clean(
      "def gen(n):\n"
      "    yield n\n"
      "    yield from range(n)\n"
      "def plain():\n"
      "    return a if c else b\n");
  const Code& gen = code_named(r, "gen");
  CHECK(gen.is_generator);
  CHECK_FALSE(code_named(r, "plain").is_generator);
  const Expr* y2 = gen.body[1]->value;
  REQUIRE(y2->kind == ExprKind::Yield);
  CHECK(y2->name == "from");
  const Expr* ifexp = code_named(r, "plain").body[0]->value;
  REQUIRE(ifexp->kind == ExprKind::IfExp);
  CHECK(ifexp->a->name == "c");
  CHECK(ifexp->b->name == "a");
  CHECK(ifexp->c->name == "b");
}

TEST_CASE("lower: source locations are 1-based lines and 0-based byte columns", "[python][lower]") {
  auto r = lower_clean("x = 1\nif x:\n    y = 'é' + z\n");
  const Expr& z = name_at(r, "z", 3);
  CHECK(z.loc.file == 1);
  CHECK(z.loc.line == 3);
  CHECK(z.loc.col == 15);  // 'é' is two bytes
  CHECK(z.loc.end_col == 16);
  CHECK(top_stmt(r, 1).loc.line == 2);
  CHECK(top_stmt(r, 1).loc.end_line == 3);
}

// ---- diagnostics -----------------------------------------------------------------------------

TEST_CASE("lower: syntax errors are reported with a position", "[python][lower]") {
  struct Row {
    const char* src;
    int line;
  };
  std::vector<Row> rows{
      {"x = 1\ndef f(:\n    pass\n", 2}, {"x = (1,\ny = 2\n", 1},    {"a = 1\nb = = 2\n", 2},
      {"for x in :\n    pass\n", 1},     {"class C\n    pass\n", 1},
  };
  for (const auto& row : rows) {
    INFO("source:\n" << row.src);
    auto r = lower(row.src);
    CHECK(r.syntax_error);
    REQUIRE(count_diags(r, LowerDiag::Kind::SyntaxError) == 1);
    const LowerDiag& d = r.diags[0];
    CHECK(d.kind == LowerDiag::Kind::SyntaxError);
    CHECK(d.loc.line == row.line);
    CHECK(d.loc.file == 1);
    CHECK(d.message.rfind("invalid syntax", 0) == 0);
    REQUIRE(r.module);  // the module is still lowered (conservatively)
  }
}

TEST_CASE("lower: a statement run past a line break that does not continue it is CPython's syntax error", "[python][lower]") {
  // tree-sitter's scanner skips the line break where its parser cannot end the statement yet:
  // `x =` then `y = 1` would be `x = y = 1`; CPython's positions (line, byte column of the
  // break's end of line)
  struct Row {
    const char* src;
    int line, col;
  };
  std::vector<Row> rows{
      {"x =\ny = 1\n", 1, 3},
      {"def f():\n    x = \n    pass\n", 2, 8},
      {"if a and\n  b:\n    pass\n", 1, 8},
      {"model = Net(\n)\nloss = crit(out,\n  y) +\nprint(loss)\n", 4, 6},
      // before an error tree-sitter does report (it could not join the last blank with `for`)
      {"def f(a):\n    n = \n    a = \n    for i in range(3):\n        pass\n", 2, 8},
  };
  for (const auto& row : rows) {
    INFO("source:\n" << row.src);
    auto r = lower(row.src);
    CHECK(r.syntax_error);
    REQUIRE(count_diags(r, LowerDiag::Kind::SyntaxError) == 1);
    CHECK(r.diags[0].message == "invalid syntax");
    CHECK(r.diags[0].loc.line == row.line);
    CHECK(r.diags[0].loc.col == row.col);
  }
  // what Python joins: brackets, a backslash, strings, decorators, clauses after blocks, comments
  for (const char* ok : {"x = (1 +\n 2)\ny = 1 + \\\n 2\n", "s = \"\"\"a\nb\"\"\"\n@dec\ndef f(): pass\n",
                         "if x:\n    pass\nelif y:\n    pass\nelse:\n    pass\n",
                         "try:\n    pass\nexcept E as e:  # why\n    pass\nfinally:\n    pass\n",
                         "class A(B,\n  C):\n    x = [1,\n      2]  # c\n", "t = f'{a}'\\\n  f'{b}'\n",
                         "match p:\n    case [a, b]:\n        pass\n    case _:\n        pass\n"}) {
    INFO("source:\n" << ok);
    CHECK_FALSE(lower(ok).syntax_error);
  }
}

TEST_CASE("lower: syntax error ranges point at the offending tokens", "[python][lower]") {
  struct Row {
    const char* src;
    int line, col, end_line, end_col;
  };
  std::vector<Row> rows{
      {"f(a b)\n", 1, 4, 1, 5},     // the stray token
      {"x = [1, 2\n", 1, 0, 1, 9},  // the unclosed statement
      {"ok = 1\nx = 1 +\n", 2, 0, 2, 7},
      {"if x\n    pass\n", 1, 0, 2, 8},  // the whole malformed compound statement
  };
  for (const auto& row : rows) {
    INFO("source:\n" << row.src);
    auto r = lower(row.src);
    CHECK(r.syntax_error);
    REQUIRE_FALSE(r.diags.empty());
    const LowerDiag& d = r.diags[0];
    CHECK(d.kind == LowerDiag::Kind::SyntaxError);
    CHECK(d.loc.line == row.line);
    CHECK(d.loc.col == row.col);
    CHECK(d.loc.end_line == row.end_line);
    CHECK(d.loc.end_col == row.end_col);
  }
}

TEST_CASE("lower: a match statement becomes ifs over a hidden subject, one flag per statement", "[python][lower]") {
  auto r = lower_clean(
      "def f(cmd):\n"
      "    match cmd:\n"
      "        case [\"go\", where]:\n"
      "            return where\n"
      "        case _:\n"
      "            return None\n");
  const Code& f = code_named(r, "f");
  // S = cmd; M = False; <first case>; if not M: <second case>
  REQUIRE(f.body.size() == 4);
  CHECK(f.body[0]->kind == StmtKind::Assign);
  CHECK(f.body[0]->value->name == "cmd");
  CHECK(f.body[1]->value->kind == ExprKind::False);
  const Stmt& seq = *f.body[2];
  REQUIRE(seq.kind == StmtKind::If);
  CHECK(seq.value->kind == ExprKind::Call);
  CHECK(seq.value->a->name == "__tenscan_match_sequence__");
  const Stmt& len = *seq.body.at(0);
  REQUIRE(len.kind == StmtKind::If);
  CHECK(len.value->kind == ExprKind::Compare);
  CHECK(len.value->a->a->name == "__tenscan_match_len__");
  CHECK(len.value->items[0]->ival == 2);
  // the wildcard case runs its body once the flag says nothing matched
  const Stmt& rest = *f.body[3];
  REQUIRE(rest.kind == StmtKind::If);
  CHECK(rest.value->kind == ExprKind::Unary);
  REQUIRE(rest.body.size() == 2);
  CHECK(rest.body[1]->kind == StmtKind::Return);
  // the capture and the hidden variables are locals of f
  CHECK(slot_of(f, "where") >= 0);
  CHECK(slot_of(f, "__match_0") >= 0);
}

TEST_CASE("lower: unsupported constructs are reported without aborting", "[python][lower]") {
  auto r = lower(
      "x = 1\n"
      "match x:\n"
      "    case 1+2j:\n"
      "        y = 2\n"
      "async def f():\n"
      "    v = await g()\n"
      "    return v\n"
      "z = 3\n");
  CHECK_FALSE(r.syntax_error);
  REQUIRE(count_diags(r, LowerDiag::Kind::Unsupported) == 2);
  CHECK(count_diags(r, LowerDiag::Kind::SyntaxError) == 0);
  const LowerDiag& m = r.diags[0];
  CHECK(m.loc.line == 3);
  CHECK(m.message.find("its case is treated as never matching") != std::string::npos);
  const LowerDiag& a = r.diags[1];
  CHECK(a.loc.line == 6);
  CHECK(a.message.find("await") != std::string::npos);
  // the rest is lowered: the match keeps its other statements (the subject and the flag),
  // the await is an Unsupported value
  const auto& body = r.module->top->body;
  REQUIRE(body.size() == 5);
  CHECK(body[1]->kind == StmtKind::Assign);
  CHECK(body[1]->value->name == "x");
  CHECK(body[3]->kind == StmtKind::Assign);
  CHECK(body[4]->kind == StmtKind::Assign);
  CHECK(body[4]->targets[0]->name == "z");
  const Code& f = code_named(r, "f");
  REQUIRE(f.body.size() == 2);
  CHECK(f.body[0]->value->kind == ExprKind::Unsupported);
}

// (CPython's own nesting limits, which these sources break, are tested in nesting_test.cpp)
TEST_CASE("lower: 5000 nested parentheses do not crash and are CPython's error", "[python][lower]") {
  std::string src = "x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\ny = 2\n";
  auto r = lower(src);
  REQUIRE(r.module);
  CHECK(r.syntax_error);
  REQUIRE(r.diags.size() == 1);
  CHECK(r.diags[0].message == "too many nested parentheses");
  CHECK(r.diags[0].loc.line == 1);
  CHECK(r.diags[0].loc.col == 204);  // the 201st bracket
}

TEST_CASE("lower: deeply nested lists, calls and operator chains are bounded", "[python][lower]") {
  auto repeat = [](const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
  };
  struct Row {
    std::string src;
    const char* message;  // nullptr: CPython compiles it
  };
  const char* recursion = "maximum recursion depth exceeded during compilation";
  std::vector<Row> rows{
      {"x = " + std::string(3000, '[') + std::string(3000, ']') + "\n", "too many nested parentheses"},
      {"x = f" + repeat("()", 3000) + "\n", recursion},
      {"x = 1" + repeat(" + 1", 20000) + "\n", recursion},
      {"x = -" + std::string(3000, '-') + "1\n", recursion},
      // within CPython's limits, but deeper than the lowering goes: Unsupported, not an error
      {"x = f" + repeat("()", 2998) + "\n", nullptr},
      {"x = " + std::string(2998, '-') + "1\n", nullptr},
      {"x = " + std::string(100, '[') + std::string(350, '-') + "1" + std::string(100, ']') + "\n", nullptr},
  };
  for (const auto& row : rows) {
    INFO("source starts " << row.src.substr(0, 20));
    auto r = lower(row.src);
    REQUIRE(r.module);
    if (row.message) {
      CHECK(r.syntax_error);
      REQUIRE(r.diags.size() == 1);
      CHECK(r.diags[0].message == row.message);
    } else {
      CHECK_FALSE(r.syntax_error);
      CHECK(count_diags(r, LowerDiag::Kind::SyntaxError) == 0);
      CHECK(count_diags(r, LowerDiag::Kind::Unsupported) >= 1);
    }
  }
}

TEST_CASE("lower: 2000 nested ifs do not crash and are CPython's error", "[python][lower]") {
  std::string src;
  for (int i = 0; i < 2000; ++i) src += std::string(static_cast<std::size_t>(i), ' ') + "if True:\n";
  src += std::string(2000, ' ') + "y = 1\n";
  auto r = lower(src);
  REQUIRE(r.module);
  CHECK(r.syntax_error);
  REQUIRE(r.diags.size() == 1);
  CHECK(r.diags[0].error == "IndentationError");
  CHECK(r.diags[0].message == "too many levels of indentation");
  CHECK(r.diags[0].loc.line == 101);
}

TEST_CASE("lower: statement and expression nesting count against one limit", "[python][lower]") {
  // 99 nested blocks (as many as CPython's tokenizer allows) holding a 350-deep expression
  std::string src;
  for (int i = 0; i < 99; ++i) src += std::string(static_cast<std::size_t>(i), ' ') + "if x:\n";
  src += std::string(99, ' ') + "y = " + std::string(350, '-') + "1\n";
  src += "z = 1\n";
  auto r = lower(src);
  REQUIRE(r.module);
  CHECK_FALSE(r.syntax_error);
  REQUIRE(count_diags(r, LowerDiag::Kind::Unsupported) == 1);
  CHECK(r.diags[0].message.find("nested this deeply") != std::string::npos);
  CHECK(r.diags[0].loc.line == 100);
  REQUIRE(r.module->top->body.size() == 2);
  // the same depth split differently stays within the limit
  std::string ok;
  for (int i = 0; i < 50; ++i) ok += std::string(static_cast<std::size_t>(i), ' ') + "if x:\n";
  ok += std::string(50, ' ') + "y = " + std::string(300, '-') + "1\n";
  lower_clean(ok);
}

TEST_CASE("lower: empty, comment-only and CRLF sources", "[python][lower]") {
  auto e = lower_clean("");
  CHECK(e.module->top->body.empty());
  auto c = lower_clean("# just a comment\n\n");
  CHECK(c.module->top->body.empty());
  auto crlf = lower_clean("x = 1\r\nif x:\r\n    y = 2\r\n");
  REQUIRE(crlf.module->top->body.size() == 2);
  CHECK(crlf.module->top->body[1]->loc.line == 2);
  auto bom = lower("\xEF\xBB\xBFx = 1\n");
  REQUIRE(bom.module);
}
