// The standard library of training code, as CPython 3.11 has it: each module's values where
// tenscan knows them, its errors where CPython raises them.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using tenscan::Notification;
using tenscan_test::check_program;

TEST_CASE("stdlib: contextlib managers, and an exception leaving a with statement goes to __exit__", "[models][stdlib]") {
  auto r = check_program(R"py(
from contextlib import contextmanager, nullcontext, suppress, ExitStack
@contextmanager
def opened(n):
    yield n * 2
with opened(3) as v:
    tenscan_reveal(v)  # reveal: 6
with nullcontext(5) as w:
    tenscan_reveal(w)  # reveal: 5
with suppress(KeyError, IndexError):
    {}["missing"]
    tenscan_reveal("unreached")  # reveal-none
tenscan_reveal("after")  # reveal: 'after'
class Quiet:
    def __enter__(self):
        return self
    def __exit__(self, kind, value, tb):
        return kind is ValueError
with Quiet():
    raise ValueError("swallowed")
with ExitStack() as stack:
    tenscan_reveal(stack.enter_context(nullcontext(7)))  # reveal: 7
with Quiet():
    raise KeyError("kept")
)py");
  // the KeyError is not the manager's to swallow: the script's own uncaught exception
  CHECK(r.has_note_containing(Notification::Kind::ScriptExit, "KeyError"));
}

TEST_CASE("stdlib: abc refuses to instantiate a class with abstract methods left", "[models][stdlib]") {
  // (the library's refusal, as CPython words it: the program's certain failure)
  auto r = check_program(R"py(
import abc
class Model(abc.ABC):
    @abc.abstractmethod
    def forward(self, x): ...
    @abc.abstractmethod
    def loss(self, x): ...
class Half(Model):
    def forward(self, x):
        return x
class Full(Half):
    def loss(self, x):
        return 0
tenscan_reveal(Full().forward(3))  # reveal: 3
Half()  # expect: python/type-error
)py");
  REQUIRE(r.result.findings.size() == 1);
  CHECK(r.result.findings[0].message == "TypeError: Can't instantiate abstract class Half with abstract method loss");
}

TEST_CASE("stdlib: operator, statistics, functools and pathlib compute what CPython does", "[models][stdlib]") {
  check_program(R"py(
import functools
import operator
import statistics
from pathlib import Path
tenscan_reveal(operator.mul(3, 4))  # reveal: 12
tenscan_reveal(functools.reduce(operator.add, [1, 2, 3]))  # reveal: 6
tenscan_reveal(operator.itemgetter(1, 0)([5, 6]))  # reveal: (6, 5)
tenscan_reveal(statistics.mean([1, 2, 3]))  # reveal: 2.0
tenscan_reveal(statistics.median([3, 1, 2, 4]))  # reveal: 2.5
p = Path("runs") / "exp1" / "model.best.pt"
tenscan_reveal(str(p))  # reveal: 'runs/exp1/model.best.pt'
tenscan_reveal(p.suffix)  # reveal: '.pt'
tenscan_reveal(p.stem)  # reveal: 'model.best'
tenscan_reveal(p.suffixes)  # reveal: ['.best', '.pt']
tenscan_reveal(str(p.parent))  # reveal: 'runs/exp1'
tenscan_reveal(str(p.with_suffix(".onnx")))  # reveal: 'runs/exp1/model.best.onnx'
class Lazy:
    @functools.cached_property
    def width(self):
        return 64
tenscan_reveal(Lazy().width)  # reveal: 64
)py");
}

TEST_CASE("python: a power of 0 with a negative exponent raises, as does one that overflows", "[interp][python]") {
  check_program("x = 0.0 ** -1  # expect: python/zero-division\n");
  check_program("x = 0 ** -2  # expect: python/zero-division\n");
  check_program("import random\nx = random.random() ** -1  # expect: python/zero-division\n");
  check_program("x = 2 ** 2000.0  # expect: python/uncaught-exception\n");
  check_program("import random\nx = (random.random() + 0.5) ** -1\ntenscan_reveal(2.0 ** 0.5)  # reveal: 1.4142135623730951\n");
}

TEST_CASE("numpy: matmul promotes its operands' dtypes as NumPy does, where torch refuses", "[models][numpy]") {
  check_program(R"py(
import numpy as np
import torch
a = np.zeros((3, 4), dtype=np.float32)
b = np.zeros((4, 5), dtype=np.float64)
tenscan_reveal(a @ b)  # reveal: [3, 5] float64
tenscan_reveal(np.matmul(a, b))  # reveal: [3, 5] float64
tenscan_reveal(a.dot(b.astype(np.int8)))  # reveal: [3, 5] float32
tenscan_reveal(np.promote_types(np.int8, np.uint8))  # reveal: 'int16'
tenscan_reveal(np.result_type(np.int32, np.float32))  # reveal: 'float64'
torch.zeros(3, 4) @ torch.zeros(4, 5, dtype=torch.float64)  # expect: dtype/mismatch
)py");
}

TEST_CASE("stdlib: a random.Random instance draws as the module's functions do", "[models][stdlib]") {
  check_program(R"py(
import random
rng = random.Random(1234)
tenscan_reveal(rng.random())  # reveal: a float in [0.0, 1.0]
tenscan_reveal(rng.randint(2, 4))  # reveal: random.randint(2, 4)
)py");
}

TEST_CASE("classes: a descriptor in a class body learns its name through __set_name__", "[interp][classes]") {
  check_program(R"py(
class Field:
    def __set_name__(self, owner, name):
        self.name = name
        self.owner = owner.__name__
class Config:
    lr = Field()
    depth = Field()
tenscan_reveal(Config.lr.name)  # reveal: 'lr'
tenscan_reveal(Config.depth.owner)  # reveal: 'Config'
)py");
}

TEST_CASE("builtins: every name of CPython 3.11's builtins module is defined", "[models][stdlib]") {
  // (a NameError of one would be a gap of tenscan's models; each is checked by name)
  check_program(R"py(
present = [ArithmeticError, BaseExceptionGroup, BlockingIOError, BrokenPipeError, ConnectionError, EOFError,
           ExceptionGroup, FutureWarning, GeneratorExit, MemoryError, PermissionError, RecursionError,
           RuntimeWarning, TimeoutError, UnicodeDecodeError, ascii, bin, bytearray, bytes, chr, complex, dir,
           frozenset, hex, locals, memoryview, oct, ord]
tenscan_reveal(hex(255))  # reveal: '0xff'
tenscan_reveal(bin(5))  # reveal: '0b101'
tenscan_reveal(issubclass(BrokenPipeError, OSError))  # reveal: True
tenscan_reveal(issubclass(UnicodeDecodeError, ValueError))  # reveal: True
tenscan_reveal(2 in frozenset([1, 2]))  # reveal: True
)py");
}

TEST_CASE("torch.meshgrid: each output is the grid of the inputs' lengths", "[models][torch]") {
  check_program(R"py(
import torch
xs, ys = torch.meshgrid(torch.linspace(-1, 1, 64), torch.arange(32), indexing="ij")
tenscan_reveal(xs)  # reveal: [64, 32] float32
tenscan_reveal(ys)  # reveal: [64, 32] int64
a, b = torch.meshgrid(torch.zeros(3), torch.zeros(5), indexing="xy")
tenscan_reveal(a)  # reveal: [5, 3] float32
torch.meshgrid(torch.zeros(2, 2), torch.zeros(3))  # expect: shape/rank
)py");
}

TEST_CASE("measured on pytorch/tutorials: what stopped or misled the analysis there", "[models][torch]") {
  // a one-element integer tensor indexes a list; an assertion tenscan cannot decide is the
  // script's own check (the path that passes it goes on, and what fails after it for sure is
  // an error); torch.add with out=, Tensor.sum with axis=; Normalize with a mean and std from
  // a library tenscan does not model checks nothing
  auto r = check_program(R"py(
import torch
import torchvision.transforms as T
from timm.data import IMAGENET_DEFAULT_MEAN, IMAGENET_DEFAULT_STD
classes = ("plane", "car", "bird")
labels = torch.randint(0, 3, (4,))
tenscan_reveal(classes[labels[0]])  # reveal: unknown
x = torch.randn(3, 8)
assert torch.allclose(x, x.clone())
tenscan_reveal(torch.add(x, 1, out=x))  # reveal: [3, 8] float32
tenscan_reveal(x.sum(axis=1))  # reveal: [3] float32
img = T.Normalize(IMAGENET_DEFAULT_MEAN, IMAGENET_DEFAULT_STD)(torch.rand(3, 32, 32))
classes[torch.zeros(2, dtype=torch.long)]  # expect: python/type-error
)py");
  CHECK(r.result.completeness.complete);
}

TEST_CASE("a dict entry set under a key tenscan does not know may be any entry", "[interp]") {
  // pytorch/tutorials' CIFAR-10 per-class accuracy: counts keyed by a class name the data picks;
  // no entry stays a known 0 (dividing by it is no ZeroDivisionError)
  auto r = check_program(R"py(
import torch
import numpy as np
classes = ("plane", "car", "bird")
total = {name: 0 for name in classes}
for label in torch.randint(0, 3, (8,)):
    total[classes[label]] += 1
for name, count in total.items():
    tenscan_reveal(100 / count)  # reveal: unknown
n = np.ones(5)
tenscan_reveal(np.add(n, 1, out=n))  # reveal: [5] float64
)py");
  CHECK(r.result.completeness.complete);
}

TEST_CASE("in a library model, a value tenscan does not know was given: it is not None", "[models][numpy]") {
  // pytorch/tutorials' data loading: a crop offset drawn below an image size tenscan cannot
  // see, in a loop (np.random.randint(0, unknown) is not randint(high=0))
  auto r = check_program(R"py(
import numpy as np
from skimage import io
image = io.imread("x.jpg")
for k in range(2):
    h, w = image.shape[:2]
    top = np.random.randint(0, h - 128)
)py");
  CHECK(r.result.findings.empty());
}

TEST_CASE("a module's named parameters and modules carry torch's dotted names", "[models][torch]") {
  // (forward-mode AD replaces each parameter by name: delattr(model, name), setattr(...))
  check_program(R"py(
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
        self.heads = nn.ModuleList([nn.Linear(2, 1)])
        self.table = nn.ModuleDict({"out": nn.Linear(2, 5)})
        self.scale = nn.Parameter(torch.ones(1))
net = Net()
tenscan_reveal([k for k, _ in net.named_parameters()])  # reveal: ['scale', 'body.0.weight', 'body.0.bias', 'body.2.weight', 'body.2.bias', 'heads.0.weight', 'heads.0.bias', 'table.out.weight', 'table.out.bias']
tenscan_reveal([k for k, _ in net.named_modules()])  # reveal: ['', 'body', 'body.0', 'body.1', 'body.2', 'heads', 'heads.0', 'table', 'table.out']
lin = nn.Linear(3, 4)
for name, p in dict(lin.named_parameters()).items():
    delattr(lin, name)
    setattr(lin, name, p * 2)
tenscan_reveal(lin(torch.zeros(5, 3)))  # reveal: [5, 4] float32
)py");
}

TEST_CASE("the methods of a value derived from an unmodelled API are not gaps of their own", "[models]") {
  auto r = check_program(R"py(
import somelib
text = somelib.loaded + "\n"
text.find("x").bit_length()
somelib.tool(3)
)py");
  CHECK(r.result.stats.unmodelled_calls == std::map<std::string, int>{{"import somelib", 1}, {"somelib.tool", 1}});
}

TEST_CASE("a tensor's grad is what the program assigned, else a tensor of its shape", "[models][torch]") {
  // (`p.grad = None` between manual steps: the next backward() fills it again)
  check_program(R"py(
import torch
p = torch.nn.Parameter(torch.zeros(3, 4))
tenscan_reveal(p.grad)  # reveal: [3, 4] float32
p.grad = None
tenscan_reveal(p.grad)  # reveal: [3, 4] float32
p.grad = torch.ones(3, 4, dtype=torch.float64)
tenscan_reveal(p.grad)  # reveal: [3, 4] float64
)py");
}
