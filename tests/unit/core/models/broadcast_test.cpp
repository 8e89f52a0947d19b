// Broadcasting through the real analyzer: elementwise operators (tensors, Python scalars and
// 0-d tensors, dtype promotion, comparisons), torch.where, the matmul family (1-D, 2-D, N-D
// with batch broadcasting, mm, bmm) and expand. Expected shapes and dtypes follow PyTorch's
// rules (each row was checked against torch 1.13); expected findings are rule ids on the
// line of the failing operation.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using tenscan_test::analyze_program;
using tenscan_test::Batch;
using tenscan_test::run_rows;

TEST_CASE("broadcast/elementwise: broadcasting", "[models][broadcast]") {
  static const Batch batch({
      {"torch.randn(2, 3) + torch.randn(3)", "[2, 3] float32"},
      {"torch.randn(4, 1, 5) + torch.randn(3, 1)", "[4, 3, 5] float32"},
      {"torch.randn(1) * torch.randn(2, 3)", "[2, 3] float32"},
      {"torch.randn(2, 1) - torch.randn(1, 3)", "[2, 3] float32"},
      {"torch.randn(5, 1, 4, 1) / torch.randn(3, 1, 1)", "[5, 3, 4, 1] float32"},
      {"torch.randn(2, 3) + torch.randn(2, 3)", "[2, 3] float32"},
      {"torch.randn(0, 3) + torch.randn(1, 3)", "[0, 3] float32"},
      {"torch.randn(2, 3) ** 2", "[2, 3] float32"},
      {"torch.add(torch.randn(3, 1), torch.randn(4))", "[3, 4] float32"},
      {"torch.mul(torch.randn(2, 1, 3), torch.randn(5, 1))", "[2, 5, 3] float32"},
      {"torch.maximum(torch.randn(4, 1), torch.randn(1, 6))", "[4, 6] float32"},
      {"torch.randn(3).add(torch.randn(2, 1))", "[2, 3] float32"},
      {"a = torch.randn(2, 3)\na += torch.randn(3)\na", "[2, 3] float32"},
      {"torch.randn(2, 3).masked_fill(torch.randn(2, 1) > 0, 0.0)", "[2, 3] float32"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/elementwise: scalars and 0-d tensors", "[models][broadcast]") {
  static const Batch batch({
      {"torch.randn(2, 3) - 1", "[2, 3] float32"},
      {"2 * torch.randn(2, 3)", "[2, 3] float32"},
      {"1.5 + torch.randn(4)", "[4] float32"},
      {"1 - torch.randn(4)", "[4] float32"},
      {"torch.tensor(2.0) + torch.randn(2, 3)", "[2, 3] float32"},
      {"torch.randn(2, 3) * torch.tensor(3.0)", "[2, 3] float32"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/elementwise: dtype promotion", "[models][broadcast]") {
  static const Batch batch({
      {"torch.ones(2, dtype=torch.long) + 1", "[2] int64"},
      {"torch.ones(2, dtype=torch.long) + 1.5", "[2] float32"},
      {"torch.ones(2, 3, dtype=torch.long) / 2", "[2, 3] float32"},
      {"torch.ones(2, dtype=torch.int32) + torch.ones(2, dtype=torch.long)", "[2] int64"},
      {"torch.ones(2, dtype=torch.long) * torch.ones(2)", "[2] float32"},
      {"torch.ones(3, dtype=torch.float64) + torch.ones(3)", "[3] float64"},
      {"torch.ones(3, dtype=torch.bool) & torch.ones(3, dtype=torch.bool)", "[3] bool"},
      {"torch.ones(2, dtype=torch.float16) + torch.ones(2)", "[2] float32"},
      // torch.result_type: a Python scalar or a 0-d tensor changes the dtype only when its category (bool < integral < floating < complex) is higher
      {"torch.ones(2, dtype=torch.bool) + 1", "[2] int64"},
      {"torch.ones(2, dtype=torch.bool) + True", "[2] bool"},
      {"torch.ones(2, dtype=torch.bool) * 1.5", "[2] float32"},
      {"torch.tensor(1.0, dtype=torch.float64) + torch.ones(3)", "[3] float32"},
      {"torch.tensor(1) + torch.ones(3, dtype=torch.uint8)", "[3] uint8"},
      {"torch.tensor(1.0) + torch.ones(3, dtype=torch.uint8)", "[3] float32"},
      {"1.5 * torch.ones(3, dtype=torch.long)", "[3] float32"},
      {"torch.ones(3, dtype=torch.uint8) + torch.ones(3, dtype=torch.int8)", "[3] int16"},
      {"torch.ones(3, dtype=torch.bfloat16) + torch.ones(3, dtype=torch.float16)", "[3] float32"},
      {"torch.ones(3, dtype=torch.int32) + torch.ones(3, dtype=torch.float16)", "[3] float16"},
      {"torch.ones(3, dtype=torch.long) + torch.tensor(1.0, dtype=torch.float64)", "[3] float64"},
      {"torch.ones(3, dtype=torch.float16) + torch.tensor(1.0, dtype=torch.float64)", "[3] float16"},
      {"torch.ones(3, dtype=torch.int32) + 5", "[3] int32"},
      {"torch.ones(3, dtype=torch.int8) + torch.tensor(5)", "[3] int8"},
      {"torch.ones(3, dtype=torch.bool) + torch.tensor(5, dtype=torch.int32)", "[3] int32"},
      {"torch.tensor(1, dtype=torch.int32) + torch.tensor(1)", "[] int64"},
      {"torch.tensor(1) + 2.5", "[] float32"},
      {"torch.tensor(True) + 2", "[] int64"},
      {"torch.ones(3, dtype=torch.bool) > 0.5", "[3] bool"},
      {"torch.ones(3, dtype=torch.complex64) + torch.tensor(1.0, dtype=torch.float64)", "[3] complex64"},
      {"torch.ones(3, dtype=torch.float64) + torch.tensor(1.0, dtype=torch.complex64)", "[3] complex128"},
      {"torch.ones(3, dtype=torch.complex64) + torch.ones(3, dtype=torch.float64)", "[3] complex128"},
      {"torch.ones(3, dtype=torch.bool) / torch.ones(3, dtype=torch.bool)", "[3] float32"},
      {"torch.ones(3, dtype=torch.float16) / 2", "[3] float16"},
      {"torch.ones(3, dtype=torch.long) // 2", "[3] int64"},
      {"torch.ones(3, dtype=torch.long).div(2, rounding_mode=\"floor\")", "[3] int64"},
      {"torch.ones(3, dtype=torch.long) ** 0.5", "[3] float32"},
      {"2 ** torch.ones(3, dtype=torch.long)", "[3] int64"},
      {"torch.ones(3, dtype=torch.long) & torch.ones(3, dtype=torch.bool)", "[3] int64"},
      {"torch.ones(3, dtype=torch.uint8) - torch.tensor(-1)", "[3] uint8"},
      {"torch.where(torch.ones(3, dtype=torch.bool), torch.ones(3, dtype=torch.long), 1.5)", "[3] float32"},
      {"torch.where(torch.ones(3, dtype=torch.bool), torch.ones(3, dtype=torch.int32), torch.ones(3, dtype=torch.long))", "[3] int64"},
      {"torch.cat([torch.ones(3, dtype=torch.int8), torch.ones(3, dtype=torch.uint8)])", "[6] int16"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/in-place ops keep the left operand's shape and dtype", "[models][broadcast]") {
  // a += b, a.add_(b), copy_, masked_fill_: the broadcast shape must be a's shape, and the
  // result dtype must be castable to a's dtype (copy_ and masked_fill_ cast anything)
  static const Batch batch({
      {"a = torch.randn(3)\na += torch.randn(2, 3)\na", "!shape/broadcast@2"},
      {"a = torch.randn(2, 3)\na += torch.randn(3)\na", "[2, 3] float32"},
      {"a = torch.randn(2, 1)\na *= torch.randn(2, 3)\na", "!shape/broadcast@2"},
      {"torch.randn(3).add_(torch.randn(2, 3))", "!shape/broadcast"},
      {"torch.randn(2, 1).mul_(torch.randn(2, 3))", "!shape/broadcast"},
      {"torch.randn(2, 3).add_(torch.randn(3))", "[2, 3] float32"},
      {"torch.randn(3).copy_(torch.randn(2, 3))", "!shape/broadcast"},
      {"torch.randn(2, 3).copy_(torch.randn(3))", "[2, 3] float32"},
      {"torch.ones(3, dtype=torch.long).copy_(torch.randn(3))", "[3] int64"},
      {"torch.randn(3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 0.0)", "!shape/broadcast"},
      {"torch.randn(2, 3).masked_fill_(torch.ones(3, dtype=torch.bool), 0.0)", "[2, 3] float32"},
      {"torch.randn(3).masked_fill(torch.ones(2, 3, dtype=torch.bool), 0.0)", "[2, 3] float32"},
      {"torch.ones(3, dtype=torch.long).add_(1.5)", "!dtype/mismatch"},
      {"torch.ones(3, dtype=torch.long).mul_(torch.randn(3))", "!dtype/mismatch"},
      {"torch.ones(3, dtype=torch.bool).add_(1)", "!dtype/mismatch"},
      {"torch.ones(3, dtype=torch.long).div_(2)", "!dtype/mismatch"},
      {"a = torch.ones(3, dtype=torch.long)\na /= 2\na", "!dtype/mismatch@2"},
      {"torch.randn(3).add_(torch.ones(3, dtype=torch.long))", "[3] float32"},
      {"torch.ones(3, dtype=torch.int32).add_(torch.ones(3, dtype=torch.long))", "[3] int32"},
      {"torch.ones(3, dtype=torch.float16).add_(torch.randn(3, dtype=torch.float64))", "[3] float16"},
      {"a = torch.ones(3, dtype=torch.long)\na += 1\na", "[3] int64"},
      {"a = torch.ones(3, dtype=torch.long)\na //= 2\na", "[3] int64"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/comparisons produce bool", "[models][broadcast]") {
  static const Batch batch({
      {"torch.randn(2, 3) > 0", "[2, 3] bool"},
      {"torch.randn(2, 3) == torch.randn(3)", "[2, 3] bool"},
      {"torch.randn(4, 1).lt(torch.randn(5))", "[4, 5] bool"},
      {"torch.eq(torch.ones(3, dtype=torch.long), 1)", "[3] bool"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/broadcasting errors", "[models][broadcast]") {
  static const Batch batch({
      {"torch.randn(2, 3) + torch.randn(4)", "!shape/broadcast"},
      {"torch.randn(3) * torch.randn(4)", "!shape/broadcast"},
      {"torch.randn(2, 3, 4) * torch.randn(2, 4, 4)", "!shape/broadcast"},
      {"a = torch.randn(5, 2)\nb = torch.randn(2, 5)\na - b", "!shape/broadcast"},
      {"torch.add(torch.randn(2, 3), torch.randn(3, 2))", "!shape/broadcast"},
      {"torch.randn(2, 3) > torch.randn(2)", "!shape/broadcast"},
      {"torch.maximum(torch.randn(4), torch.randn(5))", "!shape/broadcast"},
      {"torch.randn(2, 3).masked_fill(torch.randn(3, 1) > 0, 0.0)", "!shape/broadcast"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/torch.where broadcasts all three", "[models][broadcast]") {
  static const Batch batch({
      {"torch.where(torch.randn(2, 1) > 0, torch.randn(1, 3), torch.randn(2, 3))", "[2, 3] float32"},
      {"torch.where(torch.randn(3) > 0, torch.randn(3), torch.zeros(4, 1))", "[4, 3] float32"},
      {"torch.where(torch.randn(2, 3) > 0, torch.ones(2, 3, dtype=torch.long), torch.randn(2, 3))",
       "[2, 3] float32"},
      {"torch.where(torch.randn(2, 3) > 0, torch.randn(2, 3), torch.randn(4, 3))", "!shape/broadcast"},
      {"torch.where(torch.randn(5) > 0, torch.randn(2, 3), torch.randn(2, 3))", "!shape/broadcast"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/matmul: 1-D, 2-D, N-D, batched broadcasting", "[models][broadcast]") {
  static const Batch batch({
      {"torch.randn(3) @ torch.randn(3)", "[] float32"},
      {"torch.randn(3) @ torch.randn(3, 4)", "[4] float32"},
      {"torch.randn(2, 3) @ torch.randn(3)", "[2] float32"},
      {"torch.randn(2, 3) @ torch.randn(3, 4)", "[2, 4] float32"},
      {"torch.randn(5, 2, 3) @ torch.randn(3, 4)", "[5, 2, 4] float32"},
      {"torch.randn(2, 3) @ torch.randn(5, 3, 4)", "[5, 2, 4] float32"},
      {"torch.randn(3) @ torch.randn(5, 3, 4)", "[5, 4] float32"},
      {"torch.randn(5, 2, 3) @ torch.randn(3)", "[5, 2] float32"},
      {"torch.randn(5, 1, 2, 3) @ torch.randn(4, 3, 6)", "[5, 4, 2, 6] float32"},
      {"torch.randn(1, 2, 3) @ torch.randn(7, 3, 2)", "[7, 2, 2] float32"},
      {"torch.matmul(torch.randn(2, 3), torch.randn(3, 4))", "[2, 4] float32"},
      {"torch.randn(2, 3).matmul(torch.randn(3))", "[2] float32"},
      {"torch.dot(torch.randn(3), torch.randn(3))", "[] float32"},
      {"torch.randn(2, 3) @ torch.randn(4, 5)", "!shape/matmul-inner-dim"},
      {"torch.randn(3) @ torch.randn(4)", "!shape/matmul-inner-dim"},
      {"torch.randn(5, 2, 3) @ torch.randn(5, 4, 2)", "!shape/matmul-inner-dim"},
      {"torch.randn(3) @ torch.randn(2, 3, 4, 5)", "!shape/matmul-inner-dim"},
      {"torch.randn(5, 2, 3) @ torch.randn(4, 3, 6)", "!shape/broadcast"},
      {"torch.tensor(2.0) @ torch.randn(3)", "!shape/rank"},
      {"torch.randn(2, 3) @ torch.randn(3, 4, dtype=torch.float64)", "!dtype/mismatch"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/mm: 2-D only", "[models][broadcast]") {
  static const Batch batch({
      {"torch.mm(torch.randn(2, 3), torch.randn(3, 4))", "[2, 4] float32"},
      {"torch.randn(4, 2).mm(torch.randn(2, 2))", "[4, 2] float32"},
      {"torch.mm(torch.randn(3), torch.randn(3, 4))", "!shape/rank"},
      {"torch.mm(torch.randn(5, 2, 3), torch.randn(3, 4))", "!shape/rank"},
      {"torch.mm(torch.randn(2, 3), torch.randn(2, 4))", "!shape/matmul-inner-dim"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/bmm: 3-D only, equal batches", "[models][broadcast]") {
  static const Batch batch({
      {"torch.bmm(torch.randn(5, 2, 3), torch.randn(5, 3, 4))", "[5, 2, 4] float32"},
      {"torch.randn(1, 2, 3).bmm(torch.randn(1, 3, 1))", "[1, 2, 1] float32"},
      {"torch.bmm(torch.randn(2, 3), torch.randn(3, 4))", "!shape/rank"},
      {"torch.bmm(torch.randn(5, 2, 3), torch.randn(6, 3, 4))", "!shape/size-mismatch"},
      {"torch.bmm(torch.randn(1, 2, 3), torch.randn(5, 3, 4))", "!shape/size-mismatch"},
      {"torch.bmm(torch.randn(5, 2, 3), torch.randn(5, 4, 4))", "!shape/matmul-inner-dim"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/expand broadcasts like elementwise ops", "[models][broadcast]") {
  static const Batch batch({
      {"torch.randn(3, 1).expand(3, 4)", "[3, 4] float32"},
      {"torch.randn(3, 1).expand(2, 3, 4)", "[2, 3, 4] float32"},
      {"torch.randn(3, 1).expand(-1, 4)", "[3, 4] float32"},
      {"torch.randn(1, 3).expand_as(torch.randn(5, 3))", "[5, 3] float32"},
      {"torch.randn(3, 2).expand(3, 4)", "!shape/size-mismatch"},
      {"torch.randn(3, 1).expand(4)", "!shape/size-mismatch"},
  });
  run_rows(batch);
}

TEST_CASE("broadcast/symbolic sizes broadcast to max() and report a counterexample", "[models][broadcast]") {
  auto r = analyze_program(
      "import random\n"
      "import torch\n"
      "n = random.randint(1, 4)\n"
      "x = torch.randn(n, 3)\n"
      "y = torch.randn(2, 3)\n"
      "z = x + y\n"
      "tenscan_reveal(z)\n"
      "tenscan_reveal(n)\n"
      "m = random.randint(2, 5)\n"
      "w = torch.randn(m, 3) + torch.randn(1, 3)\n"
      "tenscan_reveal(w)\n");
  // n = 1 or n = 2 broadcast; n = 3 or 4 fails: reported, with the counterexample
  REQUIRE(r.findings() == std::vector<std::string>{"shape/broadcast@6"});
  const auto& f = r.result.findings[0];
  CHECK(f.location.col == 5);
  CHECK(f.location.end_col == 10);
  CHECK(f.message.find("must match the size of tensor b (2) at non-singleton dimension 0") !=
        std::string::npos);
  REQUIRE(f.path_conditions.size() == 1);
  const std::string& pc = f.path_conditions[0];
  CHECK((pc.rfind("for example when random.randint(1, 4) = 3", 0) == 0 ||
         pc.rfind("for example when random.randint(1, 4) = 4", 0) == 0));
  CHECK(r.reveal_at(7) == "[max(random.randint(1, 4), 2), 3] float32");
  CHECK(r.reveal_at(8) == "random.randint(1, 4)");
  // a size-1 dimension broadcasts against any symbolic size without a requirement
  CHECK(r.reveal_at(11) == "[random.randint(2, 5), 3] float32");
}

TEST_CASE("broadcast/a symbolic size that always matches is not reported", "[models][broadcast]") {
  auto r = analyze_program(
      "import random\n"
      "import torch\n"
      "n = random.randint(2, 5)\n"
      "a = torch.randn(n, 3)\n"
      "b = torch.randn(n, 1)\n"
      "tenscan_reveal(a * b)\n"
      "tenscan_reveal(torch.randn(n, 3) @ torch.randn(3, n))\n"
      "tenscan_reveal(torch.randn(4, n, 3).bmm(torch.randn(4, 3, n)))\n");
  CHECK(r.findings().empty());
  CHECK(r.reveal_at(6) == "[random.randint(2, 5), 3] float32");
  CHECK(r.reveal_at(7) == "[random.randint(2, 5), random.randint(2, 5)] float32");
  CHECK(r.reveal_at(8) == "[4, random.randint(2, 5), random.randint(2, 5)] float32");
}

TEST_CASE("broadcast/a symbolic inner dimension of matmul is checked by the solver", "[models][broadcast]") {
  auto r = analyze_program(
      "import random\n"
      "import torch\n"
      "k = random.randint(3, 4)\n"
      "y = torch.randn(2, k) @ torch.randn(3, 5)\n"
      "tenscan_reveal(y)\n");
  REQUIRE(r.findings() == std::vector<std::string>{"shape/matmul-inner-dim@4"});
  const auto& f = r.result.findings[0];
  // the message shows the counterexample's value, not the symbol
  CHECK(f.message == "mat1 and mat2 shapes cannot be multiplied (2x4 and 3x5)");
  REQUIRE(f.path_conditions.size() == 1);
  CHECK(f.path_conditions[0].rfind("for example when random.randint(3, 4) = 4", 0) == 0);
  CHECK(r.reveal_at(5) == "[2, 5] float32");
}

TEST_CASE("broadcast/findings carry messages, ranges and related locations", "[models][broadcast]") {
  auto r = analyze_program(
      "import torch\n"
      "import torch.nn as nn\n"
      "fc = nn.Linear(3, 4)\n"
      "x = torch.randn(2, 5)\n"
      "y = fc(x)\n"
      "z = torch.randn(2, 3) + torch.randn(4)\n");
  REQUIRE(r.findings() == std::vector<std::string>{"shape/matmul-inner-dim@5", "shape/broadcast@6"});
  const auto& lin = r.result.findings[0];
  CHECK(lin.message ==
        "mat1 and mat2 shapes cannot be multiplied: the input is [2, 5] but the Linear layer expects 3 input "
        "features "
        "(last dimension 5 != 3)");
  CHECK(lin.level == tenscan::Level::Error);
  CHECK(lin.location == tenscan::SourceRange{"main.py", 5, 5, 5, 10});
  REQUIRE(lin.related.size() == 2);
  CHECK(lin.related[0].range.line == 4);
  CHECK(lin.related[0].message == "the input got its shape here: [2, 5]");
  CHECK(lin.related[1].range.line == 3);
  CHECK(lin.related[1].message == "the Linear layer is defined here");
  CHECK(lin.identity.rfind("shape/matmul-inner-dim|<module>|", 0) == 0);
  const auto& bc = r.result.findings[1];
  CHECK(bc.message ==
        "`+`: the size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1 "
        "(shapes [2, 3] and "
        "[4])");
  CHECK(bc.location == tenscan::SourceRange{"main.py", 6, 5, 6, 39});
}

TEST_CASE("broadcast/a failed operation yields an unknown tensor with no follow-on findings",
          "[models][broadcast]") {
  auto r = analyze_program(
      "import torch\n"
      "a = torch.randn(2, 3) + torch.randn(4)\n"
      "tenscan_reveal(a)\n"
      "b = a @ torch.randn(7, 7)\n"
      "c = a.view(5, 5) + torch.randn(9)\n"
      "tenscan_reveal(c)\n"
      "d = torch.randn(2, 3) * torch.randn(4)\n");
  CHECK(r.findings() == std::vector<std::string>{"shape/broadcast@2", "shape/broadcast@7"});
  CHECK(r.reveal_at(3) == "[...] float32");
  CHECK(r.reveal_at(6) == "[...] float32");
}

TEST_CASE("broadcast/the same failure reached on several iterations is reported once",
          "[models][broadcast]") {
  auto r = analyze_program(
      "import torch\n"
      "for i in range(5):\n"
      "    y = torch.randn(2, 3) + torch.randn(i + 4)\n");
  CHECK(r.findings() == std::vector<std::string>{"shape/broadcast@3"});
}
