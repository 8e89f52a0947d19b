// ir::serialize / ir::deserialize: the build-time lowering of the library stubs.
#include <catch2/catch.hpp>

#include <string>

#include "ir/serialize.h"
#include "models/stubs.h"
#include "python/lower.h"

namespace {

// Every statement and expression kind the lowering produces, closures, classes, defaults.
const char* kProgram = R"py(
import os.path as osp
from . import sibling
from collections import OrderedDict as OD, defaultdict
x, *rest = [1, 2.5, "s", b"b", None, True, ..., -3, 1 << 70]
y = {k: v for k, v in zip("ab", range(2)) if k} | {1, 2} if x else (lambda a, *b, c=1, **d: a)
z = f"{x!r:>4}" + x[1:2:3] + x[1, 2]
x += 1
def outer(p, /, q=2, *args, r, s=3, **kw):
    global G
    v = p
    def inner():
        nonlocal v
        v = v @ q
        yield v
        return (yield)
    with open(p) as f, open(q):
        pass
    try:
        raise ValueError("x") from None
    except (ValueError, TypeError) as e:
        del e
    except Exception:
        pass
    else:
        assert q, "message"
    finally:
        pass
    while p and not q or p is not None:
        if p in args: break
        elif (n := len(args)) > 1: continue
        else: p = -p
    for i in range(3):
        pass
    else:
        pass
    return inner
class C(object, metaclass=type):
    a: int = 1
    def m(self): return super().m()
)py";

}  // namespace

TEST_CASE("ir/serialize: a module reads back as the same module", "[ir]") {
  auto lr = tenscan::python::lower_module("m.py", "m", kProgram, 7, false);
  REQUIRE(lr.module);
  CHECK(lr.diags.empty());
  std::string bytes = tenscan::ir::serialize(*lr.module);
  auto back = tenscan::ir::deserialize(bytes, 7);
  REQUIRE(back);
  CHECK(back->exprs.size() == lr.module->exprs.size());
  CHECK(back->stmts.size() == lr.module->stmts.size());
  CHECK(back->codes.size() == lr.module->codes.size());
  REQUIRE(back->top);
  CHECK(back->top->body.size() == lr.module->top->body.size());
  // the same bytes again: every field of every node survived
  CHECK(tenscan::ir::serialize(*back) == bytes);
  // locations move to the file id given when reading
  auto moved = tenscan::ir::deserialize(bytes, 3);
  REQUIRE(moved);
  CHECK(moved->top->body[0]->loc.file == 3);
  CHECK(moved->top->body[0]->loc.line == lr.module->top->body[0]->loc.line);
}

TEST_CASE("ir/serialize: damaged bytes are refused, not read", "[ir]") {
  auto lr = tenscan::python::lower_module("m.py", "m", kProgram, 1, false);
  std::string bytes = tenscan::ir::serialize(*lr.module);
  CHECK_FALSE(tenscan::ir::deserialize("", 1));
  CHECK_FALSE(tenscan::ir::deserialize("TSIR", 1));
  CHECK_FALSE(tenscan::ir::deserialize("XXXX" + bytes.substr(4), 1));
  for (std::size_t cut : {std::size_t{5}, bytes.size() / 3, bytes.size() / 2, bytes.size() - 1})
    CHECK_FALSE(tenscan::ir::deserialize(bytes.substr(0, cut), 1));
  // a reference beyond the arena
  std::string bad = bytes;
  for (std::size_t i = 8; i < bad.size(); i += 7) bad[i] = static_cast<char>(0x7f);
  auto m = tenscan::ir::deserialize(bad, 1);  // refused or read, but never out of bounds (ASan)
  (void)m;
}

TEST_CASE("ir/serialize: every embedded library stub was lowered at build time", "[ir]") {
  const auto& stubs = tenscan::models::embedded_stubs();
  REQUIRE_FALSE(stubs.empty());
  for (const auto& s : stubs) {
    INFO(s.path);
    auto m = tenscan::ir::deserialize(s.ir, 1);
    REQUIRE(m);
    // the same as lowering the text now
    auto lr = tenscan::python::lower_module("<stub>/" + std::string(s.path), "x", std::string(s.text), 1, true);
    CHECK(tenscan::ir::serialize(*lr.module) == tenscan::ir::serialize(*m));
  }
}
