// The data libraries' models a training script's arrays pass through (models/stubs/sklearn,
// models/stubs/cv2): the shapes they keep or make, and what they check of their input.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using tenscan_test::analyze_program;

TEST_CASE("sklearn/utils.shuffle and the preprocessing scalers keep shapes, check what they are given",
          "[models][sklearn]") {
  auto r = analyze_program(
      "import numpy as np\n"
      "from sklearn.utils import shuffle\n"
      "from sklearn.preprocessing import StandardScaler, MinMaxScaler\n"
      "x = np.random.rand(100, 3)\n"
      "y = np.random.randint(0, 2, 100)\n"
      "xs, ys = shuffle(x, y)\n"
      "tenscan_reveal((xs.shape, ys.shape))\n"
      "tenscan_reveal(StandardScaler().fit_transform(x))\n"
      "shuffle(x, y[:90])\n"
      "MinMaxScaler().fit_transform(y)\n");
  CHECK(r.reveal_at(7) == "((100, 3), (100,))");
  CHECK(r.reveal_at(8) == "[100, 3] float64");
  CHECK(r.findings() == std::vector<std::string>{"shape/size-mismatch@9", "shape/rank@10"});
}

TEST_CASE("cv2: imread's size is the file's, resize makes it the size asked for, cvtColor checks channels",
          "[models][cv2]") {
  auto r = analyze_program(
      "import cv2\n"
      "import numpy as np\n"
      "img = cv2.imread('data/cat.jpg')\n"
      "small = cv2.resize(img, (64, 32), interpolation=cv2.INTER_AREA)\n"
      "tenscan_reveal(small)\n"
      "gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)\n"
      "tenscan_reveal(gray)\n"
      "tenscan_reveal(cv2.imread('data/cat.jpg', cv2.IMREAD_GRAYSCALE).ndim)\n"
      "cv2.cvtColor(gray, cv2.COLOR_BGR2GRAY)\n"
      "batch = np.array([small, small])\n"
      "tenscan_reveal(batch.shape)\n");
  CHECK(r.reveal_at(5) == "[32, 64, 3] uint8");
  CHECK(r.reveal_at(7) == "[32, 64] uint8");
  CHECK(r.reveal_at(8) == "2");
  CHECK(r.findings() == std::vector<std::string>{"shape/channels@9"});
  CHECK(r.reveal_at(11) == "(2, 32, 64, 3)");
}

TEST_CASE("a dict of arrays looked up by a string tenscan cannot spell gives an array that covers them",
          "[models][numpy]") {
  // labels one-hot encoded through a dict keyed by class name, the names drawn at random
  // (SFData s60129234): every value is a (1, 3) row, so the stacked labels are (8, 1, 3)
  auto r = analyze_program(
      "import numpy as np\n"
      "rows = {'AD': np.array([0, 0, 1]).reshape(1, 3), 'MCI': np.array([0, 1, 0]).reshape(1, 3)}\n"
      "names = np.random.choice(['AD', 'MCI'], 8)\n"
      "encoded = []\n"
      "for name in names:\n"
      "    encoded.append(rows[name])\n"
      "tenscan_reveal(np.asarray(encoded).shape)\n"
      "counts = {'AD': 0, 'MCI': 0}\n"
      "for name in names:\n"
      "    counts[name] += 1\n"
      "tenscan_reveal(counts['AD'])\n");
  CHECK(r.reveal_at(7) == "(8, 1, 3)");
  CHECK(r.reveal_at(11) == "unknown");  // (a count updated under an unknown key is not a known 0)
  CHECK(r.findings().empty());
}
