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
