// Hyperparameter spaces (--space): the options they give, and the region of the space where a
// requirement fails, on small argparse scripts.
#include "../analysis_harness.h"

namespace {

using tenscan::SpaceParam;
using tenscan_test::analyze_program;

SpaceParam range(std::string name, double lo, double hi, std::int64_t step = 1) {
  SpaceParam p;
  p.name = std::move(name);
  p.kind = SpaceParam::Kind::Range;
  p.lo = lo, p.hi = hi, p.step = step;
  return p;
}
SpaceParam set(std::string name, std::vector<std::string> values) {
  SpaceParam p;
  p.name = std::move(name);
  p.kind = SpaceParam::Kind::Set;
  p.values = std::move(values);
  return p;
}
SpaceParam choices(std::string name) {
  SpaceParam p;
  p.name = std::move(name);
  return p;
}

// A conv whose flattened output must be 9216 wide (28x28 input, 16 channels or 24 for "wide").
const char* kConvNet = R"py(
import argparse
import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--kernel", type=int, default=5, choices=[3, 5, 7])
parser.add_argument("--stride", type=int, default=1)
parser.add_argument("--arch", default="small", choices=["small", "wide"])
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--amp", action="store_true")
args = parser.parse_args()
width = 16 if args.arch == "small" else 24
h = nn.Conv2d(1, width, args.kernel, stride=args.stride)(torch.randn(8, 1, 28, 28))
y = nn.Linear(9216, 10)(h.flatten(1))
)py";

std::vector<std::string> messages(const tenscan::AnalysisResult& r) {
  std::vector<std::string> out;
  for (const auto& f : r.findings) out.push_back(std::string(tenscan::rule_info(f.rule).id) + " " + tenscan::level_name(f.level) + ": " + f.message);
  return out;
}

tenscan::AnalysisOptions with_space(std::vector<SpaceParam> space) {
  tenscan::AnalysisOptions o;
  o.space = std::move(space);
  return o;
}

// The message of the one finding of `rule`.
std::string message_of(const tenscan::AnalysisResult& r, const std::string& rule) {
  std::vector<std::string> out;
  for (const auto& f : r.findings)
    if (tenscan::rule_info(f.rule).id == rule) out.push_back(f.message);
  REQUIRE(out.size() == 1);
  return out[0];
}

const std::string kMismatch =
    "shape/matmul-inner-dim warning: mat1 and mat2 shapes cannot be multiplied: the input is ";

}  // namespace

TEST_CASE("space: one integer option's failing values, listed", "[space]") {
  auto r = analyze_program(kConvNet, {}, with_space({choices("kernel")}));
  REQUIRE(messages(r.result).size() == 1);
  CHECK(messages(r.result)[0].find("(fails for --kernel in {3, 7}: 2 of its 3 values in the declared space)") !=
        std::string::npos);
  CHECK(r.result.findings[0].level == tenscan::Level::Warning);
}

TEST_CASE("space: two options, every failing combination; many, the ones that hold", "[space]") {
  auto r = analyze_program(kConvNet, {}, with_space({choices("--kernel"), range("stride", 1, 2)}));
  REQUIRE(r.result.findings.size() == 1);
  CHECK(r.result.findings[0].message.find(
            "(fails for 5 of the 6 combinations in the declared space: for all but (--kernel, --stride) = (5, 1); --kernel = 3 "
            "fails it whatever --stride is)") != std::string::npos);
  // (Refty's explanation of the first failing combination: the minimal unsat core of the
  // requirement and the combination's values, named)
  const auto& region = r.result.findings[0].region;
  CHECK(region.example == std::vector<std::string>{"3", "1"});
  CHECK(region.because == std::vector<std::string>{"--kernel"});
  CHECK(region.whatever == std::vector<std::string>{"--stride"});
  auto big = analyze_program(kConvNet, {}, with_space({range("kernel", 3, 25), range("stride", 1, 24)}));
  CHECK(message_of(big.result, "shape/matmul-inner-dim").find(
            "(fails for 551 of the 552 combinations in the declared space: for all but (--kernel, --stride) = (5, 1); --kernel "
            "= 3 fails it whatever --stride is)") !=
        std::string::npos);
}

TEST_CASE("space: bulk, individual and auto mode find the same regions", "[space]") {
  // 551 of 552 vectors fail: auto mode starts in bulk and goes on vector by vector
  std::vector<std::vector<tenscan::SpaceRegionInfo>> regions;
  for (auto mode : {tenscan::SpaceSolving::Bulk, tenscan::SpaceSolving::Individual, tenscan::SpaceSolving::Auto}) {
    auto options = with_space({range("kernel", 3, 25), range("stride", 1, 24)});
    options.space_solving = mode;
    auto r = analyze_program(kConvNet, {}, options);
    regions.emplace_back();
    for (const auto& f : r.result.findings) regions.back().push_back(f.region);
    CHECK(message_of(r.result, "shape/matmul-inner-dim").find("(fails for 551 of the 552 combinations") != std::string::npos);
  }
  REQUIRE(regions[0].size() == 2);  // (the classifier, and the advice on a stride larger than the kernel)
  CHECK(regions[0] == regions[1]);
  CHECK(regions[0] == regions[2]);
}

TEST_CASE("space: a large region as a few boxes, or by its count, examples and the constraint in the options' names", "[space]") {
  // the kernel fits a 28-pixel input up to 28 + 2 * padding, whatever the stride is
  auto r = analyze_program(R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("--kernel", type=int, default=5)
parser.add_argument("--stride", type=int, default=1)
parser.add_argument("--padding", type=int, default=0)
args = parser.parse_args()
h = nn.Conv2d(1, 4, args.kernel, stride=args.stride, padding=args.padding)(torch.randn(8, 1, 28, 28))
)py",
                           {}, with_space({range("kernel", 1, 64), range("stride", 1, 4), range("padding", 0, 2)}));
  // (with the advice on the stride and on the padding, each over its own hyperparameters)
  REQUIRE(messages(r.result).size() == 3);
  std::string all;
  for (const auto& m : messages(r.result)) all += m + "\n";
  CHECK(all.find("Conv2d: padding 1 is not smaller than the kernel's extent 1 at spatial dim 0: the outputs at the border "
                 "see only padding (improper for (--kernel, --padding) in {(1, 1), (1, 2), (2, 2)}: 3 of the 192 "
                 "combinations in the declared space)") != std::string::npos);
  CHECK(all.find("(improper for (--kernel, --stride) in {(2, 3), (2, 4), (3, 4)}: 3 of the 256 "
                 "combinations in the declared space)") != std::string::npos);
  const std::string m = message_of(r.result, "shape/nonpositive-output");
  // (Refty's minimal invalid boxes, each with its count and an example)
  CHECK(m.find("(fails for 102 of the 192 combinations in the declared space of (--kernel, --padding), whatever --stride "
               "is: --kernel in 29..64 and --padding = 0 (36 combinations, e.g. (29, 0)); --kernel in 31..64 and --padding "
               "= 1 (34 combinations, e.g. (31, 1)); --kernel in 33..64 and --padding = 2 (32 combinations, e.g. (33, 2)))") !=
        std::string::npos);
  // a region more boxes would take: its count, examples and the constraint in the options' names
  auto stairs = analyze_program(R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("--kernel", type=int, default=5)
parser.add_argument("--stride", type=int, default=1)
args = parser.parse_args()
h = nn.Conv2d(1, 4, args.kernel, stride=args.stride)(torch.randn(8, 1, 28, 28))
)py",
                                {}, with_space({range("kernel", 1, 16), range("stride", 1, 16)}));
  const std::string advice = message_of(stairs.result, "hparam/improper-value");
  CHECK(advice.find("(improper for 105 of the 256 combinations in the declared space of (--kernel, --stride), e.g. (2, 3), "
                    "(2, 4), (2, 5); it needs stride <= kernel or kernel <= 1)") != std::string::npos);
}

TEST_CASE("space: a string option is one path per choice; the regions of the paths join", "[space]") {
  auto r = analyze_program(kConvNet, {}, with_space({choices("kernel"), choices("arch"), choices("amp")}));
  REQUIRE(r.result.findings.size() == 1);
  const auto& f = r.result.findings[0];
  CHECK(f.level == tenscan::Level::Warning);  // (it holds for 5 and 'small')
  CHECK(f.message.find("(fails for 5 of the 6 combinations in the declared space, whatever --amp is: for all but "
                       "(--kernel, --arch) = (5, 'small'))") != std::string::npos);
  CHECK(f.message.find("on the path where") == std::string::npos);
  // one choice that fails whatever the rest is: an error naming it
  auto wide = analyze_program(kConvNet, {"--arch", "wide"}, with_space({choices("kernel")}));
  REQUIRE(wide.result.findings.size() == 1);
  CHECK(wide.result.findings[0].level == tenscan::Level::Error);
  CHECK(wide.result.findings[0].message.find("(fails for every value of --kernel in the declared space)") != std::string::npos);
}

TEST_CASE("space: the same failure on every choice's path is one region over all of them", "[space]") {
  // the attention fails before the paths of --loss part; each path asks the same question, and
  // each one's vectors join the region (the second path once reused the first's verdict)
  auto r = analyze_program(R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("--embed-dim", type=int, default=128)
parser.add_argument("--heads", type=int, default=4, choices=[2, 4, 6, 8])
parser.add_argument("--loss", default="ce", choices=["ce", "mse"])
args = parser.parse_args()
attn = nn.MultiheadAttention(args.embed_dim, args.heads, batch_first=True)
x = torch.randn(8, 16, args.embed_dim)
out, _ = attn(x, x, x)
logits = nn.Linear(args.embed_dim, 5)(out.mean(1))
y = torch.randint(0, 5, (8,))
loss = nn.CrossEntropyLoss()(logits, y) if args.loss == "ce" else nn.MSELoss()(logits, torch.randn(8, 5))
)py",
                           {}, with_space({set("embed-dim", {"96", "128", "192", "256"}), choices("heads"), choices("loss")}));
  REQUIRE(r.result.findings.size() == 1);
  CHECK(r.result.findings[0].message.find("(fails for (--embed-dim, --heads) in {(128, 6), (256, 6)}, whatever --loss is: "
                                          "2 of the 16 combinations in the declared space)") != std::string::npos);
  CHECK(r.result.findings[0].level == tenscan::Level::Warning);
}

TEST_CASE("space: a part of the space (--space-part) is checked over some values, its region named in the whole's", "[space]") {
  auto options = with_space({choices("kernel"), choices("arch")});
  options.space_part = {"kernel", 2, 2};  // (of 3, 5, 7: 5 and 7)
  auto r = analyze_program(kConvNet, {}, options);
  REQUIRE(r.result.findings.size() == 1);
  const auto& region = r.result.findings[0].region;
  CHECK(region.sizes == std::vector<std::uint64_t>{3, 2});
  CHECK(region.domains == std::vector<std::vector<std::string>>{{"3", "5", "7"}, {"'small'", "'wide'"}});
  CHECK(r.result.findings[0].message.find("(fails for (--kernel, --arch) in {(5, 'wide'), (7, 'small'), (7, 'wide')}: 3 of "
                                          "the 6 combinations in the declared space)") != std::string::npos);
  CHECK(region.error_if_whole);
  CHECK(r.result.notifications.empty());
  // a string option's choices are cut as well
  options.space_part = {"--arch", 1, 2};
  auto small = analyze_program(kConvNet, {}, options);
  REQUIRE(small.result.findings.size() == 1);
  CHECK(small.result.findings[0].message.find("(fails for (--kernel, --arch) in {(3, 'small'), (7, 'small')}: 2 of the 6 "
                                              "combinations in the declared space)") != std::string::npos);
  // the explanation of a part's failing combination never says its split hyperparameter is
  // free: the part has only some of its values (the stride fails with --kernel = 3 only for 1)
  auto strided = with_space({choices("kernel"), range("stride", 1, 2)});
  strided.space_part = {"stride", 1, 2};
  auto part = analyze_program(kConvNet, {}, strided);
  REQUIRE(part.result.findings.size() == 1);
  CHECK(part.result.findings[0].region.example == std::vector<std::string>{"3", "1"});
  CHECK(part.result.findings[0].region.because == std::vector<std::string>{"--kernel", "--stride"});
  CHECK(part.result.findings[0].region.whatever.empty());
  // more parts than values, or a hyperparameter that is not split: the whole space, said
  options.space_part = {"kernel", 1, 4};
  auto empty = analyze_program(kConvNet, {}, options);
  REQUIRE(empty.result.notifications.size() == 1);
  CHECK(empty.result.notifications[0].message ==
        "--space-part kernel=1/4: --kernel has 3 values, fewer than the 4 parts, so this part was checked over all of them");
  options.space_part = {"lr", 1, 2};
  auto unsplit = analyze_program(kConvNet, {}, options);
  REQUIRE(unsplit.result.notifications.size() == 1);
  CHECK(unsplit.result.notifications[0].message.find("--space-part lr=1/2: no option of the space with a finite set of "
                                                     "values has that name") == 0);
}

TEST_CASE("space: a positional argument the arguments do not give takes the space's values", "[space]") {
  const char* script = R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("kernel", type=int)
args = parser.parse_args()
h = nn.Conv2d(1, 16, args.kernel)(torch.randn(8, 1, 28, 28))
y = nn.Linear(9216, 10)(h.flatten(1))
)py";
  auto r = analyze_program(script, {}, with_space({set("kernel", {"3", "5", "7"})}));
  CHECK(messages(r.result) == std::vector<std::string>{kMismatch + "[8, 7744] but the Linear layer expects 9216 input "
                                                       "features (last dimension 7744 != 9216) (fails for kernel in {3, 7}: 2 "
                                                       "of its 3 values in the declared space)"});
  REQUIRE(r.result.findings.size() == 1);
  const auto& related = r.result.findings[0].related;
  CHECK(std::any_of(related.begin(), related.end(), [](const tenscan::RelatedLocation& l) {
    return l.range.line == 6 && l.message == "kernel is declared here; the space gives it 3 values";
  }));
  // given on the command line, it is not in the space
  auto given = analyze_program(script, {"5"}, with_space({set("kernel", {"3", "5", "7"})}));
  CHECK(given.result.findings.empty());
  REQUIRE(given.result.notifications.size() == 1);
  CHECK(given.result.notifications[0].kind == tenscan::Notification::Kind::Configuration);
}

TEST_CASE("space: the paths of a float option's values stay apart, each checked with its own value", "[space]") {
  // (they were merged into one path whose learning rate was the hull [-1, 0.01], and neither
  // the invalid -1 nor the improper 0 was reported)
  const char* script = R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.01)
args = parser.parse_args()
model = nn.Linear(4, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
)py";
  auto r = analyze_program(script, {}, with_space({set("lr", {"-1", "0", "0.01"})}));
  CHECK(messages(r.result) ==
        std::vector<std::string>{"hparam/invalid-value warning: Invalid learning rate: -1.0 (fails for --lr = -1.0: 1 of its 3 "
                                 "values in the declared space)",
                                 "hparam/improper-value warning: Adam: the learning rate is 0: every step leaves the "
                                 "parameters as they are (improper for --lr = 0.0: 1 of its 3 values in the declared space)"});
}

TEST_CASE("space: a float option's interval is checked in its parts either side of 0 and 1", "[space]") {
  const char* script = R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.01)
parser.add_argument("--dropout", type=float, default=0.1)
args = parser.parse_args()
model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(args.dropout), nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
)py";
  auto r = analyze_program(script, {}, with_space({range("lr", -0.1, 0.1), range("dropout", 0.0, 1.5)}));
  std::string all;
  for (const auto& m : messages(r.result)) all += m + "\n";
  CHECK(all.find("hparam/invalid-value warning: Invalid learning rate: a float in [-0.1, 0.0) (fails for --lr = [-0.1, 0.0), "
                 "whatever --dropout is: 1 of its 3 values in the declared space)") != std::string::npos);
  CHECK(all.find("(improper for --lr = 0.0, whatever --dropout is: 1 of its 3 values in the declared space)") !=
        std::string::npos);
  CHECK(all.find("dropout probability has to be between 0 and 1, but got a float in (1.0, 1.5] (fails for --dropout = "
                 "(1.0, 1.5]") != std::string::npos);
  CHECK(all.find("Dropout: p=1 zeroes every activation") != std::string::npos);
  // an interval without 0 or 1 inside is one value: nothing to report, one path
  auto fine = analyze_program(script, {}, with_space({range("lr", 0.0001, 0.1), range("dropout", 0.1, 0.5)}));
  CHECK(fine.result.findings.empty());
  CHECK(fine.result.stats.paths_explored == 1);
}

TEST_CASE("space: an option the arguments give is not in the space; one the parser lacks is said", "[space]") {
  auto given = analyze_program(kConvNet, {"--kernel", "5"}, with_space({choices("kernel")}));
  CHECK(given.result.findings.empty());
  bool said = false;
  for (const auto& n : given.result.notifications)
    said = said || (n.kind == tenscan::Notification::Kind::Configuration && n.message.find("--space kernel:") == 0);
  CHECK(said);
  auto typo = analyze_program(kConvNet, {}, with_space({set("kernal", {"3", "5"})}));
  CHECK(typo.result.findings.empty());
  CHECK(typo.has_note_containing(tenscan::Notification::Kind::Configuration, "--space kernal:"));
}

TEST_CASE("space: a float option's range is its interval; a set of strings is checked by type= and choices=", "[space]") {
  // (the learning rate's interval reaches 0: torch.optim refuses a negative one only)
  auto lr = analyze_program(R"py(
import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)
args = parser.parse_args()
x = torch.ones(3) / args.lr
)py",
                            {}, with_space({range("lr", 0, 0.5)}));
  REQUIRE(lr.result.findings.size() == 1);
  CHECK(tenscan::rule_info(lr.result.findings[0].rule).id == std::string("numeric/division-by-zero"));
  auto bad = analyze_program(kConvNet, {}, with_space({set("arch", {"small", "huge"})}));
  CHECK(bad.has_note_containing(tenscan::Notification::Kind::ScriptExit, "invalid choice: 'huge'"));
}
