// Bytes of a lowered module: a header, the node counts, then every Expr, Stmt and Code in
// arena order. Integers are LEB128 varints (signed ones zigzag-encoded); a node reference is
// its arena index + 1 (0 = null).
#include "ir/serialize.h"

#include <cstring>
#include <unordered_map>

namespace tenscan::ir {

namespace {

constexpr std::string_view kMagic = "TSIR";
// Bump when Expr, Stmt, Code or this encoding changes.
constexpr std::uint64_t kVersion = 3;

class Writer {
 public:
  explicit Writer(const Module& m) {
    std::uint32_t i = 0;
    for (const auto& e : m.exprs) expr_ids_[&e] = ++i;
    i = 0;
    for (const auto& s : m.stmts) stmt_ids_[&s] = ++i;
    i = 0;
    for (const auto& c : m.codes) code_ids_[&c] = ++i;
  }
  std::string out;

  void u(std::uint64_t v) {
    while (v >= 0x80) {
      out += static_cast<char>((v & 0x7f) | 0x80);
      v >>= 7;
    }
    out += static_cast<char>(v);
  }
  void i(std::int64_t v) { u((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
  void str(const std::string& s) {
    u(s.size());
    out += s;
  }
  void f(double d) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    u(bits);
  }
  void loc(const Loc& l) {
    i(l.line);
    i(l.col);
    i(l.end_line);
    i(l.end_col);
  }
  void ref(const Expr* e) { u(e ? expr_ids_.at(e) : 0); }
  void ref(const Stmt* s) { u(s ? stmt_ids_.at(s) : 0); }
  void ref(const Code* c) { u(c ? code_ids_.at(c) : 0); }
  template <typename T>
  void refs(const std::vector<T*>& v) {
    u(v.size());
    for (const T* x : v) ref(x);
  }
  void strs(const std::vector<std::string>& v) {
    u(v.size());
    for (const auto& s : v) str(s);
  }
  void ints(const std::vector<int>& v) {
    u(v.size());
    for (int x : v) i(x);
  }

 private:
  std::unordered_map<const Expr*, std::uint32_t> expr_ids_;
  std::unordered_map<const Stmt*, std::uint32_t> stmt_ids_;
  std::unordered_map<const Code*, std::uint32_t> code_ids_;
};

class Reader {
 public:
  Reader(std::string_view in, std::uint32_t file) : in_(in), file_(file) {}
  bool ok = true;

  std::uint64_t u() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) {
        ok = false;
        return 0;
      }
      auto b = static_cast<unsigned char>(in_[pos_++]);
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
  std::int64_t i() {
    std::uint64_t z = u();
    return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  }
  int small() { return static_cast<int>(i()); }
  std::size_t count() {
    std::uint64_t n = u();
    if (n > in_.size() - pos_ + 1) {  // every element takes at least a byte
      ok = false;
      return 0;
    }
    return static_cast<std::size_t>(n);
  }
  std::string str() {
    std::size_t n = count();
    if (!ok || n > in_.size() - pos_) {
      ok = false;
      return {};
    }
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  double f() {
    std::uint64_t bits = u();
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  Loc loc() {
    Loc l;
    l.file = file_;
    l.line = small();
    l.col = small();
    l.end_line = small();
    l.end_col = small();
    return l;
  }
  template <typename T>
  T* pick(std::vector<T*>& all) {
    std::uint64_t id = u();
    if (id == 0) return nullptr;
    if (id > all.size()) {
      ok = false;
      return nullptr;
    }
    return all[id - 1];
  }
  Expr* expr() { return pick(exprs); }
  Stmt* stmt() { return pick(stmts); }
  Code* code() { return pick(codes); }
  std::vector<Expr*> expr_list() {
    std::vector<Expr*> v(count());
    for (auto& x : v) x = expr();
    return v;
  }
  Block block() {
    Block v(count());
    for (auto& x : v) x = stmt();
    return v;
  }
  std::vector<std::string> strs() {
    std::vector<std::string> v(count());
    for (auto& s : v) s = str();
    return v;
  }
  std::vector<int> ints() {
    std::vector<int> v(count());
    for (auto& x : v) x = small();
    return v;
  }
  template <typename E>
  E enumeration() {
    return static_cast<E>(u());
  }

  std::vector<Expr*> exprs;
  std::vector<Stmt*> stmts;
  std::vector<Code*> codes;

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
  std::uint32_t file_;
};

void write_expr(Writer& w, const Expr& e) {
  w.u(static_cast<std::uint64_t>(e.kind));
  w.loc(e.loc);
  w.ref(e.a);
  w.ref(e.b);
  w.ref(e.c);
  w.refs(e.items);
  w.refs(e.items2);
  w.u(e.keywords.size());
  for (const auto& k : e.keywords) {
    w.str(k.name);
    w.ref(k.value);
  }
  w.u(e.cmpops.size());
  for (auto op : e.cmpops) w.u(static_cast<std::uint64_t>(op));
  w.u(static_cast<std::uint64_t>(e.binop));
  w.u(static_cast<std::uint64_t>(e.unop));
  w.u(static_cast<std::uint64_t>(e.scope));
  w.i(e.slot);
  w.str(e.name);
  w.i(e.ival);
  w.f(e.fval);
  w.ref(e.code);
}

void read_expr(Reader& r, Expr& e) {
  e.kind = r.enumeration<ExprKind>();
  e.loc = r.loc();
  e.a = r.expr();
  e.b = r.expr();
  e.c = r.expr();
  e.items = r.expr_list();
  e.items2 = r.expr_list();
  e.keywords.resize(r.count());
  for (auto& k : e.keywords) {
    k.name = r.str();
    k.value = r.expr();
  }
  e.cmpops.resize(r.count());
  for (auto& op : e.cmpops) op = r.enumeration<CmpOp>();
  e.binop = r.enumeration<BinOp>();
  e.unop = r.enumeration<UnOp>();
  e.scope = r.enumeration<NameScope>();
  e.slot = r.small();
  e.name = r.str();
  e.ival = r.i();
  e.fval = r.f();
  e.code = r.code();
}

void write_stmt(Writer& w, const Stmt& s) {
  w.u(static_cast<std::uint64_t>(s.kind));
  w.loc(s.loc);
  w.refs(s.targets);
  w.ref(s.value);
  w.ref(s.cause);
  w.u(static_cast<std::uint64_t>(s.binop));
  w.refs(s.body);
  w.refs(s.orelse);
  w.refs(s.finalbody);
  w.u(s.handlers.size());
  for (const auto& h : s.handlers) {
    w.ref(h.type);
    w.ref(h.target);
    w.refs(h.body);
    w.loc(h.loc);
  }
  w.u(s.with_items.size());
  for (const auto& wi : s.with_items) {
    w.ref(wi.context);
    w.ref(wi.target);
  }
  w.str(s.module);
  w.i(s.level);
  w.strs(s.names);
  w.strs(s.asnames);
  w.str(s.text);
}

void read_stmt(Reader& r, Stmt& s) {
  s.kind = r.enumeration<StmtKind>();
  s.loc = r.loc();
  s.targets = r.expr_list();
  s.value = r.expr();
  s.cause = r.expr();
  s.binop = r.enumeration<BinOp>();
  s.body = r.block();
  s.orelse = r.block();
  s.finalbody = r.block();
  s.handlers.resize(r.count());
  for (auto& h : s.handlers) {
    h.type = r.expr();
    h.target = r.expr();
    h.body = r.block();
    h.loc = r.loc();
  }
  s.with_items.resize(r.count());
  for (auto& wi : s.with_items) {
    wi.context = r.expr();
    wi.target = r.expr();
  }
  s.module = r.str();
  s.level = r.small();
  s.names = r.strs();
  s.asnames = r.strs();
  s.text = r.str();
}

void write_code(Writer& w, const Code& c) {
  w.u(static_cast<std::uint64_t>(c.kind));
  w.str(c.name);
  w.str(c.qualname);
  w.u(c.params.size());
  for (const auto& p : c.params) {
    w.str(p.name);
    w.u(static_cast<std::uint64_t>(p.kind));
    w.u(p.has_default);
    w.u(p.positional_only);
    w.i(p.slot);
    w.str(p.annotation);
  }
  w.refs(c.body);
  w.loc(c.loc);
  w.u(c.is_generator);
  w.i(c.nslots);
  w.strs(c.slot_names);
  w.ints(c.cell_slots);
  w.ints(c.free_slots);
  w.ints(c.closure_from);
  w.ref(c.parent);
  w.strs(c.global_decls);
  w.u(c.doc.has_value());
  w.str(c.doc.value_or(""));
  w.u(c.annotates);
  w.str(c.returns);
}

void read_code(Reader& r, Code& c) {
  c.kind = r.enumeration<Code::Kind>();
  c.name = r.str();
  c.qualname = r.str();
  c.params.resize(r.count());
  for (auto& p : c.params) {
    p.name = r.str();
    p.kind = r.enumeration<Param::Kind>();
    p.has_default = r.u() != 0;
    p.positional_only = r.u() != 0;
    p.slot = r.small();
    p.annotation = r.str();
  }
  c.body = r.block();
  c.loc = r.loc();
  c.is_generator = r.u() != 0;
  c.nslots = r.small();
  c.slot_names = r.strs();
  c.cell_slots = r.ints();
  c.free_slots = r.ints();
  c.closure_from = r.ints();
  c.parent = r.code();
  c.global_decls = r.strs();
  bool has_doc = r.u() != 0;
  std::string doc = r.str();
  if (has_doc) c.doc = std::move(doc);
  c.annotates = r.u() != 0;
  c.returns = r.str();
}

}  // namespace

std::string serialize(const Module& m) {
  Writer w(m);
  w.out += kMagic;
  w.u(kVersion);
  w.u(m.exprs.size());
  w.u(m.stmts.size());
  w.u(m.codes.size());
  for (const auto& e : m.exprs) write_expr(w, e);
  for (const auto& s : m.stmts) write_stmt(w, s);
  for (const auto& c : m.codes) write_code(w, c);
  w.ref(m.top);
  return std::move(w.out);
}

std::unique_ptr<Module> deserialize(std::string_view bytes, std::uint32_t file_id) {
  if (bytes.substr(0, kMagic.size()) != kMagic) return nullptr;
  auto m = std::make_unique<Module>();
  Reader r(bytes.substr(kMagic.size()), file_id);
  if (r.u() != kVersion || !r.ok) return nullptr;
  std::size_t ne = r.count(), ns = r.count(), nc = r.count();
  if (!r.ok) return nullptr;
  // every node first, so that references can point forward
  for (std::size_t k = 0; k < ne; ++k) r.exprs.push_back(&m->exprs.emplace_back());
  for (std::size_t k = 0; k < ns; ++k) r.stmts.push_back(&m->stmts.emplace_back());
  for (std::size_t k = 0; k < nc; ++k) r.codes.push_back(&m->codes.emplace_back());
  for (auto* e : r.exprs) read_expr(r, *e);
  for (auto* s : r.stmts) read_stmt(r, *s);
  for (auto* c : r.codes) read_code(r, *c);
  m->top = r.code();
  if (!r.ok) return nullptr;
  return m;
}

}  // namespace tenscan::ir
