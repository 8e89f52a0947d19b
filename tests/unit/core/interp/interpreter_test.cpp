// Python semantics of the symbolic interpreter, through analyze() and tenscan_reveal probes:
// classes, descriptors and dunders, closures, eager generators, exceptions, loops, unpacking,
// the builtin containers, argparse with script arguments, path splitting and merging on
// random values, and robustness (runaway recursion and loops, very long programs).
// Expected values are what CPython prints for the same programs.
#include <catch2/catch.hpp>
#include <string>

#include "../analysis_harness.h"

using tenscan::Notification;
using tenscan_test::analyze_program;
using tenscan_test::check_program;

// ---- the object model ------------------------------------------------------------------------

TEST_CASE("interp: classes, inheritance, super() and the MRO", "[interp]") {
  check_program(R"py(
class Base:
    kind = "base"
    def __init__(self, n):
        self.n = n
    def size(self):
        return self.n * 2
    def describe(self):
        return self.kind + ":" + str(self.size())

class Child(Base):
    kind = "child"
    def __init__(self, n, extra):
        super().__init__(n)
        self.extra = extra
    def size(self):
        return super().size() + self.extra

c = Child(3, 4)
tenscan_reveal(c.size())  # reveal: 10
tenscan_reveal(c.describe())  # reveal: 'child:10'
tenscan_reveal(Base(5).describe())  # reveal: 'base:10'
tenscan_reveal(isinstance(c, Base))  # reveal: True
tenscan_reveal(isinstance(Base(1), Child))  # reveal: False
tenscan_reveal(issubclass(Child, Base))  # reveal: True
tenscan_reveal(type(c).__name__)  # reveal: 'Child'
tenscan_reveal(Child.kind)  # reveal: 'child'

class A:
    def who(self):
        return "A"
class B(A):
    def who(self):
        return "B" + super().who()
class C(A):
    def who(self):
        return "C" + super().who()
class D(B, C):
    def who(self):
        return "D" + super().who()
tenscan_reveal(D().who())  # reveal: 'DBCA'
tenscan_reveal([k.__name__ for k in D.__mro__])  # reveal: ['D', 'B', 'C', 'A', 'object']

class Legacy(Base):
    def __init__(self, n):
        super(Legacy, self).__init__(n + 1)
tenscan_reveal(Legacy(1).n)  # reveal: 2

class Counter:
    count = 0
    def bump(self):
        self.count += 1
        return self.count
cc = Counter()
cc.bump()
tenscan_reveal(cc.bump())  # reveal: 2
tenscan_reveal(Counter.count)  # reveal: 0
)py");
}

TEST_CASE("interp: properties, staticmethod, classmethod, __call__ and operator dunders", "[interp]") {
  check_program(R"py(
class Temp:
    def __init__(self):
        self._c = 25
    @property
    def celsius(self):
        return self._c
    @property
    def fahrenheit(self):
        return self._c * 9 // 5 + 32
    @staticmethod
    def zero():
        return 0
    @classmethod
    def make(cls, v):
        t = cls()
        t._c = v
        return t
    def __call__(self, x):
        return x + self._c
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return i * 10
    def __contains__(self, x):
        return x == 7
    def __eq__(self, other):
        return other == 1
    def __add__(self, other):
        return self._c + other
    def __radd__(self, other):
        return other * 100
    def __iter__(self):
        return iter([1, 2, 3])

class Warm(Temp):
    pass

t = Temp()
tenscan_reveal(t.celsius)  # reveal: 25
tenscan_reveal(t.fahrenheit)  # reveal: 77
tenscan_reveal(Temp.zero())  # reveal: 0
tenscan_reveal(t.zero())  # reveal: 0
tenscan_reveal(Temp.make(40).celsius)  # reveal: 40
tenscan_reveal(t.make(10).celsius)  # reveal: 10
tenscan_reveal(type(Warm.make(1)).__name__)  # reveal: 'Warm'
tenscan_reveal(t(5))  # reveal: 30
tenscan_reveal(len(t))  # reveal: 3
tenscan_reveal(t[4])  # reveal: 40
tenscan_reveal(7 in t)  # reveal: True
tenscan_reveal(8 in t)  # reveal: False
tenscan_reveal(t == 1)  # reveal: True
tenscan_reveal(t + 1)  # reveal: 26
tenscan_reveal(2 + t)  # reveal: 200
tenscan_reveal(list(t))  # reveal: [1, 2, 3]
tenscan_reveal(hasattr(t, "_c"))  # reveal: True
tenscan_reveal(hasattr(t, "nope"))  # reveal: False
tenscan_reveal(getattr(t, "nope", 9))  # reveal: 9
setattr(t, "dyn", 11)
tenscan_reveal(t.dyn)  # reveal: 11
tenscan_reveal(callable(t))  # reveal: True
tenscan_reveal(callable(3))  # reveal: False
)py");
}

TEST_CASE("interp: an attribute error in user code ends the path", "[interp]") {
  // P and its bases are the project's own (no __getattr__): the attribute is certainly
  // missing, a finding of the program, and the path is complete
  auto r = check_program(R"py(
class P:
    pass
p = P()
tenscan_reveal(1)  # reveal: 1
x = p.missing  # expect: python/attribute-error
tenscan_reveal(2)  # reveal-none
)py");
  CHECK(r.result.completeness.complete);
}

TEST_CASE("interp: an attribute a class may have through its __dict__ or a library base is a gap, not a finding", "[interp]") {
  // the instance's __dict__ was handed out (attributes set through it are not followed), and
  // Loader's base is a library class whose model may lack the attribute
  auto r = check_program(R"py(
import random
class Config:
    def __init__(self, **kw):
        self.__dict__.update(kw)
cfg = Config(lr=0.1)
if random.random() < 0.5:
    x = cfg.momentum
else:
    x = random.Random(1).not_modelled_yet
)py");
  CHECK_FALSE(r.result.completeness.complete);
  CHECK(r.has_note_containing(Notification::Kind::Unsupported, "'Config' object has no attribute 'momentum'"));
  // --stats counts the paths each gap stopped
  CHECK(r.result.stats.unsupported ==
        std::map<std::string, int>{{"AttributeError: 'Config' object has no attribute 'momentum'", 1}});
}

TEST_CASE("interp: an assignment to an attribute calls the class's __setattr__", "[interp]") {
  check_program(R"py(
class Checked:
    def __init__(self):
        object.__setattr__(self, "log", [])
        self.width = 4
    def __setattr__(self, name, value):
        self.log.append(name)
        super().__setattr__(name, value * 2 if name == "width" else value)
class Plain(Checked):
    pass
c = Plain()
c.depth = 3
setattr(c, "width", 5)
tenscan_reveal(c.width)  # reveal: 10
tenscan_reveal(c.depth)  # reveal: 3
tenscan_reveal(len(c.log))  # reveal: 3
)py");
}

TEST_CASE("interp: a bare raise re-raises the exception as it came, whatever was raised meanwhile", "[interp]") {
  // the optimizer's TypeError is the program's certain failure (a library model refusing its
  // call); the script's own ValueError caught in between does not make the re-raise its own
  check_program(R"py(
import torch
model = torch.nn.Linear(2, 2)
try:
    opt = torch.optim.SGD(model.parameters(), lr="0.1")  # expect: python/type-error
except TypeError:
    try:
        raise ValueError("retrying")
    except ValueError:
        pass
    raise
)py");
}

TEST_CASE("interp: a property's setter takes the assignment; one without a setter refuses it", "[interp]") {
  check_program(R"py(
class Config:
    def __init__(self):
        self._width = 8
    @property
    def width(self):
        return self._width
    @width.setter
    def width(self, value):
        self._width = value * 2
    @property
    def depth(self):
        return 3
c = Config()
c.width = 5
tenscan_reveal(c.width)  # reveal: 10
c.depth = 4  # expect: python/attribute-error
)py");
}

TEST_CASE("interp: function calls bind arguments like Python", "[interp]") {
  check_program(R"py(
def kw(a, b=2, *, c):
    return a + b + c
tenscan_reveal(kw(1, c=3))  # reveal: 6
tenscan_reveal(kw(b=5, a=1, c=1))  # reveal: 7
try:
    kw(1)
except TypeError:
    tenscan_reveal("missing c")  # reveal: 'missing c'
try:
    kw(1, 2, 3)
except TypeError:
    tenscan_reveal("too many positional")  # reveal: 'too many positional'
def posonly(a, /, b):
    return a - b
tenscan_reveal(posonly(5, b=1))  # reveal: 4
try:
    posonly(a=5, b=1)
except TypeError:
    tenscan_reveal("posonly by keyword")  # reveal: 'posonly by keyword'
def unpack(*args, **kwargs):
    return len(args), sorted(kwargs.keys())
tenscan_reveal(unpack(*[1, 2], 3, **{"k": 1}, z=2))  # reveal: (3, ['k', 'z'])
def defaults(x, acc=[]):
    acc.append(x)
    return len(acc)
defaults(1)
tenscan_reveal(defaults(2))  # reveal: 2
total = 0
def add(v):
    global total
    total += v
add(3)
add(4)
tenscan_reveal(total)  # reveal: 7
def unbound():
    y = z_global
    z_global = 1
    return y
z_global = 5
try:
    unbound()
except UnboundLocalError:
    tenscan_reveal("unbound local")  # reveal: 'unbound local'
)py");
}

// ---- closures and generators ----------------------------------------------------------------

TEST_CASE("interp: closures, nonlocal counters and late binding", "[interp]") {
  check_program(R"py(
def counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc
c = counter()
c()
c(5)
tenscan_reveal(c())  # reveal: 7
d = counter()
tenscan_reveal(d())  # reveal: 1
tenscan_reveal(c())  # reveal: 8
adders = [lambda x, k=k: x + k for k in range(3)]
tenscan_reveal([f(10) for f in adders])  # reveal: [10, 11, 12]
late = [lambda x: x + k for k in range(3)]
tenscan_reveal([f(10) for f in late])  # reveal: [12, 12, 12]
x = 10
def shadow():
    x = 1
    def inner():
        return x
    return inner()
tenscan_reveal(shadow())  # reveal: 1
def outer():
    v = "outer"
    def middle():
        def innermost():
            return v
        return innermost
    return middle()()
tenscan_reveal(outer())  # reveal: 'outer'
def make_acc():
    items = []
    def push(v):
        items.append(v)
        return len(items)
    return push
push = make_acc()
push(1)
tenscan_reveal(push(2))  # reveal: 2
)py");
}

TEST_CASE("interp: generators run eagerly", "[interp]") {
  check_program(R"py(
def gen(n):
    for i in range(n):
        if i % 2 == 0:
            yield i * i
    yield from ["end"]
tenscan_reveal(list(gen(5)))  # reveal: [0, 4, 16, 'end']
g = gen(3)
tenscan_reveal(next(g))  # reveal: 0
tenscan_reveal(next(g))  # reveal: 4
tenscan_reveal(next(g))  # reveal: 'end'
tenscan_reveal(next(g, "done"))  # reveal: 'done'
tenscan_reveal(sum(x for x in range(5)))  # reveal: 10
tenscan_reveal([v for v in gen(2)])  # reveal: [0, 'end']
def pairs():
    yield 1, "a"
    yield 2, "b"
tenscan_reveal(dict(pairs())[2])  # reveal: 'b'
tenscan_reveal(list(zip([1, 2, 3], "ab")))  # reveal: [(1, 'a'), (2, 'b')]
tenscan_reveal(list(enumerate(["a", "b"], 1)))  # reveal: [(1, 'a'), (2, 'b')]
tenscan_reveal(sorted([3, 1, 2], reverse=True))  # reveal: [3, 2, 1]
tenscan_reveal(list(map(lambda v: v * 2, [1, 2])))  # reveal: [2, 4]
tenscan_reveal(list(filter(None, [0, 1, 2])))  # reveal: [1, 2]
tenscan_reveal(list(reversed([1, 2, 3])))  # reveal: [3, 2, 1]
tenscan_reveal(any([0, 0, 1]))  # reveal: True
tenscan_reveal(all([]))  # reveal: True
tenscan_reveal(min(3, 1, 2))  # reveal: 1
tenscan_reveal(max([4, 9, 2]))  # reveal: 9
tenscan_reveal(divmod(17, 5))  # reveal: (3, 2)
tenscan_reveal(abs(-4))  # reveal: 4
)py");
}

// ---- exceptions and loops ------------------------------------------------------------------

TEST_CASE("interp: try/except/finally flow", "[interp]") {
  check_program(R"py(
def risky(x):
    if x > 2:
        raise ValueError("too big")
    return x
log = []
for v in [1, 3]:
    try:
        r = risky(v)
        log.append("ok")
    except ValueError:
        log.append("caught")
        r = -1
    finally:
        log.append("finally")
tenscan_reveal(log)  # reveal: ['ok', 'finally', 'caught', 'finally']
tenscan_reveal(r)  # reveal: -1
ok = []
try:
    ok.append("body")
except KeyError:
    ok.append("handler")
else:
    ok.append("else")
tenscan_reveal(ok)  # reveal: ['body', 'else']
def f():
    try:
        return "try"
    finally:
        log.append("f-finally")
tenscan_reveal(f())  # reveal: 'try'
tenscan_reveal(log[-1])  # reveal: 'f-finally'
def g():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            log.append(i)
    return log[-3:]
tenscan_reveal(g())  # reveal: [0, 1, 2]
try:
    {}["missing"]
except (TypeError, KeyError):
    tenscan_reveal("keyerror")  # reveal: 'keyerror'
try:
    [][0]
except LookupError:
    tenscan_reveal("lookup")  # reveal: 'lookup'
try:
    1 // 0
except ZeroDivisionError:
    tenscan_reveal("zde")  # reveal: 'zde'
try:
    undefined_name
except NameError:
    tenscan_reveal("nameerror")  # reveal: 'nameerror'
try:
    None.attr
except AttributeError:
    tenscan_reveal("attr")  # reveal: 'attr'
try:
    int("x1")
except ValueError:
    tenscan_reveal("int-value")  # reveal: 'int-value'
try:
    assert 1 == 2, "msg"
except AssertionError:
    tenscan_reveal("assert")  # reveal: 'assert'
class MyErr(Exception):
    pass
try:
    raise MyErr("custom")
except KeyError:
    tenscan_reveal("wrong handler")  # reveal-none
except Exception:
    tenscan_reveal("custom")  # reveal: 'custom'
try:
    try:
        raise KeyError("inner")
    finally:
        log.append("inner-finally")
except KeyError:
    tenscan_reveal(log[-1])  # reveal: 'inner-finally'
)py");
}

TEST_CASE("interp: an uncaught exception ends its path with a note", "[interp]") {
  auto r = check_program(R"py(
def fail():
    raise RuntimeError("boom")
tenscan_reveal("before")  # reveal: 'before'
fail()
tenscan_reveal("after")  # reveal-none
)py");
  CHECK(r.has_note_containing(Notification::Kind::ScriptExit, "its own uncaught RuntimeError: boom"));
  CHECK(r.result.stats.paths_explored == 1);
}

TEST_CASE("interp: for/else, while/else, break and continue", "[interp]") {
  check_program(R"py(
for i in range(5):
    if i == 3:
        break
else:
    tenscan_reveal("no-break")  # reveal-none
tenscan_reveal(i)  # reveal: 3
for i in range(2):
    pass
else:
    tenscan_reveal("for-else")  # reveal: 'for-else'
n = 0
while n < 10:
    n += 1
    if n % 2:
        continue
    if n == 6:
        break
else:
    tenscan_reveal("while-else")  # reveal-none
tenscan_reveal(n)  # reveal: 6
m = 0
while m < 3:
    m += 1
else:
    tenscan_reveal("while-else-ran")  # reveal: 'while-else-ran'
acc = []
for i in range(3):
    for j in range(3):
        if j > i:
            break
        acc.append((i, j))
tenscan_reveal(acc)  # reveal: [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)]
evens = []
for k in range(7):
    if k % 2:
        continue
    evens.append(k)
tenscan_reveal(evens)  # reveal: [0, 2, 4, 6]
for ch in "ab":
    last = ch
tenscan_reveal(last)  # reveal: 'b'
for key in {"x": 1, "y": 2}:
    pass
tenscan_reveal(key)  # reveal: 'y'
)py");
}

// ---- values and containers -------------------------------------------------------------------

TEST_CASE("interp: unpacking, with starred targets", "[interp]") {
  check_program(R"py(
a, *b, c = [1, 2, 3, 4, 5]
tenscan_reveal(a)  # reveal: 1
tenscan_reveal(b)  # reveal: [2, 3, 4]
tenscan_reveal(c)  # reveal: 5
*h, t = "xyz"
tenscan_reveal(h)  # reveal: ['x', 'y']
(p, q), r = (1, 2), 3
tenscan_reveal(p + q + r)  # reveal: 6
x, y = y0, x0 = 1, 2
tenscan_reveal((x, y, y0, x0))  # reveal: (1, 2, 1, 2)
first, *rest = range(4)
tenscan_reveal(rest)  # reveal: [1, 2, 3]
*none, = []
tenscan_reveal(none)  # reveal: []
tenscan_reveal([*range(2), *[5]])  # reveal: [0, 1, 5]
tenscan_reveal((*"ab", 1))  # reveal: ('a', 'b', 1)
for i, (k, v) in enumerate([("a", 1)]):
    tenscan_reveal((i, k, v))  # reveal: (0, 'a', 1)
try:
    u, w = [1, 2, 3]
except ValueError:
    tenscan_reveal("too many")  # reveal: 'too many'
try:
    u, w, z = [1, 2]
except ValueError:
    tenscan_reveal("not enough")  # reveal: 'not enough'
)py");
}

TEST_CASE("interp: list, dict, set and str methods", "[interp]") {
  check_program(R"py(
l = [3, 1, 2]
l.append(4)
l.extend([5, 6])
l.insert(0, 0)
tenscan_reveal(l)  # reveal: [0, 3, 1, 2, 4, 5, 6]
tenscan_reveal(l.pop())  # reveal: 6
tenscan_reveal(l.pop(0))  # reveal: 0
l.remove(1)
tenscan_reveal(l)  # reveal: [3, 2, 4, 5]
tenscan_reveal(l.index(2))  # reveal: 1
tenscan_reveal(l.count(3))  # reveal: 1
l.sort()
tenscan_reveal(l)  # reveal: [2, 3, 4, 5]
l.reverse()
tenscan_reveal(l)  # reveal: [5, 4, 3, 2]
tenscan_reveal(l[1:3])  # reveal: [4, 3]
tenscan_reveal(l[::-1])  # reveal: [2, 3, 4, 5]
tenscan_reveal(l[-2:])  # reveal: [3, 2]
tenscan_reveal(l * 2)  # reveal: [5, 4, 3, 2, 5, 4, 3, 2]
tenscan_reveal(l + [9])  # reveal: [5, 4, 3, 2, 9]
tenscan_reveal(len(l))  # reveal: 4
tenscan_reveal(3 in l)  # reveal: True
l2 = l.copy()
l2.clear()
tenscan_reveal((l2, len(l)))  # reveal: ([], 4)
l[0] = 100
tenscan_reveal(l[0])  # reveal: 100
del l[0]
tenscan_reveal(l)  # reveal: [4, 3, 2]
alias = l
alias.append(1)
tenscan_reveal(len(l))  # reveal: 4

d = {"a": 1, "b": 2}
d["c"] = 3
tenscan_reveal(sorted(d.keys()))  # reveal: ['a', 'b', 'c']
tenscan_reveal(sorted(d.values()))  # reveal: [1, 2, 3]
tenscan_reveal(list(d.items())[0])  # reveal: ('a', 1)
tenscan_reveal(d.get("a"))  # reveal: 1
tenscan_reveal(d.get("z", 0))  # reveal: 0
tenscan_reveal(d.get("z"))  # reveal: None
tenscan_reveal(d.pop("b"))  # reveal: 2
tenscan_reveal(d.pop("zz", -1))  # reveal: -1
tenscan_reveal(d.setdefault("e", 5))  # reveal: 5
tenscan_reveal(d.setdefault("a", 99))  # reveal: 1
d.update({"f": 6}, g=7)
tenscan_reveal(len(d))  # reveal: 5
tenscan_reveal("a" in d)  # reveal: True
tenscan_reveal("b" in d)  # reveal: False
del d["a"]
tenscan_reveal(sorted(d))  # reveal: ['c', 'e', 'f', 'g']
tenscan_reveal(sorted({**d, "h": 8}))  # reveal: ['c', 'e', 'f', 'g', 'h']
tenscan_reveal(dict(a=1)["a"])  # reveal: 1
tenscan_reveal(dict([("x", 1)])["x"])  # reveal: 1
tenscan_reveal(sorted({k: v * 2 for k, v in [("p", 1), ("q", 2)]}.values()))  # reveal: [2, 4]
tenscan_reveal(len(d | {"z": 0}))  # reveal: 5
try:
    d["nope"]
except KeyError:
    tenscan_reveal("keyerror")  # reveal: 'keyerror'

s = {1, 2, 2, 3}
s.add(4)
s.add(1)
tenscan_reveal(len(s))  # reveal: 4
tenscan_reveal(sorted(s))  # reveal: [1, 2, 3, 4]
tenscan_reveal(2 in s)  # reveal: True
tenscan_reveal(len(set([1, 1, 2])))  # reveal: 2
tenscan_reveal(len({x % 3 for x in range(10)}))  # reveal: 3

st = " Hello, World "
tenscan_reveal(st.strip().lower())  # reveal: 'hello, world'
tenscan_reveal(st.split(","))  # reveal: [' Hello', ' World ']
tenscan_reveal("a-b-c".split("-"))  # reveal: ['a', 'b', 'c']
tenscan_reveal("a  b ".split())  # reveal: ['a', 'b']
tenscan_reveal("-".join(["x", "y"]))  # reveal: 'x-y'
tenscan_reveal("abc".upper())  # reveal: 'ABC'
tenscan_reveal("abc".startswith("ab"))  # reveal: True
tenscan_reveal("abc".endswith("x"))  # reveal: False
tenscan_reveal("abc".replace("b", "X"))  # reveal: 'aXc'
tenscan_reveal("abc"[1])  # reveal: 'b'
tenscan_reveal("abcdef"[1:4])  # reveal: 'bcd'
tenscan_reveal("12".isdigit())  # reveal: True
tenscan_reveal(str(12) + str(True) + str(None))  # reveal: '12TrueNone'
tenscan_reveal(str(1.5))  # reveal: '1.5'
tenscan_reveal(f"{1 + 1}-{'x'}")  # reveal: '2-x'
)py");
}

TEST_CASE("interp: numbers, booleans and comparisons", "[interp]") {
  check_program(R"py(
tenscan_reveal(int("42") + int(3.9) + int(True))  # reveal: 46
tenscan_reveal(int("0x1f", 16))  # reveal: 31
tenscan_reveal(float("2.5") == 2.5)  # reveal: True
tenscan_reveal(len(range(2, 10, 3)))  # reveal: 3
tenscan_reveal(list(range(10, 0, -3)))  # reveal: [10, 7, 4, 1]
tenscan_reveal(bool([]) or bool("x"))  # reveal: True
tenscan_reveal(1 if [] else 2)  # reveal: 2
tenscan_reveal(None or 0 or "last")  # reveal: 'last'
tenscan_reveal(5 and 0)  # reveal: 0
tenscan_reveal(not 0)  # reveal: True
tenscan_reveal(0 < 5 < 10 <= 10)  # reveal: True
tenscan_reveal(1 < 3 > 5)  # reveal: False
tenscan_reveal(7 // 2 + 7 % 3 + 2 ** 10 + (-7) // 2)  # reveal: 1024
tenscan_reveal((-7) % 3)  # reveal: 2
tenscan_reveal(True + True)  # reveal: 2
tenscan_reveal(6 & 3 | 8 ^ 1)  # reveal: 11
tenscan_reveal(1 << 4)  # reveal: 16
tenscan_reveal(2 / 4)  # reveal: 0.5
tenscan_reveal(round(2.5))  # reveal: 2
tenscan_reveal((1, 2) + (3,))  # reveal: (1, 2, 3)
tenscan_reveal([1, 2] == [1, 2])  # reveal: True
tenscan_reveal((1, 2) != (1, 3))  # reveal: True
tenscan_reveal("b" > "a")  # reveal: True
tenscan_reveal(isinstance(3, (str, int)))  # reveal: True
tenscan_reveal(isinstance(True, int))  # reveal: True
tenscan_reveal(type(None).__name__)  # reveal: 'NoneType'
tenscan_reveal(None is None)  # reveal: True
tenscan_reveal([] is not None)  # reveal: True
x = 5
tenscan_reveal((y := x * 2) + y)  # reveal: 20
)py");
}

// ---- argparse with script arguments ---------------------------------------------------------

namespace {

const char* const kArgparseProgram = R"py(
import argparse
p = argparse.ArgumentParser(description="train")
p.add_argument("--batch-size", type=int, default=64)
p.add_argument("--lr", type=float, default=0.1)
p.add_argument("--model", choices=["small", "big"], default="small")
p.add_argument("--cuda", action="store_true")
p.add_argument("--no-shuffle", dest="shuffle", action="store_false")
p.add_argument("--epochs", type=int, default=1)
p.add_argument("--layers", type=int, nargs="+", default=[8])
p.add_argument("--name", default="run")
p.add_argument("--verbose", "-v", action="count", default=0)
args = p.parse_args()
tenscan_reveal(args.batch_size)
tenscan_reveal(args.model)
tenscan_reveal(args.cuda)
tenscan_reveal(args.shuffle)
tenscan_reveal(args.epochs)
tenscan_reveal(args.layers)
tenscan_reveal(args.name)
tenscan_reveal(args.verbose)
tenscan_reveal(args.lr > 0.01)
)py";

std::vector<std::string> argparse_reveals(const std::vector<std::string>& argv) {
  auto r = analyze_program(kArgparseProgram, argv);
  INFO("arguments: " << [&] {
    std::string s;
    for (const auto& a : argv) s += a + " ";
    return s;
  }());
  CHECK(r.findings().empty());
  return r.reveals();
}

}  // namespace

TEST_CASE("interp: argparse defaults, type=, store_true/store_false, dest and count", "[interp][argparse]") {
  CHECK(argparse_reveals({}) ==
        std::vector<std::string>{"64", "'small'", "False", "True", "1", "[8]", "'run'", "0", "True"});
  CHECK(argparse_reveals({"--batch-size", "7", "--model", "big", "--cuda", "--no-shuffle", "--epochs", "3",
                          "--layers", "4", "5", "--name=x", "-v", "--verbose", "--lr", "0.001"}) ==
        std::vector<std::string>{"7", "'big'", "True", "False", "3", "[4, 5]", "'x'", "2", "False"});
}

TEST_CASE("interp: argparse option abbreviations and dashes in option names", "[interp][argparse]") {
  // --batch is an unambiguous prefix of --batch-size; the dest uses underscores
  CHECK(argparse_reveals({"--batch", "9", "--epo", "2"}) ==
        std::vector<std::string>{"9", "'small'", "False", "True", "2", "[8]", "'run'", "0", "True"});
  CHECK(argparse_reveals({"--batch-size=12"}).front() == "12");
}

TEST_CASE("interp: an argparse error exits the script: no findings, no analysis after it",
          "[interp][argparse]") {
  const std::string program = std::string(kArgparseProgram) +
                              "import torch\n"
                              "y = torch.randn(2, 3) + torch.randn(4)\n";
  for (const auto& argv : std::vector<std::vector<std::string>>{{"--model", "huge"},
                                                                {"--batch-size", "x"},
                                                                {"--unknown", "1"},
                                                                {"--l", "1"},  // ambiguous: --lr, --layers
                                                                {"--epochs"}}) {
    INFO("arguments: " << argv[0]);
    auto r = analyze_program(program, argv);
    CHECK(r.findings().empty());
    CHECK(r.reveals().empty());
    CHECK(r.notes(Notification::Kind::ScriptExit).size() == 1);
  }
  // with valid arguments the same program reaches the broadcast error
  auto ok = analyze_program(program, {"--model", "big"});
  CHECK(ok.findings() == std::vector<std::string>{"shape/broadcast@24"});
}

TEST_CASE("interp: argparse parse_known_args, positionals and set_defaults", "[interp][argparse]") {
  check_program(R"py(
import argparse
p = argparse.ArgumentParser()
p.add_argument("data")
p.add_argument("--seed", type=int)
p.add_argument("--opt", default="sgd", choices=["sgd", "adam"])
p.set_defaults(extra=42)
args, rest = p.parse_known_args()
tenscan_reveal(args.data)  # reveal: 'train.csv'
tenscan_reveal(args.seed)  # reveal: None
tenscan_reveal(args.opt)  # reveal: 'adam'
tenscan_reveal(args.extra)  # reveal: 42
tenscan_reveal(rest)  # reveal: ['--other', '5']
explicit = p.parse_args(["x.csv", "--seed", "3"])
tenscan_reveal((explicit.data, explicit.seed))  # reveal: ('x.csv', 3)
)py",
                {"train.csv", "--opt", "adam", "--other", "5"});
}

TEST_CASE("interp: argparse values drive tensor shapes", "[interp][argparse]") {
  const char* program = R"py(
import argparse
import torch
import torch.nn as nn
p = argparse.ArgumentParser()
p.add_argument("--hidden", type=int, default=32)
args = p.parse_args()
net = nn.Sequential(nn.Linear(10, args.hidden), nn.ReLU(), nn.Linear(32, 2))
tenscan_reveal(net(torch.randn(4, 10)))
)py";
  auto good = analyze_program(program, {});
  CHECK(good.findings().empty());
  CHECK(good.reveal_at(9) == "[4, 2] float32");
  auto bad = analyze_program(program, {"--hidden", "16"});
  CHECK(bad.findings() == std::vector<std::string>{"shape/matmul-inner-dim@9"});
}

// ---- paths -----------------------------------------------------------------------------------

TEST_CASE("interp: branching on random.randint splits paths", "[interp][paths]") {
  auto r = check_program(R"py(
import random
import torch
n = random.randint(1, 3)
if n == 1:
    x = torch.zeros(2, 3)
elif n == 2:
    x = torch.zeros(3, 3)
else:
    x = torch.zeros(4, 3)
tenscan_reveal(x)  # reveal: [2, 3] float32 | [3, 3] float32 | [4, 3] float32
tenscan_reveal(x.sum(0))  # reveal: [3] float32
)py");
  CHECK(r.result.stats.paths_explored == 3);
  CHECK(r.result.stats.paths_valid == 3);
}

TEST_CASE("interp: a finding on one path only carries that path's condition", "[interp][paths]") {
  auto r = check_program(R"py(
import random
import torch
mode = random.randint(0, 1)
if mode == 0:
    w = torch.randn(3, 5)
else:
    w = torch.randn(4, 5)
y = torch.randn(2, 3) @ w  # expect: shape/matmul-inner-dim
tenscan_reveal(y)  # reveal: [...] float32 | [2, 5] float32
)py");
  CHECK(r.result.stats.paths_explored == 2);
  CHECK(r.result.stats.paths_valid == 1);
  CHECK(r.result.stats.paths_invalid == 1);
  REQUIRE(r.result.findings.size() == 1);
  const auto& f = r.result.findings[0];
  CHECK(f.message == "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5) (on the path where `mode == 0` is false)");
  CHECK(f.path_conditions == std::vector<std::string>{"`mode == 0` is false"});
  bool branch_note = false;
  for (const auto& rel : f.related)
    branch_note = branch_note || (rel.range.line == 5 && rel.message.find("is false") != std::string::npos);
  CHECK(branch_note);
}

TEST_CASE("interp: paths that become equal again are merged", "[interp][paths]") {
  auto r = check_program(R"py(
import random
def pick():
    total = 0
    for i in range(10):
        if random.randint(0, 1):
            k = 1
        else:
            k = 1
        total += k
    return total
tenscan_reveal(pick())  # reveal: 10
)py");
  // ten undecidable branches, but both arms leave the same state each time
  CHECK(r.result.stats.paths_explored == 1);
  CHECK(r.result.stats.paths_pruned == 0);
}

TEST_CASE("interp: the path budget drops extra paths and says so", "[interp][paths]") {
  // (strings: paths that differ only in ints join, see the next test)
  std::string program = "import random\ndef f():\n    n = ''\n";
  for (int i = 0; i < 3; ++i)
    program += "    if random.randint(0, 1):\n        n += '" + std::to_string(1 << i) + "'\n";
  program += "    return n\ntenscan_reveal(f())\n";
  tenscan::AnalysisOptions opts;
  opts.max_paths = 2;
  auto r = analyze_program(program, {}, opts);
  CHECK(r.result.stats.paths_pruned > 0);
  CHECK(r.has_note_containing(Notification::Kind::Budget,
                              "more than 2 paths; the extra paths were not analysed"));
  CHECK(r.reveals_at(11).size() <= 2);
  CHECK(r.result.stats.paths_valid <= 2);
  auto all = analyze_program(program);
  CHECK(all.result.stats.paths_pruned == 0);
  CHECK(
      tenscan_test::sorted(all.reveals_at(11)) ==
      std::vector<std::string>{"''", "'1'", "'12'", "'124'", "'14'", "'2'", "'24'", "'4'"});  // every subset of 1, 2, 4
  CHECK(all.result.stats.paths_valid == 8);
}

TEST_CASE("interp: the arms of an if that differ in ints and requirements join into one path", "[interp][paths][join]") {
  std::string program = "import random\nimport torch\ndef f():\n    n = 0\n    x = torch.zeros(8)\n";
  for (int i = 0; i < 12; ++i)
    program += "    if random.randint(0, 1):\n        n += " + std::to_string(1 << i) + "\n" +
               "        s = random.randint(2, 4)\n        r = random.randint(0, 8 - s)\n        x[r + s // 2] = 1.0\n";
  program += "    return n, x\nn, x = f()\ntenscan_reveal(n)\ntenscan_reveal(x.shape[0] >= 0)\n";
  auto r = analyze_program(program);
  CHECK(r.result.stats.paths_pruned == 0);
  CHECK(r.result.stats.paths_valid == 1);  // 4096 without the join
  CHECK(r.result.completeness.complete);
}

// ---- robustness ------------------------------------------------------------------------------

TEST_CASE("interp: unbounded recursion stops at the call-depth limit", "[interp][robustness]") {
  tenscan::AnalysisOptions limits;
  limits.max_call_depth = 100;
  auto r = check_program(R"py(
def f(n):
    return f(n + 1) + 1
x = f(0)
tenscan_reveal(x)  # reveal: unknown
def g(n):
    if n == 0:
        return 0
    return g(n - 1) + 1
tenscan_reveal(g(50))  # reveal: 50
)py",
                         {}, limits);
  CHECK(r.has_note_containing(Notification::Kind::Budget, "call depth limit reached in f"));
  CHECK(r.result.completed);
  // mutual recursion through methods, with a lower limit
  tenscan::AnalysisOptions opts;
  opts.max_call_depth = 20;
  auto m = analyze_program(
      "class A:\n"
      "    def ping(self, n):\n"
      "        return self.pong(n)\n"
      "    def pong(self, n):\n"
      "        return self.ping(n)\n"
      "tenscan_reveal(A().ping(1))\n",
      {}, opts);
  CHECK(m.reveal_at(6) == "unknown");
  CHECK(m.has_note_containing(Notification::Kind::Budget, "call depth limit reached"));
}

TEST_CASE("interp: a while loop that never ends on its condition stops at the loop cap", "[interp][robustness]") {
  tenscan::AnalysisOptions opts;
  opts.max_loop_unroll = 200;
  auto r = check_program(R"py(
i = 0
while True:
    i += 1
    if i == 100:
        break
tenscan_reveal(i)  # reveal: 100
n = 0
while n >= 0:
    n += 1
tenscan_reveal(n)  # reveal-none
)py",
                         {}, opts);
  CHECK(r.has_note_containing(Notification::Kind::Budget, "while loop still running after 200 iterations"));
  CHECK(r.result.stats.paths_explored == 1);
  CHECK(r.result.stats.paths_dontknow == 1);  // not analysed to the end: never reported valid
  CHECK(r.result.stats.paths_valid == 0);
}

TEST_CASE("interp: `while True:` with no way out is explored to a fixpoint, not capped", "[interp][robustness]") {
  // a loop that only the process's end stops (a server, an online-learning worker): exact up to
  // the cap, then its known counters widen and the loop is covered; what it required is kept
  tenscan::AnalysisOptions opts;
  opts.max_loop_unroll = 200;
  auto r = check_program(R"py(
import torch
n = 0
while True:
    n += 1
    x = torch.randn(4, 3)
    y = x @ torch.randn(4, 2)  # expect: shape/matmul-inner-dim
tenscan_reveal(n)  # reveal-none
)py",
                         {}, opts);
  CHECK_FALSE(r.has_note_containing(Notification::Kind::Budget, "while loop still running"));
  CHECK(r.result.completeness.complete);
}

TEST_CASE("interp: a loop over an unknown-length range summarises the body", "[interp][robustness]") {
  check_program(R"py(
import random
import torch
n = random.randint(1, 1000000)
acc = torch.zeros(3)
for i in range(n):
    acc = acc + torch.ones(3)
tenscan_reveal(acc)  # reveal: [3] float32
tenscan_reveal(sum(range(100)))  # reveal: 4950
)py");
}

TEST_CASE("interp: the statement budget stops runaway analyses", "[interp][robustness]") {
  tenscan::AnalysisOptions opts;
  opts.max_statements = 2000;
  auto r = analyze_program(
      "import torch\n"
      "y = torch.zeros(2, 3) @ torch.zeros(4, 5)\n"
      "x = 0\n"
      "for i in range(60):\n"  // (loops of 60 known items are unrolled: exact, and costly)
      "    for j in range(60):\n"
      "        x += 1\n"
      "tenscan_reveal(x)\n",
      {}, opts);
  CHECK(r.has_note_containing(Notification::Kind::Budget,
                              "analysis stopped at its work budget (2000 interpreted statements"));
  CHECK(r.reveals().empty());
  CHECK(r.result.stats.paths_valid == 0);
  // the stopped path ran a real prefix of the program: the failure it met is reported
  CHECK(r.findings() == std::vector<std::string>{"shape/matmul-inner-dim@2"});
}

TEST_CASE("interp: the time budget stops the analysis and keeps what was found", "[interp][robustness]") {
  // the CI driver gives each worker a time budget below its timeout: a slow entry reports its
  // findings with a note instead of being killed with nothing
  // (the budget must outlast the lines before the loop even under ASan on a loaded machine,
  // where importing the torch models alone takes a few tenths of a second; the loops' 777
  // million iterations, each unrolled (60 known items, a known counter), outlast any budget)
  tenscan::AnalysisOptions opts;
  opts.max_statements = 1'000'000'000'000;
  opts.max_seconds = 2;
  auto r = analyze_program(R"py(
import torch
y = torch.zeros(2, 3) @ torch.zeros(4, 5)
x = 0
for i in range(60):
    for j in range(60):
        for k in range(60):
            for m in range(60):
                for n in range(60):
                    x += 1
tenscan_reveal(x)
)py",
                           {}, opts);
  CHECK(r.has_note_containing(Notification::Kind::Budget, "analysis stopped at its time budget (2 s)"));
  CHECK(r.findings() == std::vector<std::string>{"shape/matmul-inner-dim@3"});
  CHECK(r.reveals().empty());
}

namespace {
/// A straight-line program of `groups` groups of five lines (an assignment, an accumulation, a
/// decided `if`, and every 50th group a tensor operation), 5 * groups + 5 lines in all.
std::string long_program(int groups) {
  std::string program = "import torch\nacc = 0\nt = torch.zeros(2, 3)\n";
  for (int i = 0; i < groups; ++i) {
    std::string v = "v" + std::to_string(i);
    program += v + " = " + std::to_string(i) + " * 2 + 1\n";
    program += "acc = acc + " + v + "\n";
    program += "if " + v + " > 1000000:\n    acc = 0\n";
    program += i % 50 == 0 ? "t = t + torch.ones(3)\n" : "pass\n";
  }
  return program + "tenscan_reveal(acc)\ntenscan_reveal(t)\n";
}
}  // namespace

TEST_CASE("interp: a 20000-line program completes quickly", "[interp][robustness]") {
  // "Quickly" in the analysis's own measure of work, not in seconds (a loaded CI machine running
  // ASan says nothing about the code): the statements executed grow exactly linearly with the
  // program, there is one path, and the analysis completes within a work budget of twice that.
  auto executed = [](int groups, long budget) {
    tenscan::AnalysisOptions opts;
    if (budget > 0) opts.max_statements = budget;
    auto r = analyze_program(long_program(groups), {}, opts);
    CHECK(r.result.completed);
    CHECK(r.findings().empty());
    CHECK(r.result.stats.paths_explored == 1);
    CHECK(r.result.stats.paths_merged == 0);
    return std::make_pair(r, static_cast<long>(r.result.stats.statements_executed));
  };
  const long base = executed(0, 0).second;
  const long per400 = executed(400, 0).second;
  const long expected = base + 10 * (per400 - base);
  auto [r, all] = executed(4000, 2 * expected);
  CHECK(all == expected);
  CHECK(all - base <= 4 * 4000);  // at most 4 statements a group (the tensor ops included)
  REQUIRE(r.reveals().size() == 2);
  CHECK(r.reveals()[0] == "16000000");  // sum of 2i + 1 for i < 4000
  CHECK(r.reveals()[1] == "[2, 3] float32");
}

TEST_CASE("interp: a file that does not parse is reported and not executed", "[interp][robustness]") {
  auto r = analyze_program(
      "import torch\nx = torch.randn(2, 3) + torch.randn(4)\ndef f(:\n    pass\ntenscan_reveal(1)\n");
  CHECK(r.findings() == std::vector<std::string>{"python/syntax-error@3"});
  CHECK(r.reveals().empty());
  CHECK(r.result.stats.paths_explored == 0);
}

TEST_CASE("interp: imports of project modules and packages", "[interp]") {
  auto r = tenscan_test::analyze_files({
      {"main.py",
       "from pkg import helpers\n"
       "from pkg.sub.leaf import VALUE as V\n"
       "import pkg.sub.leaf\n"
       "from pkg.rel import via_relative\n"
       "tenscan_reveal(helpers.double(4))\n"
       "tenscan_reveal(V)\n"
       "tenscan_reveal(pkg.sub.leaf.VALUE + 1)\n"
       "tenscan_reveal(via_relative())\n"
       "from pkg import *\n"
       "tenscan_reveal(PUBLIC)\n"},
      {"pkg/__init__.py", "PUBLIC = 'pub'\n_private = 1\n"},
      {"pkg/helpers.py", "def double(x):\n    return 2 * x\n"},
      {"pkg/sub/__init__.py", ""},
      {"pkg/sub/leaf.py", "VALUE = 7\n"},
      {"pkg/rel.py",
       "from .helpers import double\nfrom .sub import leaf\ndef via_relative():\n    return "
       "double(leaf.VALUE)\n"},
  });
  CHECK(r.findings().empty());
  CHECK(r.reveal_at(5) == "8");
  CHECK(r.reveal_at(6) == "7");
  CHECK(r.reveal_at(7) == "8");
  CHECK(r.reveal_at(8) == "14");
  CHECK(r.reveal_at(10) == "'pub'");
  for (const auto& [name, count] : r.result.stats.unmodelled_calls) {
    INFO("unmodelled: " << name);
    CHECK(false);
  }
}

TEST_CASE("interp: an unreadable entry is not analysed", "[interp][robustness]") {
  tenscan_test::MemorySource src;
  auto res = tenscan::analyze(src, "missing.py", {});
  CHECK_FALSE(res.completed);
  REQUIRE(res.notifications.size() == 1);
  CHECK(res.notifications[0].kind == Notification::Kind::UnreadableFile);
}

TEST_CASE("interp: attributes keep the order they were set in, as Python's __dict__", "[interp]") {
  auto r = check_program(R"py(
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.flat = nn.Flatten()
        self.fc = nn.Linear(8, 10)
class Plain:
    def __init__(self):
        self.z, self.y, self.k0, self.k1, self.k2, self.k3, self.k4, self.k5, self.k6, self.k7 = range(10)
        self.a = 10
        del self.k3
m = Net()
feat = nn.Sequential(*list(m.children())[:-1])
tenscan_reveal(feat(torch.randn(2, 1, 28, 28)))  # reveal: [2, 8] float32
p = Plain()
tenscan_reveal(list(vars(p).keys())[:3])  # reveal: ['z', 'y', 'k0']
tenscan_reveal(list(vars(p).keys())[-3:])  # reveal: ['k6', 'k7', 'a']
tenscan_reveal(p.a + p.k7)  # reveal: 19
tenscan_reveal(len(vars(p)))  # reveal: 10
)py");
  CHECK(r.result.findings.empty());
}

TEST_CASE("interp: a dict looked up with a symbolic int key takes one path per key, or one joined value", "[interp]") {
  auto r = check_program(R"py(
import random
import torch
groups = {}
for i in range(3):
    groups[i] = torch.zeros(i + 1, 4)
pairs = {0: torch.zeros(1, 4), 1: torch.zeros(5)}
tenscan_reveal(groups[random.randint(0, 2)].shape)  # reveal: (size, 4)
tenscan_reveal(groups[random.randint(1, 1)].shape)  # reveal: (2, 4)
tenscan_reveal(pairs[random.randint(0, 1)].shape)  # reveal: (1, 4) | (5,)
)py");
  // three tensors of one rank: one path whose first dim covers 1..3 (per-class index arrays
  // looked up by a random class would otherwise multiply the paths by the class count)
  auto b = tenscan_test::analyze_program(R"py(
import random
import torch
groups = {i: torch.zeros(i + 1, 4) for i in range(3)}
n = groups[random.randint(0, 2)].size(0)
if n < 1 or n > 3:
    tenscan_reveal(n)
tenscan_reveal(n)
)py");
  CHECK(b.reveals_at(7).empty());
  CHECK(b.reveals_at(8) == std::vector<std::string>{"size"});
  // a key outside the dict: a KeyError path, not a guess
  auto k = tenscan_test::analyze_program(R"py(
import random
groups = {0: 'a', 1: 'b'}
tenscan_reveal(groups[random.randint(0, 2)])
)py");
  CHECK(k.reveals_at(4) == std::vector<std::string>{"'a'", "'b'"});
  bool key_error = false;
  for (const auto& n : k.result.notifications) key_error = key_error || n.message.find("KeyError") != std::string::npos;
  CHECK(key_error);
}

TEST_CASE("interp: torch.accelerator reports no accelerator, like torch.cuda", "[interp]") {
  check_program(R"py(
import torch
use_accel = torch.accelerator.is_available()
tenscan_reveal(use_accel)  # reveal: False
device = torch.accelerator.current_accelerator() if use_accel else torch.device("cpu")
tenscan_reveal(torch.nn.Linear(3, 2).to(device)(torch.zeros(4, 3)))  # reveal: [4, 2] float32
)py");
}

TEST_CASE("interp: an unknown value tested twice gives the same answer", "[interp]") {
  // `(x.is_cuda or u) and n > 1` leaves u itself on its falsy side; the `if` tests u again
  check_program(R"py(
import random
import torch
u = random.random() > 0.5
n = 1
if (torch.zeros(2).is_cuda or u) and n > 1:
    tenscan_reveal("multi")  # reveal-none
else:
    tenscan_reveal("single")  # reveal: 'single'
v = u and 3 > 4
if v:
    tenscan_reveal("taken")  # reveal-none
)py");
}

TEST_CASE("interp: a range bounded by a data-decided length runs once, not once per value", "[interp]") {
  // len(rows) is a symbol >= 0 the data decides: range(min(len(rows), 1)) is not split into a
  // path with 0 iterations (where torch.cat([]) would be a false error) and one with 1
  check_program(R"py(
from io import open
import torch
rows = []
for line in open("data.txt"):
    rows.append(torch.zeros(3))
parts = []
for i in range(min(len(rows), 1)):
    parts.append(rows[i])
x = torch.cat(parts)
)py");
}

TEST_CASE("interp: the paths out of a loop of unknown length share what the loop grew", "[interp]") {
  // a vocabulary built line by line (word_language_model's Dictionary): the paths where the
  // body added a word and where it did not leave the loop with one list and one dict, so
  // that a second file read the same way does not double the paths again
  auto r = tenscan_test::analyze_program(R"py(
class Dictionary:
    def __init__(self):
        self.word2idx = {}
        self.idx2word = []

    def add_word(self, word):
        if word not in self.word2idx:
            self.idx2word.append(word)
            self.word2idx[word] = len(self.idx2word) - 1
        return self.word2idx[word]

d = Dictionary()
for name in ['train.txt', 'valid.txt', 'test.txt']:
    with open(name) as f:
        for line in f:
            for word in line.split() + ['<eos>']:
                d.add_word(word)
    tenscan_reveal(len(d.idx2word))
tenscan_reveal(len(d.idx2word))
)py");
  CHECK(r.reveals_at(19).size() == 3);  // one length per file read, not per path
  CHECK(r.reveals_at(20).size() == 1);
}

TEST_CASE("interp: what a loop of data-decided length builds one element per iteration is as long as it", "[interp]") {
  // a comprehension over rows the data sizes (Cora's citation list mapped to row numbers) gives
  // a list of that many elements, not of some other unknown length; a filter or a break makes
  // the length unknown again. A dict it fills stands for all its entries: another key looks up
  // one of its values (no KeyError), and membership is unknown
  auto r = tenscan_test::analyze_program(R"py(
import random
import torch
n = random.randint(5, 5000)
ids = list(range(n))
tenscan_reveal(len(ids))
squares = [x * x for x in ids]
tenscan_reveal(len(squares))
evens = [x for x in ids if x % 2 == 0]
tenscan_reveal(len(evens))
row_of = {x: i for i, x in enumerate(ids)}
tenscan_reveal(row_of[12345])
tenscan_reveal(12345 in row_of)
tenscan_reveal(row_of.get(12345, -1))
tenscan_reveal(len(row_of.keys()) == len(row_of))
rows = [r.sum() for r in torch.zeros(n + 1, 3)]
tenscan_reveal(len(rows))
early = []
for x in ids:
    if x == 7:
        break
    early.append(x)
tenscan_reveal(len(early))
edges = torch.tensor([[row_of[a], row_of[b]] for a, b in torch.zeros(n, 2, dtype=torch.long).tolist()])
tenscan_reveal(edges)
)py");
  CHECK(r.findings().empty());
  CHECK(r.reveal_at(6) == "random.randint(5, 5000)");
  CHECK(r.reveal_at(8) == "random.randint(5, 5000)");
  CHECK(r.reveal_at(10).rfind("len(list)", 0) == 0);  // filtered: fewer, how many the data decides
  CHECK(r.reveal_at(12) == "0");  // the value the comprehension's representative iteration stored
  CHECK(r.reveal_at(13) == "unknown");
  CHECK(r.reveal_at(14) == "unknown");
  CHECK(r.reveal_at(15) == "True");
  CHECK(r.reveal_at(17) == "random.randint(5, 5000) + 1");
  CHECK(r.reveal_at(23).rfind("len(list)", 0) == 0);  // a break can end it early
  CHECK(r.reveal_at(25) == "[random.randint(5, 5000), 2] int64");
}

TEST_CASE("interp: zip of lists of unknown length pairs their representatives", "[interp]") {
  // actor_critic's `for (log_prob, value), R in zip(saved_actions, returns)`: the elements of
  // a list a loop of unknown length built were unknown at a symbolic index
  auto r = tenscan_test::analyze_program(R"py(
import random
import torch
n = random.randint(5, 5000)
xs = [torch.zeros(3) for _ in range(n)]
ys = [i for i in range(n)]
pairs = list(zip(xs, ys))
tenscan_reveal(len(pairs))
for a, b in zip(xs, [1, 2, 3]):
    tenscan_reveal(a)
tenscan_reveal(list(zip([1, 2], [3, 4])))
)py");
  CHECK(r.findings().empty());
  CHECK(r.reveal_at(8) == "random.randint(5, 5000)");  // both lists are n long
  CHECK(r.reveal_at(10) == "[3] float32");
  CHECK(r.reveal_at(11) == "[(1, 3), (2, 4)]");
}

TEST_CASE("interp: what a long loop's representative iteration changes may end anywhere", "[interp]") {
  // 70 items: one iteration, then one for all the rest. x steps from 3 down to 2 there, but
  // ends at 4 (Python): one step's direction is no bound on where the steps go
  check_program(R"py(
x = 1
for i in range(70):
    x = (x * 3) % 7
if x > 3:
    tenscan_reveal("above 3")  # reveal: 'above 3'
else:
    tenscan_reveal("at most 3")  # reveal: 'at most 3'
)py");
}

TEST_CASE("interp: a draw from random is a float in the range it is drawn from", "[interp]") {
  check_program(R"py(
import random
tenscan_reveal(random.random())  # reveal: a float in [0.0, 1.0]
tenscan_reveal(random.uniform(0.5, 0.1))  # reveal: a float in [0.1, 0.5]
lam = random.betavariate(0.4, 0.4)
tenscan_reveal(lam * 2 <= 2)  # reveal: True
tenscan_reveal(random.expovariate(2.0) >= 0)  # reveal: True
tenscan_reveal(random.gauss(0, 1) < 0)  # reveal: unknown
)py");
}

TEST_CASE("interp: the math module is exact on known numbers and bounded on finite ones", "[interp]") {
  check_program(R"py(
import math
import random
import torch
tenscan_reveal(math.log2(64))  # reveal: 6.0
tenscan_reveal(int(math.log2(32)) - 3)  # reveal: 2
tenscan_reveal(math.sqrt(2.25))  # reveal: 1.5
tenscan_reveal(math.exp(0))  # reveal: 1.0
tenscan_reveal(math.log(8, 2))  # reveal: 3.0
x = random.random()  # the library may be an ulp off: bounds round outwards
tenscan_reveal(math.exp(x))  # reveal: a float in [0.9999999999999999, 2.718281828459046)
tenscan_reveal(math.tanh(random.gauss(0, 1)))  # reveal: a float in [-1.0, 1.0]
tenscan_reveal(math.sqrt(torch.randn(3).sum().item()) >= 0)  # reveal: True
tenscan_reveal(math.isfinite(torch.randn(3).sum().item()))  # reveal: True
tenscan_reveal(math.isnan(x * 1e300 * 1e300))  # reveal: False
tenscan_reveal(math.isinf(float("inf")))  # reveal: True
tenscan_reveal(math.isnan(float("nan")))  # reveal: True
tenscan_reveal(math.isfinite(float(input())))  # reveal: unknown
)py");
}

TEST_CASE("interp: a float of the data is finite and below a best loss of infinity", "[interp]") {
  check_program(R"py(
import torch
best, checkpoint = float("inf"), None
for epoch in range(50):
    val_loss = 0.0
    for step in range(20):
        val_loss += torch.randn(8).abs().mean().item()
    val_loss /= 20
    if val_loss < best:
        best, checkpoint = val_loss, {"epoch": epoch}
tenscan_reveal(checkpoint is None)  # reveal: False
tenscan_reveal(best < float("inf"))  # reveal: True
)py");
}

TEST_CASE("interp: paths merged in every iteration keep each reveal once", "[interp]") {
  // merging appended all of the other path's reveals, those from before the fork included: 30
  // iterations that branch and merge doubled the list 30 times (out of memory after 12 s)
  auto r = tenscan_test::analyze_program(R"py(
import random
best = None
for epoch in range(30):
    val = random.random()
    tenscan_reveal(val)
    if best is None or val < best:
        best = val
)py");
  CHECK(r.result.completed);
  CHECK(r.reveals_at(6) == std::vector<std::string>{"a float in [0.0, 1.0]"});  // random.random()
}

TEST_CASE("interp: paths that differ only in a float merge, and the float is the join of both", "[interp]") {
  // word_language_model anneals its learning rate when the validation loss does not improve:
  // with one path per value of lr, 40 epochs ran past the path budget
  auto r = tenscan_test::analyze_program(R"py(
import random
lr = 20.0
best = None
for epoch in range(40):
    val = random.random()
    if best is None or val < best:
        best = val
    else:
        lr /= 4.0
tenscan_reveal(lr)
)py");
  CHECK(r.result.stats.paths_valid == 1);
  // the loop's summary widens the annealed rate down to zero, which keeps its sign
  CHECK(r.reveals_at(11) == std::vector<std::string>{"a float in [0.0, 20.0]"});
}

TEST_CASE("interp: a binding one side of a branch made and nobody reads again does not keep paths apart", "[interp]") {
  // `tmp` exists on one side only; it is rebound before any later read, so the sides join
  // (kept apart, the 30 draws gave more paths than the budget: the analysis was cut short)
  auto r = tenscan_test::analyze_program(R"py(
import random
def train():
    total = 0
    for i in range(30):
        if random.random() < 0.5:
            tmp = i * 2
            total += tmp
    return total
train()
)py");
  CHECK(r.result.completed);
  CHECK(r.result.stats.paths_valid == 1);
  CHECK(r.result.stats.paths_joined > 0);
}

TEST_CASE("interp: a binding a later statement may read keeps the paths apart", "[interp]") {
  // reading `tmp` after the branch raises UnboundLocalError on one side only: that path ends,
  // with the program's own error (a finding), and the analysis is complete
  auto r = check_program(R"py(
import random
def f():
    if random.random() < 0.5:
        tmp = 1
    return tmp  # expect: python/name-error
f()
)py");
  CHECK(r.result.stats.paths_valid == 2);
  CHECK(r.result.completeness.paths_stopped == 0);
  CHECK(r.result.completeness.complete);
}

TEST_CASE("interp: nothing is in an empty container, whatever it is", "[interp]") {
  check_program(R"py(
vocab = []
for word in open('corpus.txt'):
    tenscan_reveal(word in vocab)  # reveal: False
    tenscan_reveal(word not in {})  # reveal: True
)py");
}

TEST_CASE("interp: an exception raised inside a library model is reported where the script called it", "[interp]") {
  auto r = tenscan_test::analyze_program(R"py(
import numpy as np
x = np.zeros(())
print(len(x))
)py");
  // (the library refusing the call, as NumPy does: the program's certain failure)
  bool found = false;
  for (const auto& f : r.result.findings)
    if (f.message.find("len() of unsized object") != std::string::npos) {
      found = true;
      CHECK(f.rule == tenscan::RuleId::TypeError);
      CHECK(f.location.line == 4);
      CHECK(!f.location.path.empty());
    }
  CHECK(found);
}

TEST_CASE("interp: a dict value that paths out of a loop set differently covers them all", "[interp]") {
  // 0 on one path, 5 on the other: one data-decided int on each path (the paths differ in
  // `seen` too, so they stay apart), never a negative one
  auto r = tenscan_test::analyze_program(R"py(
import torch
counts = {'a': 0}
seen = 0
for line in open('corpus.txt'):
    if line == 'x':
        counts['a'] = 5
        seen = 1
t = torch.zeros(counts['a'])
)py");
  CHECK(r.result.findings.empty());
}

TEST_CASE("interp: a loop with more items than the unroll cap runs once more on a value for the rest", "[interp]") {
  // the bug is at i == 1500, past the first 1024 iterations that used to be all that was
  // analysed (and what followed the loop was not analysed at all)
  check_program(R"py(
import torch
w = torch.zeros(10)
rows = []
for i in range(2000):
    rows.append(torch.zeros(3))
    if i == 1500:
        w[20] = 1.0  # expect: shape/index-out-of-range
x = torch.stack(rows)
torch.mm(x, torch.zeros(4, 2))  # expect: shape/matmul-inner-dim
)py");
}

TEST_CASE("interp: iterating a tensor longer than the unroll cap gives elements like every other", "[interp]") {
  // mnist_forward_forward's get_y_neg: enumerate over a batch of 50000 labels
  check_program(R"py(
import torch
y = torch.zeros(50000, dtype=torch.long)
y_neg = y.clone()
for idx, y_samp in enumerate(y):
    allowed = list(range(10))
    allowed.remove(y_samp.item())
    y_neg[idx] = torch.tensor(allowed)[torch.randint(len(allowed), size=(1,))].item()
y_neg.view(3, -1)  # expect: shape/reshape-numel
tenscan_reveal(len(allowed))  # reveal: 9
)py");
}

TEST_CASE("interp: a random row of a table of tuples is a tuple that covers the rows", "[interp]") {
  // (it was an unknown value: `*row` passed no argument at all, a TypeError that stopped the analysis)
  auto r = check_program(R"py(
import random
import torch
BANDS = [(0.5, 1.5), (2.0, 4.0)]
SIZES = [(2, 3), (4, 5)]
freq = random.uniform(*BANDS[random.randrange(len(BANDS))])
h, w = SIZES[random.randrange(2)]
tenscan_reveal(torch.zeros(h, w))  # reveal: [size, size#2] float32
)py");
  CHECK(r.result.completeness.complete);
}

TEST_CASE("interp: a long data loop runs twice, and what it counts or appends stays sound", "[interp][loops]") {
  // 500 known items: the first, then one iteration standing for the rest; a counter becomes a
  // value of at least what it was, a list it appends to keeps its exact length, the loop
  // variable ends with the last item, and a bug in the body is found
  auto r = check_program(R"py(
import random
import torch
count = 0
xs = []
for i in range(500):
    count += 2
    xs.append(torch.zeros(random.randint(1, 4), 3))
tenscan_reveal(count)  # reveal: count
z = torch.zeros(count - 2)  # (at least 2 after a loop that adds 2: no negative size)
tenscan_reveal(len(xs))  # reveal: 500
tenscan_reveal(i)  # reveal: 499
t = torch.zeros(len(xs), 3)
tenscan_reveal(t)  # reveal: [500, 3] float32
for i in range(300):
    y = torch.zeros(10)[i]  # expect: shape/index-out-of-range
)py");
  CHECK(r.result.stats.statements_executed < 2000);
  CHECK(r.result.completeness.complete);
}

TEST_CASE("interp: modules added to a ModuleList by name are iterated with the others", "[interp]") {
  // pytorch-GAN's MUNIT discriminator: three scales added with add_module and summed over
  // (kept out, the sum was the int 0, and loss.backward() an AttributeError)
  check_program(R"py(
import torch
import torch.nn as nn
class Multi(nn.Module):
    def __init__(self):
        super().__init__()
        self.models = nn.ModuleList()
        for i in range(3):
            self.models.add_module("disc_%d" % i, nn.Linear(8, 1))
    def forward(self, x):
        return sum([torch.mean(m(x)) for m in self.models])
m = Multi()
tenscan_reveal(len(m.models))  # reveal: 3
tenscan_reveal(m(torch.randn(4, 8)))  # reveal: [] float32
m(torch.randn(4, 8)).backward()
)py");
}

TEST_CASE("interp: a loop over layers of one shape is covered by one pass over a layer like them", "[interp]") {
  // the blocks join into one (the same class and shapes); the body leaves the state as it
  // was, so the loop needs no more passes, and a wrong block is still found
  auto r = check_program(R"py(
import torch
import torch.nn as nn
blocks = [nn.Linear(32, 32) for _ in range(12)]
x = torch.randn(8, 32)
for b in blocks:
    x = torch.relu(b(x))
tenscan_reveal(x)  # reveal: [8, 32] float32
bad = [nn.Linear(32, 32) for _ in range(11)] + [nn.Linear(16, 32)]
for b in bad:
    x = b(x)  # expect: shape/matmul-inner-dim
)py");
  CHECK(r.result.stats.paths_explored == 1);
}

TEST_CASE("interp: list.remove and list.count of a value the data decides", "[interp]") {
  check_program(R"py(
import torch
labels = torch.tensor([3, 1, 4])
classes = list(range(10))
classes.remove(labels[0].item())
tenscan_reveal(len(classes))  # reveal: 9
n = [1, 2, 2].count(labels[1].item())
tenscan_reveal(n)  # reveal: unknown
known = [1, 2, 2]
tenscan_reveal(known.count(2))  # reveal: 2
known.remove(7)
)py");
}

TEST_CASE("interp: item() of an integer tensor is an int the data decides", "[interp]") {
  // an index read from an index array (siamese_network: grouped_examples[c][k]) indexes
  // with a known rank
  check_program(R"py(
import torch
data = torch.zeros(100, 1, 28, 28)
idx = torch.tensor([5, 17, 42])
i = idx[1].item()
tenscan_reveal(data[i])  # reveal: [1, 28, 28] float32
)py");
}

TEST_CASE("interp: a rejection-sampling loop stops once a draw repeats the previous one", "[interp]") {
  // `while j == i: j = randint(...)` draws a fresh value per iteration: the head after the
  // third draw is the head after the second up to which draw it holds, so the loop ends
  // there instead of at the unroll cap; a draw between data-decided bounds is a symbol, so
  // its off-by-one as an index is found
  auto r = check_program(R"py(
import random
import torch


def pick(group):
    n = group.shape[0]
    i = random.randint(0, n - 1)
    j = random.randint(0, n - 1)
    while j == i:
        j = random.randint(0, n - 1)
    x = torch.zeros(n)
    x[j]
    x[random.randint(0, n)]  # expect: shape/index-out-of-range


c = random.randint(0, 9)
d = random.randint(0, 9)
while d == c:
    d = random.randint(0, 9)
pick(torch.nonzero(torch.zeros(30) > 0)[:, 0])
)py");
  CHECK(r.result.stats.paths_explored <= 8);
  for (const auto& n : r.result.notifications) CHECK(n.kind != Notification::Kind::Budget);
}

TEST_CASE("interp: a dict looked up again with the same symbolic key gives the same joined value", "[interp]") {
  check_program(R"py(
import random
import torch
groups = {k: torch.zeros(10 + k) for k in range(10)}
c = random.randint(0, 9)
a = groups[c]
b = groups[c]
a + b
tenscan_reveal(a.shape[0] - b.shape[0])  # reveal: 0
)py");
}

TEST_CASE("interp: tqdm yields its iterable's items, copy.copy copies containers", "[interp]") {
  check_program(R"py(
import copy
import torch
from torch.utils.data import DataLoader, TensorDataset
from tqdm import tqdm, trange
loader = DataLoader(TensorDataset(torch.zeros(100, 3)), batch_size=10)
for (x,) in tqdm(loader, desc="train"):
    torch.nn.Linear(4, 2)(x)  # expect: shape/matmul-inner-dim
tenscan_reveal(list(trange(3)))  # reveal: [0, 1, 2]
a = [1, 2]
b = copy.copy(a)
b.append(3)
tenscan_reveal(len(a))  # reveal: 2
)py");
}

TEST_CASE("interp: a loop index over a data-decided range is checked for every iteration", "[interp]") {
  // the index stands for every value in [0, n): x[i + 1] fails on the last iteration whatever
  // n is (an error), while a requirement that only the data can break (a vocabulary of size
  // 0) stays an assumption even with the index in it; iterating a tensor that may be empty is
  // not an error
  check_program(R"py(
import torch
x = torch.zeros(10)
n = len(x[x > 0])
y = torch.zeros(n)
for i in range(n):
    y[i + 1]  # expect: shape/index-out-of-range
words = [w for w in open("vocab.txt")]
ntokens = len(words)
for i in range(n):
    out = torch.zeros(min(5, n - i), 4, ntokens)
    out.view(-1, ntokens)
for v in torch.randn(n):
    v + 1
)py");
}

TEST_CASE("interp: a DataLoader batches what its sampler or batch sampler yields", "[interp]") {
  check_program(R"py(
import torch
from torch.utils.data import DataLoader, TensorDataset, BatchSampler, RandomSampler, SubsetRandomSampler
data = TensorDataset(torch.zeros(100, 3))
tenscan_reveal(len(DataLoader(data, batch_size=8, sampler=SubsetRandomSampler(range(20)))))  # reveal: 3
tenscan_reveal(len(DataLoader(data, batch_sampler=BatchSampler(RandomSampler(data), 16, True))))  # reveal: 6
tenscan_reveal(len(DataLoader(data, batch_size=10, sampler=RandomSampler(data, num_samples=35))))  # reveal: 4
RandomSampler(data, num_samples=0)  # expect: hparam/invalid-value
)py");
}

TEST_CASE("interp: pad_sequence of a list of unknown length is one tensor, on one path", "[interp]") {
  // a collate function's list of per-sample tensors, built by a loop over a batch of unknown
  // size (a DataLoader's last minibatch): the padded length is one data-decided size at least
  // the shortest possible sample, not a split into paths over whether tenscan knows it
  auto r = tenscan_test::analyze_program(R"py(
import random
import torch
from torch.nn.utils.rnn import pad_sequence
seqs = []
for line in open("corpus.txt"):
    seqs.append(torch.zeros(random.randint(1, 50), 8))
padded = pad_sequence(seqs)
tenscan_reveal(padded.dim())
tenscan_reveal(padded.shape[2])
tenscan_reveal(padded.shape[0] >= 1)
)py");
  CHECK(r.result.stats.paths_explored == 1);
  CHECK(r.reveals_at(9) == std::vector<std::string>{"3"});
  CHECK(r.reveals_at(10) == std::vector<std::string>{"8"});
  CHECK(r.reveals_at(11) == std::vector<std::string>{"max_len >= 1"});
}

TEST_CASE("interp: split of a dim the data decides gives pieces of split_size, the last one the rest", "[interp]") {
  // time_sequence_prediction's `for input_t in input.split(1, dim=1)` over a loaded series
  auto r = tenscan_test::analyze_program(R"py(
import random
import torch
n = random.randint(1, 1000)
x = torch.zeros(97, n)
for piece in x.split(1, dim=1):
    tenscan_reveal(piece.shape)
for piece in torch.split(x, 4, 1):
    tenscan_reveal(piece.shape)
)py");
  CHECK(r.reveals_at(7) == std::vector<std::string>{"(97, 1)"});
  CHECK(r.reveals_at(9) == std::vector<std::string>{"(97, 4)", "(97, random.randint(1, 1000) % 4)"});
}

TEST_CASE("interp: adding an unknown value to a tensor does not split the path", "[interp]") {
  // Tensor.__add__ tests for a sparse operand; an unknown one (here from a checkpoint) is not
  // taken for one, or every `+` would double the paths (gat ended at the 256-path budget)
  auto r = tenscan_test::analyze_program(R"py(
import torch
scale = torch.load("ckpt.pt")["scale"]
x = torch.zeros(4, 3)
for i in range(12):
    x = x + scale
)py");
  CHECK(r.result.stats.paths_explored == 1);
  CHECK(r.result.stats.paths_merged == 0);  // no split that a merge had to undo
}
