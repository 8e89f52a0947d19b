// The shape report's trace of nn.Module calls (AnalysisOptions::trace_modules).
#include "analysis_harness.h"

namespace {

tenscan::AnalysisOptions tracing() {
  tenscan::AnalysisOptions o;
  o.trace_modules = true;
  return o;
}

}  // namespace

TEST_CASE("module trace: each layer's place in the model, arguments, shapes on every path, parameters, failures",
          "[module-trace]") {
  auto r = tenscan_test::analyze_program(R"py(
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3), nn.ReLU())
        self.fc = nn.Linear(8 * 26 * 26, 10)
        self.head = nn.Linear(12, 2)

    def forward(self, x):
        x = self.fc(self.features(x).flatten(1))
        return self.head(x)

net = Net()
loader = DataLoader(TensorDataset(torch.randn(100, 1, 28, 28)), batch_size=32)
for (x,) in loader:
    y = net(x)
)py",
                                         {}, tracing());
  const auto& m = r.result.modules;
  REQUIRE(m.size() == 6);
  CHECK(m[0].path == "Net");
  CHECK(m[0].depth == 0);
  CHECK(m[1].path == "Net.features");
  CHECK(m[2].path == "Net.features.0");
  CHECK(m[2].type == "Conv2d");
  CHECK(m[2].args == "in_channels=1, out_channels=8, kernel_size=(3, 3), stride=(1, 1), padding=(0, 0), dilation=(1, 1), groups=1");
  CHECK(m[2].params == 8 * 1 * 3 * 3 + 8);
  // the full batches and the last one (100 = 3 * 32 + 4)
  CHECK(m[2].inputs == std::vector<std::string>{"[32, 1, 28, 28]", "[4, 1, 28, 28] (last minibatch)"});
  CHECK(m[2].outputs == std::vector<std::string>{"[32, 8, 26, 26]", "[4, 8, 26, 26] (last minibatch)"});
  CHECK(m[3].path == "Net.features.1");
  CHECK(m[4].path == "Net.fc");
  CHECK(m[4].params == 5408 * 10 + 10);
  CHECK(m[4].failures.empty());
  CHECK(m[5].path == "Net.head");
  REQUIRE(m[5].failures.size() == 1);
  CHECK_THAT(m[5].failures[0], Catch::StartsWith("shape/matmul-inner-dim: mat1 and mat2 shapes cannot be multiplied"));
  CHECK(m[5].call.line == 15);
  // not traced unless asked
  CHECK(tenscan_test::analyze_program("import torch.nn as nn\ny = nn.Linear(2, 3)(__import__('torch').randn(4, 2))\n")
            .result.modules.empty());
}

TEST_CASE("module trace: a layer a method of the model calls when the program calls that method is the same row",
          "[module-trace]") {
  auto r = tenscan_test::analyze_program(R"py(
import torch
import torch.nn as nn

class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(784, 20)
        self.dec = nn.Linear(20, 784)

    def decode(self, z):
        return self.dec(z)

    def forward(self, x):
        return self.decode(self.enc(x))

model = VAE()
recon = model(torch.randn(8, 784))
sample = model.decode(torch.randn(64, 20))
)py",
                                         {}, tracing());
  const auto& m = r.result.modules;
  REQUIRE(m.size() == 3);
  CHECK(m[2].path == "VAE.dec");
  CHECK(m[2].depth == 1);
  CHECK(m[2].inputs == std::vector<std::string>{"[8, 20]", "[64, 20]"});
}

TEST_CASE("module trace: the dataflow between modules, through functional operations (a residual, a concatenation)",
          "[module-trace]") {
  auto r = tenscan_test::analyze_program(R"py(
import torch
import torch.nn as nn
import torch.nn.functional as F

class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.bn = nn.BatchNorm2d(c)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)) + x)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, padding=1)
        self.block = Block(16)
        self.side = nn.Conv2d(3, 16, 1)
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        a = self.block(self.stem(x))
        y = torch.cat([a, self.side(x)], dim=1)
        return self.head(y.mean(dim=(2, 3)))

net = Net()
out = net(torch.randn(4, 3, 8, 8))
loss = nn.CrossEntropyLoss()(out, torch.randint(0, 10, (4,)))
)py",
                                         {}, tracing());
  const auto& m = r.result.modules;
  REQUIRE(m.size() == 8);
  std::map<std::string, int> row;
  for (std::size_t i = 0; i < m.size(); ++i) row[m[i].path] = static_cast<int>(i);
  auto from = [&](const std::string& path) { return m[static_cast<std::size_t>(row.at(path))].from; };
  CHECK(from("Net") == std::vector<int>{-1});
  CHECK(from("Net.stem") == std::vector<int>{-1});
  CHECK(from("Net.block") == std::vector<int>{row["Net.stem"]});
  CHECK(from("Net.block.bn") == std::vector<int>{row["Net.block.conv"]});
  CHECK(from("Net.side") == std::vector<int>{-1});
  // the concatenation of the block's result (its bn, and the residual: the stem) and side's
  CHECK(from("Net.head") == std::vector<int>{row["Net.stem"], row["Net.block.bn"], row["Net.side"]});
  // a container's result is what the modules it called made; the target is data
  CHECK(from("CrossEntropyLoss") == std::vector<int>{-1, row["Net.head"]});
}

TEST_CASE("module trace: shapes that differ between paths say which decisions lead to each; library helper classes "
          "show as the class they stand for",
          "[module-trace]") {
  auto r = tenscan_test::analyze_program(R"py(
import random
import torch
import torch.nn as nn
import torchvision

net = nn.Linear(32, 8)
if random.random() < 0.5:
    x = torch.randn(8, 32)
else:
    x = torch.randn(4, 8, 32)
y = net(x)
vit = torchvision.models.vit_b_16(num_classes=10)
z = vit.heads(torch.randn(2, 768))
)py",
                                         {}, tracing());
  const auto& m = r.result.modules;
  REQUIRE(m.size() >= 2);
  CHECK(m[0].inputs == std::vector<std::string>{"[8, 32] (when `random.random() < 0.5` is true)",
                                                "[4, 8, 32] (when `random.random() < 0.5` is false)"});
  CHECK(m[0].outputs == std::vector<std::string>{"[8, 8] (when `random.random() < 0.5` is true)",
                                                 "[4, 8, 8] (when `random.random() < 0.5` is false)"});
  bool heads = false;
  for (const auto& row : m) {
    CHECK(row.type.front() != '_');
    if (row.depth == 0 && row.inputs == std::vector<std::string>{"[2, 768]"}) heads = row.type == "Sequential";  // (not _Sequential)
  }
  CHECK(heads);
}
