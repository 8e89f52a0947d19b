// The library versions a project declares or pins (versions.h).
#include <catch2/catch.hpp>

#include "tenscan/ci/config.h"
#include "tenscan/ci/versions.h"

using namespace tenscan::ci;
using Versions = std::map<std::string, std::string>;

TEST_CASE("versions: what a requirement file pins exactly", "[versions]") {
  CHECK(pinned_in("numpy==1.14.5\n"
                  "tensorflow-gpu==1.8.0  # the GPU build\n"
                  "Keras ~= 2.1.6\n"
                  "torch>=1.13,<2\n"
                  "scipy\n"
                  "# torchvision==0.14.0\n"
                  "protobuf==3.*\n"
                  "h5py[extra]===2.7.1\n") ==
        Versions{{"h5py", "2.7.1"}, {"keras", "2.1.6"}, {"numpy", "1.14.5"}, {"protobuf", "3"}, {"tensorflow", "1.8.0"}});
  // conda's environment.yml (a single `=`, and a build string after it) and its pip section
  CHECK(pinned_in("name: tagger\n"
                  "dependencies:\n"
                  "  - python=3.6\n"
                  "  - tensorflow-gpu=1.8.0=h7b35bdc_0\n"
                  "  - pip:\n"
                  "    - keras==2.1.6\n") ==
        Versions{{"keras", "2.1.6"}, {"python", "3.6"}, {"tensorflow", "1.8.0"}});
  // setup.py, pyproject.toml and Pipfile: quoted requirements and Pipfile's `name = "==version"`
  CHECK(pinned_in("setup(name='tagger', version='0.3.0', python_requires='>=3.6',\n"
                  "      install_requires=['tensorflow==1.8.0', \"numpy>=1.14\"])\n") ==
        Versions{{"tensorflow", "1.8.0"}});
  CHECK(pinned_in("dependencies = [\"torch==1.13.1\", \"torchvision\"]\n") == Versions{{"torch", "1.13.1"}});
  CHECK(pinned_in("[packages]\ntensorflow = \"==1.8.0\"\nnumpy = \"*\"\n") == Versions{{"tensorflow", "1.8.0"}});
  // (a setting is no pin)
  CHECK(pinned_in("[metadata]\nversion = 1.2.3\n").empty());
  // a line no requirement file has (a hostile one): skipped, the others read
  CHECK(pinned_in(std::string(200000, 'a') + "==1.0\n" + std::string(100000, '[') + "\ntorch==1.13.1\n") ==
        Versions{{"torch", "1.13.1"}});
}

TEST_CASE("versions: the pins nearest the entry win, read inside the project only", "[versions]") {
  tenscan::MemorySource sources({{"requirements.txt", "tensorflow==2.4.0\nnumpy==1.19.5\n"},
                                 {"tagger/requirements.txt", "tensorflow==1.8.0\n"},
                                 {"tagger/train.py", "import tensorflow as tf\n"},
                                 {"other/train.py", ""}});
  CHECK(pinned_versions(sources, "tagger/train.py") == Versions{{"numpy", "1.19.5"}, {"tensorflow", "1.8.0"}});
  CHECK(pinned_versions(sources, "other/train.py") == Versions{{"numpy", "1.19.5"}, {"tensorflow", "2.4.0"}});
  CHECK(pinned_versions(sources, "train.py") == Versions{{"numpy", "1.19.5"}, {"tensorflow", "2.4.0"}});
}

TEST_CASE("versions: --library-version and tenscan.json's \"versions\"", "[versions]") {
  CHECK(parse_library_version("TensorFlow_GPU=1.8.0") == std::pair<std::string, std::string>{"tensorflow", "1.8.0"});
  CHECK_THROWS_AS(parse_library_version("tensorflow"), ConfigError);
  CHECK_THROWS_AS(parse_library_version("tensorflow=latest"), ConfigError);
  CHECK_THROWS_AS(parse_library_version("=1.8"), ConfigError);
  CHECK(parse_config(R"({"versions": {"tensorflow-gpu": "1.8.0", "torch": "1.13"}})", "tenscan.json").versions ==
        Versions{{"tensorflow", "1.8.0"}, {"torch", "1.13"}});
  try {
    parse_config(R"({"versions": {"tensorflow": ">=1.8"}})", "tenscan.json");
    FAIL("a range is not a version");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()).find("versions.tensorflow") != std::string::npos);
  }
}
