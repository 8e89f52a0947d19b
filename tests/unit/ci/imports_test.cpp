// The syntactic import scanner and the import graph of entry selection.
#include "tenscan/ci/imports.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

using tenscan::ci::ImportGraph;
using tenscan::ci::scan_python;

namespace {

/// Each import as "<dots><module>[:name,name]@line", in source order.
std::vector<std::string> imports(std::string_view src) {
  std::vector<std::string> out;
  for (const auto& r : scan_python(src).imports) {
    std::string s = std::string(static_cast<std::size_t>(r.level), '.') + r.module;
    for (std::size_t i = 0; i < r.names.size(); ++i) s += (i ? "," : ":") + r.names[i];
    out.push_back(s + "@" + std::to_string(r.line));
  }
  return out;
}

using V = std::vector<std::string>;

bool is_main(std::string_view src) {
  return scan_python(src).is_main_script;
}

/// A graph over an in-memory project.
struct Project {
  std::map<std::string, std::string> files;
  int reads = 0;
  ImportGraph graph() {
    std::vector<std::string> names;
    for (const auto& [k, v] : files) names.push_back(k);
    return ImportGraph(names, [this](const std::string& p) -> std::optional<std::string> {
      ++reads;
      auto it = files.find(p);
      if (it == files.end()) return std::nullopt;
      return it->second;
    });
  }
};

}  // namespace

TEST_CASE("import statements", "[imports]") {
  CHECK(imports("import os") == V{"os@1"});
  CHECK(imports("import a.b as c, d\n") == V{"a.b@1", "d@1"});
  CHECK(imports("import a.b.c") == V{"a.b.c@1"});
  CHECK(imports("from a.b import c") == V{"a.b:c@1"});
  CHECK(imports("from a import b as c, d as e") == V{"a:b,d@1"});
  CHECK(imports("from ..x.y import (a, b as c)") == V{"..x.y:a,b@1"});
  CHECK(imports("from . import x") == V{".:x@1"});
  CHECK(imports("from ... import x, y") == V{"...:x,y@1"});
  CHECK(imports("from .m import *") == V{".m:*@1"});
  CHECK(imports("from __future__ import annotations\nimport torch\n") ==
        V{"__future__:annotations@1", "torch@2"});
}

TEST_CASE("import statements anywhere a statement starts", "[imports]") {
  CHECK(imports("x = 1; import a; import b as c") == V{"a@1", "b@1"});
  CHECK(imports("try:\n    import fast\nexcept ImportError:\n    import slow\n") == V{"fast@2", "slow@4"});
  CHECK(imports("def f():\n    from .helpers import g\n    return g\n") == V{".helpers:g@2"});
  CHECK(imports("if TYPE_CHECKING: import typing_mod\n") == V{"typing_mod@1"});
  CHECK(imports("try: import a\nexcept: from b import c\n") == V{"a@1", "b:c@2"});
  CHECK(imports("class A:\n    def m(self):\n        if x:\n            import deep.mod\n") ==
        V{"deep.mod@4"});
  // not statements: other uses of the words
  CHECK(imports("x = importlib.import_module('a')\n").empty());
  CHECK(imports("raise E from e\nyield from g\n").empty());
  CHECK(imports("d = {1: import_x}\n").empty());
  CHECK(imports("obj.import_ = 3\n").empty());
  CHECK(imports("from\nimport\nimport (a)\nfrom import x\nfrom a import\n").empty());
}

TEST_CASE("strings and comments that contain import are skipped", "[imports]") {
  CHECK(imports("# import a\nimport b  # import c\n") == V{"b@2"});
  CHECK(imports("s = 'import a'\nt = \"from b import c\"\n").empty());
  CHECK(imports("\"\"\"\nimport a\nfrom b import c\n\"\"\"\nimport d\n") == V{"d@5"});
  CHECK(imports("'''\nimport a\n'''\nimport b\n") == V{"b@4"});
  CHECK(imports("x = r'\\'; import a'\nimport b\n") == V{"b@2"});
  CHECK(imports("x = rb\"\"\"\nimport a\n\"\"\"; import b\n") == V{"b@3"});
  CHECK(imports("x = f'{y}import a'; import c\n") == V{"c@1"});
  CHECK(imports("x = BR'import a'; Rb'import b'; u'import c'; Fr'import d'\nimport e\n") == V{"e@2"});
  CHECK(imports("x = 'it\\'s'; import a\n") == V{"a@1"});
  CHECK(imports("x = 'a\\\nimport b'\nimport c\n") == V{"c@3"});
  CHECK(imports("s = '''a ''' ; import a\n") == V{"a@1"});
  CHECK(imports("s = \"\"\"a \\\"\"\" still\"\"\"\nimport a\n") == V{"a@2"});
  // a name ending in a prefix letter is not a prefix
  CHECK(imports("bar'import x'\nimport a\n") == V{"a@2"});
}

TEST_CASE("logical lines: brackets and backslash continuations", "[imports]") {
  CHECK(imports("from a import (\n    b,\n    c as d,  # comment (\n    e,\n)\nimport f\n") ==
        V{"a:b,c,e@1", "f@6"});
  CHECK(imports("import a, \\\n    b\n") == V{"a@1", "b@1"});
  CHECK(imports("from a \\\n  import b\n") == V{"a:b@1"});
  // an import word at the start of a physical line inside brackets is not a statement
  CHECK(imports("x = f(\nimport_a,\n)\ny = [\n  1,\n]\nimport z\n") == V{"z@7"});
  CHECK(imports("call(a,\n     b) ; import q\n") == V{"q@2"});
  CHECK(imports("import a\r\nimport b\rimport c\n") == V{"a@1", "b@2", "c@3"});
  CHECK(imports("x = 1 \\\r\n + 2; import a\r\n") == V{"a@2"});
  // unbalanced closing brackets do not break later lines
  CHECK(imports(")))\nimport a\n]]\nimport b\n") == V{"a@2", "b@4"});
  CHECK(imports("a[1:2]; import x\nlambda: 0\nwith (open(f) as g): import y\n") == V{"x@1", "y@3"});
}

TEST_CASE("main-script guards", "[imports]") {
  CHECK(is_main("if __name__ == \"__main__\":\n    main()\n"));
  CHECK(is_main("if __name__ == '__main__':\n    main()\n"));
  CHECK(is_main("if '__main__' == __name__:\n    main()\n"));
  CHECK(is_main("if \"__main__\" == __name__ : main()\n"));
  CHECK(is_main("import x\n\n\nif __name__  ==  '__main__':  # run\n    x.run()\n"));
  CHECK(is_main("if __name__ == r'__main__':\n  pass\n"));
  CHECK_FALSE(is_main("def f():\n    if __name__ == '__main__':\n        pass\n"));
  CHECK_FALSE(is_main("  if __name__ == '__main__':\n    pass\n"));
  CHECK_FALSE(is_main("x = (1,\nif __name__ == '__main__':\n)\n"));
  CHECK_FALSE(is_main("s = '''\nif __name__ == '__main__':\n'''\n"));
  CHECK_FALSE(is_main("# if __name__ == '__main__':\n"));
  CHECK_FALSE(is_main("if __name__ != '__main__':\n    pass\n"));
  CHECK_FALSE(is_main("if __name__ == '__main__' and x:\n    pass\n"));
  CHECK_FALSE(is_main("if __name__ == b'__main__':\n    pass\n"));
  CHECK_FALSE(is_main("if __name__ == '__mian__':\n    pass\n"));
  CHECK_FALSE(is_main("print('__main__')\n"));
  CHECK_FALSE(is_main("elif __name__ == '__main__':\n    pass\n"));
}

TEST_CASE("the scanner survives arbitrary bytes", "[imports]") {
  SECTION("garbage and NUL bytes") {
    std::string junk;
    for (int i = 0; i < 256; ++i) junk += static_cast<char>(i);
    std::string src = junk + "\nimport a\n" + std::string("\0\0\xff\xfe", 4) + "\nimport b\n";
    CHECK(imports(src) == V{"a@4", "b@6"});  // the junk holds two line breaks: \n and \r
    std::uint32_t x = 12345;
    std::string random;
    for (int i = 0; i < 200000; ++i) {
      x = x * 1664525u + 1013904223u;
      random += static_cast<char>(x >> 24);
    }
    (void)scan_python(random);
  }
  SECTION("random mixes of Python's significant pieces") {
    const std::string_view pieces[] = {"'",
                                       "\"",
                                       "\"\"\"",
                                       "'''",
                                       "\\",
                                       "\n",
                                       "\r",
                                       "\r\n",
                                       "(",
                                       ")",
                                       "[",
                                       "]",
                                       "#",
                                       "import ",
                                       "from ",
                                       ".",
                                       " as ",
                                       "r",
                                       "b",
                                       "f",
                                       ";",
                                       ":",
                                       "x",
                                       " ",
                                       "__main__",
                                       "if ",
                                       "==",
                                       "__name__",
                                       ",",
                                       "*",
                                       std::string_view("\0", 1)};
    std::uint32_t x = 7;
    for (int n = 0; n < 3000; ++n) {
      std::string src;
      for (int k = 0; k < 40; ++k) {
        x = x * 1664525u + 1013904223u;
        src += pieces[(x >> 16) % std::size(pieces)];
      }
      for (const auto& r : scan_python(src).imports)
        if (r.module.empty() && r.level == 0) FAIL("an import of nothing from " << src);
    }
  }
  SECTION("unterminated constructs") {
    CHECK(imports("x = 'abc\nimport a\n") == V{"a@2"});
    CHECK(imports("x = \"\"\"abc\nimport a\n").empty());
    CHECK(imports("import a\nx = (\nimport b\n") == V{"a@1"});
    CHECK(imports("import a.").size() == 1);
    CHECK(imports("from").empty());
    CHECK(imports("'").empty());
    CHECK(imports("\\").empty());
    CHECK(imports("r").empty());
    CHECK(imports("x = '\\").empty());
    CHECK(imports("\"\"\"\\").empty());
    CHECK(imports("from .").empty());
    CHECK(imports("import a as").size() == 1);
    CHECK(imports("").empty());
  }
  SECTION("deeply nested brackets") {
    std::string deep =
        std::string(1'000'000, '(') + "\nimport a\n" + std::string(1'000'000, ')') + "\nimport b\n";
    CHECK(imports(deep) == V{"b@4"});
    CHECK(imports(std::string(1'000'000, '[') + "\nimport a\n").empty());
  }
  SECTION("a 5 MB file") {
    std::string big;
    int lines = 0;
    while (big.size() < 5'000'000) {
      big += "x = compute(a, b, 'import s', \"\"\"doc\"\"\")  # import c\n";
      ++lines;
    }
    big += "from pkg.mod import (one,\n  two)\n";
    CHECK(imports(big) == V{"pkg.mod:one,two@" + std::to_string(lines + 1)});
  }
}

TEST_CASE("graph: absolute imports, packages and __init__", "[imports][graph]") {
  Project p;
  p.files = {
      {"train.py", "import models.net\nfrom data import loader\nimport torch\n"},
      {"models/__init__.py", ""},
      {"models/net.py", "from models.layers import Block\n"},
      {"models/layers.py", "import numpy as np\n"},
      {"data/__init__.py", "from .transforms import T\n"},
      {"data/loader.py", ""},
      {"data/transforms.py", ""},
      {"unused.py", "import models\n"},
      {"README.md", "import train"},
  };
  auto g = p.graph();
  CHECK(g.closure("train.py") == V{"data/__init__.py", "data/loader.py", "data/transforms.py",
                                   "models/__init__.py", "models/layers.py", "models/net.py", "train.py"});
  CHECK(g.closure("unused.py") == V{"models/__init__.py", "unused.py"});
  CHECK(g.closure("models/layers.py") == V{"models/layers.py"});
}

TEST_CASE("graph: from-imports may load submodules, star imports do not", "[imports][graph]") {
  Project p;
  p.files = {
      {"main.py", "from pkg import sub, name_in_init\nfrom pkg2 import *\n"},
      {"pkg/__init__.py", "name_in_init = 1\n"},
      {"pkg/sub.py", ""},
      {"pkg/other.py", ""},
      {"pkg2/__init__.py", ""},
      {"pkg2/mod.py", ""},
  };
  CHECK(p.graph().closure("main.py") == V{"main.py", "pkg/__init__.py", "pkg/sub.py", "pkg2/__init__.py"});
}

TEST_CASE("graph: relative imports of levels 1 to 3", "[imports][graph]") {
  Project p;
  p.files = {
      {"run.py", "import a.b.c.mod\n"},
      {"a/__init__.py", ""},
      {"a/top.py", ""},
      {"a/b/__init__.py", "from . import sibling\n"},
      {"a/b/sibling.py", ""},
      {"a/b/c/__init__.py", ""},
      {"a/b/c/mod.py",
       "from .peer import x\nfrom ..up import y\nfrom ...top import z\nfrom .. import sibling\n"},
      {"a/b/c/peer.py", ""},
      {"a/b/up.py", ""},
  };
  CHECK(p.graph().closure("run.py") == V{"a/__init__.py", "a/b/__init__.py", "a/b/c/__init__.py",
                                         "a/b/c/mod.py", "a/b/c/peer.py", "a/b/sibling.py", "a/b/up.py",
                                         "a/top.py", "run.py"});
}

TEST_CASE("graph: an entry script in a subdirectory", "[imports][graph]") {
  Project p;
  p.files = {
      {"scripts/train.py", "import helper\nimport common.util\nfrom . import local\nfrom .rel import f\n"},
      {"scripts/helper.py",
       "from .nearby import g\n"},  // module `helper` is top-level: `.nearby` is `nearby`
      {"scripts/nearby.py", ""},
      {"scripts/local.py", ""},
      {"scripts/rel.py", ""},
      {"common/__init__.py", ""},
      {"common/util.py", "import helper\n"},  // resolved for this entry: scripts/helper.py
      {"helper.py", ""},
  };
  auto g = p.graph();
  CHECK(g.closure("scripts/train.py") == V{"common/__init__.py", "common/util.py", "scripts/helper.py",
                                           "scripts/local.py", "scripts/nearby.py", "scripts/rel.py",
                                           "scripts/train.py"});
  // an entry at the root sees the root's helper.py
  p.files["tool.py"] = "import common.util\n";
  auto g2 = p.graph();
  CHECK(g2.closure("tool.py") == V{"common/__init__.py", "common/util.py", "helper.py", "tool.py"});
}

TEST_CASE("graph: the entry's directory shadows the root, modules come before packages", "[imports][graph]") {
  Project p;
  p.files = {
      {"exp/run.py", "import cfg\nimport models.net\n"},
      {"exp/cfg.py", ""},
      {"cfg.py", ""},
      {"models/__init__.py", ""},
      {"models/net.py", ""},
      {"exp/models/__init__.py", ""},  // the entry's models package wins for both prefixes
      {"exp/models/net.py", ""},
      {"both.py", ""},
      {"both/__init__.py", ""},
      {"top.py", "import both\n"},
  };
  auto g = p.graph();
  CHECK(g.closure("exp/run.py") ==
        V{"exp/cfg.py", "exp/models/__init__.py", "exp/models/net.py", "exp/run.py"});
  CHECK(g.closure("top.py") == V{"both.py", "top.py"});
  // a module missing in the entry's package directory falls back to the root (as the analyzer does)
  p.files.erase("exp/models/net.py");
  CHECK(p.graph().closure("exp/run.py") ==
        V{"exp/cfg.py", "exp/models/__init__.py", "exp/run.py", "models/net.py"});
}

TEST_CASE("graph: cycles, missing modules, unreadable files", "[imports][graph]") {
  Project p;
  p.files = {
      {"main.py", "import a\nimport missing.mod\nimport torch.nn\nfrom .nothing import x\n"},
      {"a.py", "import b\n"},
      {"b.py", "import a\nimport main\nimport gone\n"},
  };
  auto g = p.graph();
  CHECK(g.closure("main.py") == V{"a.py", "b.py", "main.py"});
  // the graph lists gone.py, but reading it fails: it counts as loaded, with no imports
  auto g2 = ImportGraph({"main.py", "a.py", "b.py", "gone.py"},
                        [&](const std::string& path) -> std::optional<std::string> {
                          if (path == "gone.py") return std::nullopt;
                          return p.files.at(path);
                        });
  CHECK(g2.closure("main.py") == V{"a.py", "b.py", "gone.py", "main.py"});
}

TEST_CASE("graph: main scripts and lazy scanning", "[imports][graph]") {
  Project p;
  p.files = {
      {"train.py", "import lib\nif __name__ == '__main__':\n    lib.run()\n"},
      {"tools/eval.py", "if \"__main__\" == __name__:\n    pass\n"},
      {"lib.py", "def run():\n    if __name__ == '__main__':\n        pass\n"},
      {"mentions.py", "print('__main__')\n"},
      {"notes.txt", "if __name__ == '__main__':\n"},
      {"plain.py", "x = 1\n"},
  };
  auto g = p.graph();
  CHECK(g.main_scripts() == V{"tools/eval.py", "train.py"});
  CHECK(p.reads == 5);  // every .py file read once
  CHECK(g.closure("train.py") == V{"lib.py", "train.py"});
  CHECK(p.reads == 5);  // both were scanned already
  CHECK(g.main_scripts() == V{"tools/eval.py", "train.py"});
  CHECK(p.reads == 6);  // only plain.py (it failed the pre-check) is read again
}
