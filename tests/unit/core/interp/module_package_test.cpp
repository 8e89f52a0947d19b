// Module mode imports a model file inside a package as an import from the project root names
// it (torchvision/models/resnet.py is torchvision.models.resnet): its relative imports reach
// the package's other modules, and the packages that enclose it are not run.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using namespace tenscan_test;

namespace {

tenscan::AnalysisOptions module_mode() {
  tenscan::AnalysisOptions o;
  o.module_mode = tenscan::AnalysisOptions::ModuleMode::On;
  return o;
}

const std::map<std::string, std::string> kPackage = {
    // (an __init__ that would fail if run: the package's own, not the model file's business)
    {"zoo/__init__.py", "import does_not_exist\nraise RuntimeError('the package was run')\n"},
    {"zoo/models/__init__.py", "from .net import *\nraise RuntimeError('the package was run')\n"},
    {"zoo/ops/__init__.py", "from .blocks import ConvBlock\n"},
    {"zoo/ops/blocks.py",
     "import torch.nn as nn\n"
     "\n"
     "class ConvBlock(nn.Sequential):\n"
     "    def __init__(self, cin, cout):\n"
     "        super().__init__(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU())\n"},
    {"zoo/models/net.py",
     "import torch.nn as nn\n"
     "from ..ops import ConvBlock\n"
     "from . import heads\n"
     "\n"
     "class Net(nn.Module):\n"
     "    def __init__(self, num_classes=10):\n"
     "        super().__init__()\n"
     "        self.features = nn.Sequential(ConvBlock(3, 16), nn.AdaptiveAvgPool2d(1), nn.Flatten())\n"
     "        self.head = heads.Linear(16, num_classes)\n"
     "\n"
     "    def forward(self, x):\n"
     "        return self.head(self.features(x))\n"
     "\n"
     "tenscan_reveal(__name__)\n"
     "tenscan_reveal(__package__)\n"},
    {"zoo/models/heads.py", "from torch.nn import Linear\n"},
};

}  // namespace

TEST_CASE("module mode: a model file in a package, its relative imports resolved", "[module-package]") {
  Run r = analyze_files(kPackage, "zoo/models/net.py", module_mode());
  CHECK(r.findings().empty());
  CHECK(r.result.completeness.complete);
  REQUIRE(r.result.contracts.size() == 1);
  CHECK(r.result.contracts[0].signature == "Net.forward(x: [B, 3, H, W]) -> [B, 10]");
  CHECK(r.reveals() == std::vector<std::string>{"'zoo.models.net'", "'zoo.models'"});
}

TEST_CASE("module mode: a file at the project root is a top-level module", "[module-package]") {
  auto files = kPackage;
  files["net.py"] = "import torch.nn as nn\nclass Net(nn.Linear):\n    def forward(self, x):\n        return super().forward(x)\n"
                    "tenscan_reveal(__name__)\n";
  Run r = analyze_files(files, "net.py", module_mode());
  CHECK(r.reveals() == std::vector<std::string>{"'net'"});
}

TEST_CASE("module mode: one model's check that splits without end leaves the others their budget", "[module-package]") {
  // (Branchy's forward splits on a random draw again and again; Small comes after)
  std::string branchy =
      "import torch\n"
      "import torch.nn as nn\n"
      "\n"
      "class Branchy(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.fc = nn.Linear(8, 8)\n"
      "\n"
      "    def forward(self, x):\n"
      "        x = self.fc(x)\n";
  for (int i = 0; i < 40; ++i)  // (straight-line code: no loop to summarise)
    branchy += "        if torch.rand(1).item() > 0.5:\n            x = torch.cat([x, x], 1)\n";
  const std::string models = branchy +
                             "        return x\n"
                             "\n"
                             "class Small(nn.Module):\n"
                             "    def __init__(self):\n"
                             "        super().__init__()\n"
                             "        self.fc = nn.Linear(8, 2)\n"
                             "\n"
                             "    def forward(self, x):\n"
                             "        return self.fc(x)\n";
  tenscan::AnalysisOptions o = module_mode();
  o.max_paths = 4;  // (a check splits 8 * max_paths times at most)
  Run r = analyze_files({{"models.py", models}}, "models.py", o);
  bool small = false;
  for (const auto& c : r.result.contracts) small = small || c.signature == "Small.forward(x: [B, 8]) -> [B, 2]";
  CHECK(small);
  CHECK_FALSE(r.result.completeness.complete);
  bool said = false;
  for (const auto& c : r.result.completeness.causes)
    said = said || c.what.find("module mode's split budget for one model's check (32 splits)") != std::string::npos;
  CHECK(said);
  CHECK(r.findings().empty());
}

TEST_CASE("module mode: what a forward returns against its jaxtyping return annotation", "[module-package]") {
  const std::string models =
      "import torch.nn as nn\n"
      "\n"
      "class Head(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.fc = nn.Linear(64, 10)\n"
      "\n"
      "    def forward(self, x: 'Float[Tensor, \"batch seq 64\"]') -> 'Float[Tensor, \"batch seq 12\"]':\n"
      "        return self.fc(x)\n"
      "\n"
      "class Swap(nn.Module):\n"
      "    def forward(self, x: 'Float[Tensor, \"batch seq 64\"]') -> 'Float[Tensor, \"batch seq 64\"]':\n"
      "        return x.transpose(0, 1)\n"
      "\n"
      "class Fine(nn.Module):\n"
      "    def forward(self, x: 'Float[Tensor, \"batch seq 64\"]') -> 'Float[Tensor, \"seq batch _\"]':\n"
      "        return x.transpose(0, 1)\n";
  Run r = analyze_files({{"models.py", models}}, "models.py", module_mode());
  // (Swap's [seq, batch, 64] is what it says when batch == seq: a condition of its contract)
  CHECK(r.findings() == std::vector<std::string>{"shape/size-mismatch@8"});
  REQUIRE(r.result.findings.size() == 1);
  for (const auto& c : r.result.contracts)
    if (c.module == "Swap") CHECK(c.conditions.size() == 1);
    else if (c.module == "Fine") CHECK(c.conditions.empty());
  CHECK(r.result.findings[0].message ==
        "Head.forward() returns [batch, seq, 10], whose dim 2 is 10, but its return annotation `'Float[Tensor, \"batch seq "
        "12\"]'` says 12");
}
