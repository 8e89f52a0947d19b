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
