// ir::Liveness: which names a code object may still read after a statement, on the shapes of
// Python that training scripts have (a best-checkpoint branch inside an epoch loop, try/finally,
// functions that read globals, comprehensions).
#include "ir/liveness.h"

#include <catch2/catch.hpp>
#include <string>

#include "python/lower.h"

namespace {

using tenscan::ir::Code;
using tenscan::ir::Stmt;
using tenscan::ir::StmtKind;

// The n-th statement of kind k (in source order, at any depth) of code c.
const Stmt* nth(const tenscan::ir::Block& b, StmtKind k, int& n) {
  for (const Stmt* s : b) {
    if (s->kind == k && n-- == 0) return s;
    for (const auto* inner : {&s->body, &s->orelse, &s->finalbody})
      if (const Stmt* r = nth(*inner, k, n)) return r;
    for (const auto& h : s->handlers)
      if (const Stmt* r = nth(h.body, k, n)) return r;
  }
  return nullptr;
}

struct Lowered {
  tenscan::python::LowerResult lr;
  explicit Lowered(const std::string& src) : lr(tenscan::python::lower_module("m.py", "m", src, 1, false)) {
    REQUIRE(lr.module);
  }
  const Code& top() const { return *lr.module->top; }
  const Stmt* stmt(StmtKind k, int n = 0) const {
    const Stmt* s = nth(top().body, k, n);
    REQUIRE(s);
    return s;
  }
  // the body of the first function defined
  const Code& function() const {
    for (const auto& c : lr.module->codes)
      if (c.kind == Code::Kind::Function) return c;
    FAIL("no function");
    return top();
  }
};

}  // namespace

TEST_CASE("ir/liveness: a file handle bound in one branch of an epoch loop is dead after it", "[ir]") {
  Lowered m(R"py(
import torch
best = None
for epoch in range(40):
    val = evaluate()
    if not best or val < best:
        with open('m.pt', 'wb') as f:
            torch.save(model, f)
        best = val
    else:
        lr = lr / 4.0
with open('m.pt', 'rb') as f:
    model = torch.load(f)
print(lr)
)py");
  tenscan::ir::Liveness lv;
  const Stmt* branch = m.stmt(StmtKind::If);
  const Stmt* loop = m.stmt(StmtKind::For);
  CHECK_FALSE(lv.live_after(m.top(), branch, "f"));  // rebound by the next `with` before any read
  CHECK(lv.live_after(m.top(), branch, "best"));      // read by the next iteration's test
  CHECK(lv.live_after(m.top(), branch, "lr"));        // read after the loop
  CHECK_FALSE(lv.live_after(m.top(), branch, "val"));  // rebound at the top of each iteration
  CHECK_FALSE(lv.live_at_head(m.top(), loop, "f"));
  CHECK(lv.live_at_head(m.top(), loop, "best"));
}

TEST_CASE("ir/liveness: globals a function reads are always live in the module body", "[ir]") {
  Lowered m(R"py(
import random
if random.random() < 0.5:
    scale = 2
    tmp = 3
def f():
    return scale
print([tmp2 for _ in range(3)])
f()
)py");
  tenscan::ir::Liveness lv;
  const Stmt* branch = m.stmt(StmtKind::If);
  CHECK(lv.live_after(m.top(), branch, "scale"));      // f reads it, at some later time
  CHECK_FALSE(lv.live_after(m.top(), branch, "tmp"));  // nobody reads it
  CHECK(lv.live_after(m.top(), branch, "tmp2"));       // the comprehension reads it there
}

TEST_CASE("ir/liveness: handlers, finally, break and continue keep what they read alive", "[ir]") {
  Lowered m(R"py(
def train(loader):
    for x in loader:
        if x > 0:
            a = 1
            b = 2
            c = 3
            d = 4
        try:
            step(x)
        except ValueError:
            print(a)
            continue
        finally:
            print(b)
        if x > 9:
            break
    print(c)
    return 0
)py");
  tenscan::ir::Liveness lv;
  const Code& f = m.function();
  int n = 0;
  const Stmt* branch = nth(f.body, StmtKind::If, n);
  REQUIRE(branch);
  CHECK(lv.live_after(f, branch, "a"));  // the handler
  CHECK(lv.live_after(f, branch, "b"));  // finally
  CHECK(lv.live_after(f, branch, "c"));  // after the loop (the break leads there)
  CHECK_FALSE(lv.live_after(f, branch, "d"));
}

TEST_CASE("ir/liveness: code that calls locals(), vars(), eval() or exec() keeps everything alive", "[ir]") {
  for (const char* call : {"locals()", "vars()", "eval('a')", "exec('print(a)')", "globals()"}) {
    Lowered m(std::string("import random\nif random.random() < 0.5:\n    a = 1\nprint(") + call + ")\n");
    tenscan::ir::Liveness lv;
    CHECK(lv.live_after(m.top(), m.stmt(StmtKind::If), "a"));
  }
}
