// The path engine: warnings vs errors by who picks a value (SymKind), the last minibatch,
// merging paths whose heaps differ only in where objects live, loop fixpoints, opaque data.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using namespace tenscan_test;
using tenscan::Level;
using tenscan::Notification;
using tenscan::RuleId;

namespace {

const tenscan::Finding* only_finding(const Run& r) { return r.result.findings.size() == 1 ? &r.result.findings[0] : nullptr; }

}  // namespace

TEST_CASE("engine/a requirement that holds for some option values is a warning naming them", "[engine]") {
  const std::string program =
      "import argparse\n"
      "import torch\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--batch-size', type=int, default=64)\n"
      "args = p.parse_args()\n"
      "x = torch.randn(args.batch_size, 10) + torch.randn(64, 10)\n";
  tenscan::AnalysisOptions symbolic;
  symbolic.symbolic_args = true;
  Run r = analyze_program(program, {}, symbolic);
  const auto* f = only_finding(r);
  REQUIRE(f);
  CHECK(f->rule == RuleId::Broadcast);
  CHECK(f->level == Level::Warning);
  CHECK(f->message.find("(fails unless --batch-size is 1 or 64)") != std::string::npos);
  // with the defaults (PyTea's concrete arguments) the script is fine; with 32 it fails for sure
  CHECK(analyze_program(program).result.findings.empty());
  Run fixed32 = analyze_program(program, {"--batch-size", "32"}, symbolic);
  REQUIRE(only_finding(fixed32));
  CHECK(fixed32.result.findings[0].level == Level::Error);
}

TEST_CASE("engine/a requirement that holds for no option value is an error", "[engine]") {
  tenscan::AnalysisOptions symbolic;
  symbolic.symbolic_args = true;
  Run r = analyze_program(
      "import argparse\n"
      "import torch\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--hidden', type=int, default=64)\n"
      "args = p.parse_args()\n"
      "x = torch.randn(8, args.hidden + 1) @ torch.randn(args.hidden, 4)\n",
      {}, symbolic);
  const auto* f = only_finding(r);
  REQUIRE(f);
  CHECK(f->level == Level::Error);
}

TEST_CASE("engine/requirements on data tenscan cannot see are assumptions until they contradict", "[engine]") {
  Run ok = analyze_program(
      "import torch\n"
      "x = torch.load('features.pt')\n"
      "y = torch.mm(x, torch.randn(100, 10))\n"
      "tenscan_reveal(y)\n");
  CHECK(ok.result.findings.empty());
  CHECK(ok.result.stats.assumptions == 1);
  CHECK(ok.reveal_at(4) == "[dim0, 10] unknown");
  Run bad = analyze_program(
      "import torch\n"
      "x = torch.load('features.pt')\n"
      "y = torch.mm(x, torch.randn(100, 10))\n"
      "z = torch.mm(x, torch.randn(50, 10))\n"
      "w = torch.bmm(x, torch.randn(1, 100, 3))\n");
  CHECK(bad.findings() == std::vector<std::string>{"shape/matmul-inner-dim@4", "shape/rank@5"});
  REQUIRE(bad.result.findings.size() == 2);
  const auto& rank = bad.result.findings[1];
  REQUIRE_FALSE(rank.related.empty());
  CHECK(rank.related[0].range.line == 3);
  CHECK(rank.related[0].message.find("data tenscan cannot see") != std::string::npos);
}

TEST_CASE("engine/the same question about fresh data is asked of the solver once", "[engine]") {
  // each batch loaded has dims of its own; the requirement on them is the same question up to
  // their names, answered once (an assumption about the data) and reused for the others (the
  // outputs are kept, so the loop is no fixpoint: it runs all 20 loads)
  Run ok = analyze_program(
      "import torch\n"
      "w = torch.randn(100, 10)\n"
      "ys = []\n"
      "for i in range(20):\n"
      "    x = torch.load('batch%d.pt' % i)\n"
      "    ys.append(torch.mm(x, w))\n");
  CHECK(ok.result.findings.empty());
  CHECK(ok.result.stats.assumptions == 20);
  CHECK(ok.result.stats.solver_calls < 10);
  // a different question is asked anew: the batch that contradicts the earlier use is found
  Run bad = analyze_program(
      "import torch\n"
      "w = torch.randn(100, 10)\n"
      "for i in range(20):\n"
      "    x = torch.load('batch%d.pt' % i)\n"
      "    y = torch.mm(x, w)\n"
      "    z = torch.mm(x, torch.randn(50, 10))\n");
  CHECK(bad.findings() == std::vector<std::string>{"shape/matmul-inner-dim@6"});
}

TEST_CASE("engine/requirements the solver cannot decide are a budget warning, not silence", "[engine]") {
  // a resource limit too small for any query: the requirement on the data's dims is not
  // checked, and the run says so where it is
  tenscan::AnalysisOptions tiny;
  tiny.solver_rlimit = 1;
  Run r = analyze_program(
      "import torch\n"
      "x = torch.load('features.pt')\n"
      "y = torch.mm(x, torch.randn(100, 10))\n",
      {}, tiny);
  CHECK(r.result.findings.empty());
  bool warned = false;
  for (const auto& n : r.result.notifications)
    if (n.kind == tenscan::Notification::Kind::Budget && n.level == Level::Warning &&
        n.message.find("could not be decided by the solver") != std::string::npos && n.location.line == 3)
      warned = true;
  CHECK(warned);
  // with the default limit it is decided (an assumption about the data) and nothing is said
  Run ok = analyze_program(
      "import torch\n"
      "x = torch.load('features.pt')\n"
      "y = torch.mm(x, torch.randn(100, 10))\n");
  for (const auto& n : ok.result.notifications) CHECK(n.kind != tenscan::Notification::Kind::Budget);
}

TEST_CASE("engine/what an iteration allocated and nothing reaches is reclaimed at the next head", "[engine]") {
  // each iteration makes tensors and bound methods that die with it; the ones the iteration
  // stores in older objects (a list, an attribute, a dict) or keeps in a variable survive, and
  // so does what a half-evaluated expression around the loop holds
  auto r = check_program(R"py(
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(torch.relu(x))

def run(net, n):
    last = None
    for i in range(n):
        last = net(torch.randn(i + 1, 4))
    return last

net = Net()
kept, by_size = [], {}
for i in range(30):
    y = net(torch.randn(i + 1, 4))
    kept.append(y)
    by_size[i] = torch.zeros(i)
    net.latest = y
pair = [torch.zeros(7), run(net, 12)]
tenscan_reveal(kept[10])  # reveal: [11, 2] float32
tenscan_reveal(by_size[29])  # reveal: [29] float32
tenscan_reveal(net.latest)  # reveal: [30, 2] float32
tenscan_reveal(y)  # reveal: [30, 2] float32
tenscan_reveal(pair[0])  # reveal: [7] float32
tenscan_reveal(pair[1])  # reveal: [12, 2] float32
)py");
  CHECK(r.result.stats.objects_reclaimed > 100);
}

TEST_CASE("engine/a failure only on the last minibatch is shape/residual-batch with the arithmetic", "[engine]") {
  Run r = analyze_program(
      "import torch\n"
      "from torch.utils.data import DataLoader, TensorDataset\n"
      "ds = TensorDataset(torch.randn(1000, 784), torch.randint(0, 10, (1000,)))\n"
      "for x, y in DataLoader(ds, batch_size=64):\n"
      "    z = x.view(64, 28, 28)\n");
  const auto* f = only_finding(r);
  REQUIRE(f);
  CHECK(f->rule == RuleId::ResidualBatch);
  CHECK(f->level == Level::Error);
  CHECK(f->message.find("the dataset has 1000 samples and batch_size is 64, so the last batch holds 1000 % 64 = 40 samples") !=
        std::string::npos);
  CHECK(f->message.find("drop_last=True") != std::string::npos);
  REQUIRE(f->steps.size() == 2);  // the loop on the last minibatch, then the failing view
  CHECK(f->steps[0].range.line == 4);
  CHECK(f->steps[1].range.line == 5);
  // drop_last=True, or a length that is a multiple of the batch size: nothing to report
  CHECK(analyze_program("import torch\n"
                        "from torch.utils.data import DataLoader, TensorDataset\n"
                        "ds = TensorDataset(torch.randn(1000, 784), torch.randint(0, 10, (1000,)))\n"
                        "for x, y in DataLoader(ds, batch_size=64, drop_last=True):\n"
                        "    z = x.view(64, 28, 28)\n")
            .result.findings.empty());
  CHECK(analyze_program("import torch\n"
                        "from torch.utils.data import DataLoader, TensorDataset\n"
                        "ds = TensorDataset(torch.randn(1024, 784), torch.randint(0, 10, (1024,)))\n"
                        "for i, (x, y) in enumerate(DataLoader(ds, batch_size=64)):\n"
                        "    z = x.view(64, 28, 28)\n")
            .result.findings.empty());
}

TEST_CASE("engine/the last minibatch survives enumerate()", "[engine]") {
  Run r = analyze_program(
      "import torch\n"
      "from torch.utils.data import DataLoader, TensorDataset\n"
      "ds = TensorDataset(torch.randn(100, 8), torch.randint(0, 2, (100,)))\n"
      "for i, (x, y) in enumerate(DataLoader(ds, batch_size=32)):\n"
      "    z = x.view(32, 8)\n");
  CHECK(r.findings() == std::vector<std::string>{"shape/residual-batch@5"});
}

TEST_CASE("engine/random branches that rebuild the same shapes merge, whatever they allocate", "[engine]") {
  // each block allocates a new tensor on one arm only: positional heap equality fails, the
  // reachable-object isomorphism does not (layers of two classes: no one value stands for all
  // of them, so the loop is unrolled rather than summarised)
  Run r = analyze_program(
      "import random\n"
      "import torch\n"
      "import torch.nn as nn\n"
      "layers = [nn.Linear(32, 32) if i % 2 else nn.Tanh() for i in range(24)]\n"
      "x = torch.randn(8, 32)\n"
      "for layer in layers:\n"
      "    if random.random() < 0.5:\n"
      "        x = layer(x)\n"
      "tenscan_reveal(x)\n");
  CHECK(r.result.findings.empty());
  CHECK(r.result.stats.paths_explored == 1);
  CHECK(r.result.stats.paths_merged >= 24);
  CHECK(r.reveal_at(9) == "[8, 32] float32");
}

TEST_CASE("engine/slices at a random offset concatenate back to the full size", "[engine]") {
  Run r = analyze_program(
      "import random\n"
      "import torch\n"
      "x = torch.randn(4, 28)\n"
      "s = random.randint(1, 3)\n"
      "y = torch.cat([x[:, s:], x[:, :s]], dim=1)\n"
      "tenscan_reveal(y)\n");
  CHECK(r.reveal_at(6) == "[4, 28] float32");
}

TEST_CASE("engine/a while loop on an unknown condition stops at its fixpoint", "[engine]") {
  Run r = analyze_program(
      "import os\n"
      "import torch\n"
      "x = torch.randn(2, 3)\n"
      "while not os.path.exists('done'):\n"
      "    x = x + 1\n"
      "tenscan_reveal(x)\n");
  CHECK(r.result.findings.empty());
  CHECK_FALSE(r.has_note_containing(Notification::Kind::Budget, "while loop"));
  CHECK(r.reveal_at(6) == "[2, 3] float32");
}

TEST_CASE("engine/a summary loop's later iterations are explored from its widened scalars", "[engine]") {
  // an exploration rate that decays in a loop of unknown length reaches the branch below 0.5
  Run decays = analyze_program(
      "import itertools\n"
      "import torch\n"
      "eps = 1.0\n"
      "for episode in itertools.count():\n"
      "    eps = eps * 0.9\n"
      "    if eps < 0.5:\n"
      "        y = torch.zeros(4, 3) @ torch.zeros(4)\n"
      "    if episode > 1000:\n"
      "        break\n");
  const auto* f = only_finding(decays);
  REQUIRE(f);
  CHECK(f->rule == RuleId::MatmulInnerDim);
  CHECK(f->location.line == 7);
  // a step counter a condition compares, in a loop over a DataLoader inside an epoch loop
  Run counts = analyze_program(
      "import torch\n"
      "from torch.utils.data import DataLoader, TensorDataset\n"
      "loader = DataLoader(TensorDataset(torch.randn(100, 4)), batch_size=10)\n"
      "step = 0\n"
      "for epoch in range(3):\n"
      "    for (x,) in loader:\n"
      "        step += 1\n"
      "        if step > 15:\n"
      "            y = torch.zeros(4, 3) @ x[0]\n");
  REQUIRE(only_finding(counts));
  CHECK(only_finding(counts)->location.line == 9);
  // a running loss and a counter no condition reads: no second pass, nothing found
  Run accumulates = analyze_program(
      "import torch\n"
      "from torch.utils.data import DataLoader, TensorDataset\n"
      "loader = DataLoader(TensorDataset(torch.randn(100, 4)), batch_size=10)\n"
      "total, n = 0.0, 0\n"
      "for (x,) in loader:\n"
      "    total += x.sum().item()\n"
      "    n += 1\n"
      "tenscan_reveal(x)\n");
  CHECK(accumulates.result.findings.empty());
  CHECK(accumulates.reveal_at(8) == "[10, 4] float32");
}

TEST_CASE("engine/two random draws are two conditions", "[engine]") {
  // the same expression evaluated twice may come out differently: all four combinations, as
  // two values joined apart (one path, two symbols), or as four paths
  Run r = analyze_program(
      "import random\n"
      "a = 1 if random.random() < 0.5 else 2\n"
      "b = 10 if random.random() < 0.5 else 20\n"
      "tenscan_reveal(a + b)\n");
  CHECK(sorted(r.reveals_at(4)) ==
        std::vector<std::string>{"`1 if random.random() < 0.5 else 2` + `10 if random.random() < 0.5 else 20`"});
  CHECK(r.result.stats.paths_joined == 2);
  Run split = analyze_program(
      "import random\n"
      "s = 'a' if random.random() < 0.5 else 'b'\n"
      "t = 'c' if random.random() < 0.5 else 'd'\n"
      "tenscan_reveal(s + t)\n");
  CHECK(sorted(split.reveals_at(4)) == std::vector<std::string>{"'ac'", "'ad'", "'bc'", "'bd'"});
}

TEST_CASE("engine/a failure caused by an earlier failure is not reported again", "[engine]") {
  // the reshape fails for every last batch (r * 7 is never a multiple of 8 for 0 < r < 8);
  // the Linear after it sees the reshape's made-up result and is a follow-on, not a finding
  Run r = analyze_program(
      "import torch\n"
      "import torch.nn as nn\n"
      "from torch.utils.data import DataLoader, TensorDataset\n"
      "lin = nn.Linear(7, 2)\n"
      "loader = DataLoader(TensorDataset(torch.randn(100, 1, 7)), batch_size=8)\n"
      "for (x,) in loader:\n"
      "    h = x.reshape(8, -1)\n"
      "    y = lin(h.relu())\n");
  const auto* f = only_finding(r);
  REQUIRE(f);
  CHECK(f->rule == RuleId::ResidualBatch);
  CHECK(f->location.line == 7);
  // an independent failure on the same path still shows
  Run two = analyze_program(
      "import torch\n"
      "a = torch.randn(3, 5).reshape(2, -1)\n"
      "b = torch.randn(4, 5) @ torch.randn(4, 5)\n");
  CHECK(two.result.findings.size() == 2);
}

TEST_CASE("engine/a constraint that only one merged path had still guards its requirements", "[engine]") {
  // Both arms call f under different conditions; view(-1, 2) needs an even n, which each
  // arm's condition guarantees. The two paths merge after the if; checking the merged
  // requirement without either condition would find n = 1 (a false warning).
  tenscan::AnalysisOptions symbolic;
  symbolic.symbolic_args = true;
  Run r = analyze_program(
      "import argparse\n"
      "import torch\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--n', type=int, default=8)\n"
      "n = p.parse_args().n\n"
      "def f(k):\n"
      "    return torch.ones(k).view(-1, 2)\n"
      "if n % 4 == 0:\n"
      "    y = f(n)\n"
      "elif n % 2 == 0:\n"
      "    y = f(n)\n"
      "else:\n"
      "    y = torch.ones(n // 2, 2)\n",
      {}, symbolic);
  CHECK(r.result.findings.empty());
  CHECK(r.result.stats.paths_merged >= 1);
}

TEST_CASE("engine/the same unknown value tested twice gives the same answer", "[engine]") {
  Run r = analyze_program(
      "import json\n"
      "import torch\n"
      "cfg = json.load(open('cfg.json'))\n"
      "mode = cfg['mode']\n"
      "for epoch in range(10):\n"
      "    if mode == 'wide':\n"
      "        x = torch.randn(4, 8)\n"
      "    else:\n"
      "        x = torch.randn(4, 6)\n"
      "    if mode != 'wide':\n"
      "        y = x @ torch.randn(6, 2)\n"
      "    if mode is None:\n"
      "        pass\n");
  CHECK(r.result.findings.empty());
  // two paths (wide or not), not one per epoch and test
  CHECK(r.result.stats.paths_explored <= 4);
}

TEST_CASE("engine/a failure on one branch of an option names the branch in its message", "[engine]") {
  Run r = analyze_program(
      "import json\n"
      "import torch\n"
      "import torch.nn.functional as F\n"
      "loss_type = json.load(open('c.json')).get('loss', 'mse')\n"
      "logits, soft = torch.randn(32, 6), torch.randn(32, 6)\n"
      "for epoch in range(5):\n"
      "    if loss_type == 'mse':\n"
      "        loss = F.mse_loss(logits, soft)\n"
      "    elif loss_type == 'ce':\n"
      "        loss = F.cross_entropy(logits, soft.argmax(dim=0))\n");
  const auto* f = only_finding(r);
  REQUIRE(f);
  CHECK(f->message.find("(on the path where `loss_type == 'mse'` is false and `loss_type == 'ce'` is true)") !=
        std::string::npos);
  // the finding's identity (its fingerprint) does not depend on the path text
  CHECK(f->identity.find("on the path") == std::string::npos);
}

TEST_CASE("engine/a condition the path already took is not split on again", "[engine]") {
  // len(files) % 8 != 0 is not a range; each epoch's DataLoader tests it again
  Run r = analyze_program(
      "import os\n"
      "import torch\n"
      "from torch.utils.data import DataLoader, Dataset\n"
      "class Files(Dataset):\n"
      "    def __init__(self, d):\n"
      "        self.files = os.listdir(d)\n"
      "    def __len__(self):\n"
      "        return len(self.files)\n"
      "    def __getitem__(self, i):\n"
      "        return torch.randn(3)\n"
      "loader = DataLoader(Files('data'), batch_size=8)\n"
      "for epoch in range(6):\n"
      "    for x in loader:\n"
      "        y = x * 2\n");
  CHECK(r.result.findings.empty());
  CHECK(r.result.stats.paths_unreachable == 0);
  CHECK(r.result.stats.paths_explored <= 2);
}

TEST_CASE("engine/a loop over a random count runs once per possible count", "[engine]") {
  auto program = [](const std::string& head_in) {
    return "import random\n"
           "import torch\n"
           "import torch.nn as nn\n"
           "class Net(nn.Module):\n"
           "    def __init__(self):\n"
           "        super().__init__()\n"
           "        depth = random.randint(1, 3)\n"
           "        layers, width = [], 16\n"
           "        for i in range(depth):\n"
           "            layers.append(nn.Linear(width, width * 2))\n"
           "            width = width * 2\n"
           "        self.body = nn.Sequential(*layers)\n"
           "        self.head = nn.Linear(" + head_in + ", 10)\n"
           "    def forward(self, x):\n"
           "        return self.head(self.body(x))\n"
           "y = Net()(torch.randn(8, 16))\n";
  };
  // 64 input features fit only two layers: depth 1 and 3 fail, a choice the program makes
  Run bad = analyze_program(program("64"));
  const auto* f = only_finding(bad);
  REQUIRE(f);
  CHECK(f->level == Level::Error);
  CHECK(f->message.find("has 1 element") != std::string::npos);
  CHECK(bad.result.stats.paths_explored == 3);
  CHECK(bad.result.stats.paths_invalid == 2);
  Run fixed = analyze_program(program("width"));
  CHECK(fixed.result.findings.empty());
  CHECK(fixed.result.stats.paths_explored == 3);
}

TEST_CASE("engine/a tensor made from data tenscan cannot see gets its rank from its first use", "[engine]") {
  // pickle and pandas are not modelled: their results are unknown values, and a tensor made
  // from one is opaque (like torch.load's), so two incompatible uses are still found
  Run r = analyze_program(
      "import pickle\n"
      "import torch\n"
      "a = torch.tensor(pickle.load(open('a.pkl', 'rb')))\n"
      "b = torch.as_tensor(pickle.load(open('b.pkl', 'rb')), dtype=torch.float32)\n"
      "x = torch.mm(a, torch.randn(3, 4))\n"
      "y = torch.bmm(a, torch.randn(2, 3, 4))\n"
      "z = torch.mm(b, torch.randn(3, 4)) + torch.mm(b, torch.randn(3, 4))\n");
  const auto* f = only_finding(r);
  REQUIRE(f);
  CHECK(f->rule == RuleId::RankMismatch);
  CHECK(f->location.line == 6);
}

TEST_CASE("engine/a variable that is an int on one side and a float on the other joins, and splits where it is read", "[engine]") {
  // a learning rate: the int 20 until a random branch anneals it into the float 5.0
  Run r = analyze_program(
      "import random\n"
      "lr = 20\n"
      "if random.random() < 0.5:\n"
      "    lr = lr / 4.0\n"
      "x = 1\n"
      "tenscan_reveal(lr)\n");
  CHECK(r.result.stats.paths_joined == 1);
  auto seen = r.reveals_at(6);
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::string>{"20", "5.0"});
}

TEST_CASE("engine/each kind of a joined value decides its own shapes", "[engine]") {
  // None means "the default width": the join must not lose which paths hold which kind
  Run r = analyze_program(
      "import random\n"
      "import torch\n"
      "width = None\n"
      "if random.random() < 0.5:\n"
      "    width = 4\n"
      "tenscan_reveal(width)\n"
      "x = torch.zeros(8, width if width is not None else 2)\n"
      "y = x @ torch.zeros(4, 5)\n");
  CHECK(r.result.stats.paths_joined >= 1);
  auto seen = r.reveals_at(6);
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::string>{"4", "None"});
  REQUIRE(r.result.findings.size() == 1);
  CHECK(r.result.findings[0].rule == RuleId::MatmulInnerDim);
  CHECK(r.result.findings[0].location.line == 8);
}

TEST_CASE("engine/a value that changes kind in an epoch loop does not keep a path per epoch", "[engine]") {
  // pytorch/examples' word_language_model: `lr` is the int default of a float option until a
  // stalled epoch anneals it; the best loss is None until the first epoch ends
  Run r = analyze_program(
      "import random\n"
      "import torch\n"
      "w = torch.randn(10, 10)\n"
      "lr = 20\n"
      "best = None\n"
      "for epoch in range(200):\n"
      "    loss = (torch.randn(4, 10) @ w).sum().item() + random.random()\n"
      "    w = w - lr * torch.randn(10, 10)\n"
      "    if best is None or loss < best:\n"
      "        best = loss\n"
      "    else:\n"
      "        lr /= 4.0\n"
      "tenscan_reveal(w)\n");
  CHECK(r.result.completeness.complete);
  CHECK(r.result.stats.paths_explored <= 2);
  for (const auto& s : r.reveals_at(13)) CHECK(s == "[10, 10] float32");
}

TEST_CASE("engine/an epoch that imposes its batches' requirements again on fresh sizes is the loop's fixpoint", "[engine]") {
  // each epoch pads its batches to a fresh data-decided length (max_len#k) and slices the
  // positional table with it: the same requirement up to the names of its symbols, which the
  // online checker cannot decide; the epochs are summarised, path by path, whatever their count
  auto program = [](int epochs, int table_width) {
    return "import random\n"
           "import torch\n"
           "import torch.nn as nn\n"
           "from torch.nn.utils.rnn import pad_sequence\n"
           "from torch.utils.data import DataLoader, Dataset\n"
           "class Sentences(Dataset):\n"
           "    def __init__(self, path):\n"
           "        self.lines = open(path).readlines()\n"
           "    def __len__(self):\n"
           "        return len(self.lines)\n"
           "    def __getitem__(self, i):\n"
           "        return torch.randint(0, 100, (random.randint(5, 40),))\n"
           "loader = DataLoader(Sentences('train.txt'), batch_size=32, collate_fn=pad_sequence)\n"
           "embed = nn.Embedding(100, 16)\n"
           "pos = torch.randn(5000, 1, " +
           std::to_string(table_width) +
           ")\n"
           "head = nn.Linear(16, 100)\n"
           "def train_epoch():\n"
           "    total = 0.0\n"
           "    for batch in loader:\n"
           "        x = embed(batch)\n"
           "        x = x + pos[:x.size(0)]\n"
           "        total += head(x).logsumexp(-1).mean().item()\n"
           "    return total\n"
           "for epoch in range(" +
           std::to_string(epochs) + "):\n    print(epoch, train_epoch())\n";
  };
  Run three = analyze_program(program(3, 16));
  Run many = analyze_program(program(300, 16));
  CHECK(three.result.findings.empty());
  CHECK(many.result.findings.empty());
  CHECK(many.result.completeness.complete);
  CHECK(many.result.stats.paths_explored <= 2);
  CHECK(many.result.stats.statements_executed == three.result.stats.statements_executed);
  // a table of the wrong width fails in every epoch: found, once
  Run bad = analyze_program(program(300, 15));
  REQUIRE(bad.result.findings.size() == 1);
  CHECK(bad.result.findings[0].rule == RuleId::Broadcast);
  CHECK(bad.result.findings[0].location.line == 21);
}

TEST_CASE("engine/epochs on fresh images that are flipped or not close into the paths of the first epoch", "[engine]") {
  // pytorch-GAN's ImageDataset: each epoch opens fresh image files (a channel count of their
  // own) and flips each at random, which forces RGB on one side only; no single epoch leaves
  // a path where it was, but every path an epoch leads to is one of the first epoch's up to
  // the names of what it drew: the epochs are summarised together, whatever their count
  auto program = [](int epochs, int conv_in) {
    return "import glob\n"
           "import numpy as np\n"
           "import torch\n"
           "import torch.nn as nn\n"
           "import torchvision.transforms as transforms\n"
           "from PIL import Image\n"
           "from torch.utils.data import DataLoader, Dataset\n"
           "class ImageDataset(Dataset):\n"
           "    def __init__(self, root):\n"
           "        self.transform = transforms.Compose([transforms.Resize((32, 32)), transforms.ToTensor()])\n"
           "        self.files = sorted(glob.glob(root + '/*.*'))\n"
           "    def __getitem__(self, index):\n"
           "        img = Image.open(self.files[index % len(self.files)])\n"
           "        if np.random.random() < 0.5:\n"
           "            img = Image.fromarray(np.array(img)[:, ::-1, :], 'RGB')\n"
           "        return self.transform(img)\n"
           "    def __len__(self):\n"
           "        return len(self.files)\n"
           "loader = DataLoader(ImageDataset('data'), batch_size=8)\n"
           "conv = nn.Conv2d(" +
           std::to_string(conv_in) +
           ", 8, 3)\n"
           "for epoch in range(" +
           std::to_string(epochs) +
           "):\n"
           "    for batch in loader:\n"
           "        out = conv(batch)\n";
  };
  Run three = analyze_program(program(3, 3));
  Run many = analyze_program(program(300, 3));
  CHECK(many.result.completeness.complete);
  CHECK(many.result.stats.paths_explored == three.result.stats.paths_explored);
  CHECK(many.result.stats.statements_executed == three.result.stats.statements_executed);
  // the files' own channel count must be 3 (a warning about the data, on the unflipped side)
  REQUIRE(many.result.findings.size() == 1);
  CHECK(many.result.findings[0].level == tenscan::Level::Warning);
  // a one-channel convolution fails on the flipped images, in every epoch. Every path that gets
  // there also branched on its files' channel counts (the flip reads the image first), and the
  // failing paths do not cover every combination of the epochs' channel counts: reported, as a
  // warning (a certain failure is only claimed where the input and data cannot avoid it)
  Run bad = analyze_program(program(300, 1));
  REQUIRE(!bad.result.findings.empty());
  CHECK(bad.result.findings[0].level == tenscan::Level::Warning);
  CHECK(bad.result.findings[0].rule == RuleId::ChannelMismatch);
}

TEST_CASE("engine/a long loop that makes a float an int leaves any int, whatever the int", "[engine]") {
  // from its second iteration on, the loop turns the float into the int 0, and then steps it by
  // 3: after the loop `x` is 1.5, 0, 3, 6, ... The representative iteration sees the int appear
  // as 0; nothing checks where later iterations take it, so it must stand for any int (it was
  // kept as 0)
  Run r = analyze_program(
      "import random\n"
      "x = 1.5\n"
      "for i in range(100):\n"
      "    if i > 0 and random.random() < 0.5:\n"
      "        x = 0 if isinstance(x, float) else x + 3\n"
      "tenscan_reveal(x)\n");
  auto seen = r.reveals_at(6);
  CHECK(std::find(seen.begin(), seen.end(), "0") == seen.end());
  CHECK(std::find(seen.begin(), seen.end(), "1.5") != seen.end());
  CHECK(seen.size() == 2);
}

TEST_CASE("engine/a short tuple's loop is unrolled exactly, whatever its body accumulates", "[engine]") {
  // The product of a shape's dims over a 3-tuple with a repeated dim: the loop must not stop
  // after one iteration as a fixpoint because the accumulator lives in a cell (a comprehension
  // reads it), nor widen the accumulator to an unknown number (a Keras Reshape compared
  // unknowns and reported every reshape as a size mismatch).
  auto r = analyze_program(
      "def numel(shape, target):\n"
      "    n = 1\n"
      "    for d in shape:\n"
      "        n = n * d\n"
      "    return n, [n // t for t in target]\n"
      "tenscan_reveal(numel((48, 48, 1), (1, 2)))\n"
      "total = 1\n"
      "for d in (48, 48, 1):\n"
      "    total = total * d\n"
      "tenscan_reveal(total)\n");
  CHECK(r.reveal_at(6) == "(2304, [2304, 1152])");
  CHECK(r.reveal_at(10) == "2304");
  CHECK(r.result.findings.empty());
}
