// Real-world gaps seen on pytorch/examples: the comparison of an unknown value with a constant
// (language_translation's `(src == pad_idx).transpose(0, 1)` on torchtext data), len() of a
// NumPy array of unknown rank (gcn's np.genfromtxt), PIL modes and bands (super_resolution's
// YCbCr split) and six.moves.
#include <catch2/catch.hpp>

#include <string>

#include "../analysis_harness.h"

using tenscan_test::analyze_program;
using tenscan_test::check_program;

namespace {
bool has_note(const tenscan_test::Run& r, const std::string& text) {
  for (const auto& n : r.result.notifications)
    if (n.message.find(text) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("unknown == constant: an unknown value, tensor methods work on it", "[interp][unknown]") {
  auto r = analyze_program(
      "import json\n"
      "src = json.load(open('batch.json'))\n"
      "mask = (src == 1).transpose(0, 1)\n"
      "other = (src != 1).float()\n");
  CHECK(r.result.findings.empty());
  CHECK_FALSE(has_note(r, "AttributeError"));
}

TEST_CASE("unknown == constant: its truth is memoized, != and not agree with it", "[interp][unknown]") {
  check_program(R"py(
import json
cfg = json.load(open('cfg.json'))
mode = cfg['mode']
a = mode == 'wide'
if a:
    if mode != 'wide':
        tenscan_reveal("ne contradicts eq")  # reveal-none
    if not (mode == 'wide'):
        tenscan_reveal("not contradicts eq")  # reveal-none
    if mode == 'wide':
        tenscan_reveal("agree")  # reveal: 'agree'
else:
    if mode == 'wide':
        tenscan_reveal("eq twice disagrees")  # reveal-none
    if not a:
        tenscan_reveal("not a")  # reveal: 'not a'
)py");
}

TEST_CASE("unknown == constant: two epochs test the option once", "[interp][unknown]") {
  auto r = analyze_program(
      "import json\n"
      "import torch\n"
      "kind = json.load(open('c.json'))['kind']\n"
      "for epoch in range(8):\n"
      "    if kind == 'ce':\n"
      "        x = torch.zeros(2, 3)\n"
      "    elif kind != 'mse':\n"
      "        x = torch.zeros(2, 4)\n"
      "    else:\n"
      "        x = torch.zeros(2, 5)\n");
  CHECK(r.result.findings.empty());
  CHECK(r.result.stats.paths_explored <= 3);
}

TEST_CASE("numpy: len() of an array of unknown rank has no made-up 0-d path", "[models][numpy]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "content = np.genfromtxt('cora.content', dtype=np.dtype(str))\n"
      "idx = content[:, 0].astype(np.int32)\n"
      "idx_map = {i: pos for pos, i in enumerate(idx)}\n"
      "V = len(idx)\n"
      "rows = len(np.loadtxt('x.txt'))\n"
      "z = np.zeros(3)\n"
      "n = len(z)\n");
  CHECK(r.result.findings.empty());
  CHECK_FALSE(has_note(r, "unsized"));
}

TEST_CASE("PIL: bands per mode, split, merge, refused conversions", "[models][pil]") {
  check_program(R"py(
from PIL import Image
img = Image.open('photo.jpg').convert('YCbCr')
y, cb, cr = img.split()
tenscan_reveal(img.getbands())  # reveal: ('Y', 'Cb', 'Cr')
tenscan_reveal(y.mode)  # reveal: 'L'
tenscan_reveal(len(Image.new('CMYK', (4, 4)).split()))  # reveal: 4
tenscan_reveal(Image.new('F', (4, 4)).split()[0].mode)  # reveal: 'F'
tenscan_reveal(Image.merge('YCbCr', [y, cb, cr]).convert('RGB').mode)  # reveal: 'RGB'
tenscan_reveal(Image.new('P', (4, 4)).convert().mode)  # reveal: 'RGB'
two = Image.merge('RGB', [y, cb])  # expect: shape/channels
lab = Image.new('L', (4, 4)).convert('LAB')  # expect: hparam/invalid-value
ok = Image.new('RGB', (4, 4)).convert('LAB')
m = Image.new('L', (4, 4)).convert('L', matrix=(1, 0, 0, 0))  # expect: hparam/invalid-value
)py");
  auto r = analyze_program(
      "from PIL import Image\n"
      "y, _, _ = Image.open('x.png').convert('YCbCr').split()\n");
  CHECK_FALSE(has_note(r, "ValueError"));
}

TEST_CASE("six.moves: names are what they stand for, urllib calls are I/O", "[models][six]") {
  auto r = check_program(R"py(
import six
from six.moves import range, urllib
from six.moves.urllib.request import urlretrieve
tenscan_reveal(list(range(2)))  # reveal: [0, 1]
tenscan_reveal(six.PY3)  # reveal: True
data = urllib.request.urlopen('http://example.com/a.tgz')
urlretrieve('http://example.com/b.tgz', 'b.tgz')
)py");
  const auto& s = r.result.stats;
  CHECK(s.unmodelled_calls.empty());
  CHECK(s.benign_calls.count("I/O: urllib.request.urlopen") == 1);
  CHECK(s.benign_calls.count("I/O: six.moves.urllib.request.urlretrieve") == 1);
}
