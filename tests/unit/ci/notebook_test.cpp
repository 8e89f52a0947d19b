// Notebooks as entries: the script made of a notebook's code cells, IPython's syntax, and the
// mapping of the script's positions back into the .ipynb file and its cells.
#include "tenscan/ci/notebook.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "tenscan/ci/imports.h"

using tenscan::SourceRange;
using tenscan::ci::read_notebook;

namespace {

std::string script(const std::string& json) {
  std::string error;
  auto nb = read_notebook(json, error);
  INFO(error);
  REQUIRE(nb);
  // without the prelude line
  return nb->source.substr(nb->source.find('\n') + 1);
}

std::string error_of(const std::string& json) {
  std::string error;
  CHECK_FALSE(read_notebook(json, error));
  return error;
}

// A range of the script moved into the notebook, as "file line:col-end line:col | cell N
// line:col-end line:col".
std::string moved(const std::string& json, int line, int col, int end_line, int end_col) {
  std::string error;
  auto nb = read_notebook(json, error);
  REQUIRE(nb);
  SourceRange r{"nb.ipynb", line + 1, col, end_line + 1, end_col};  // (+1: the prelude)
  tenscan::ci::relocate(r, *nb);
  return std::to_string(r.line) + ":" + std::to_string(r.col) + "-" + std::to_string(r.end_line) + ":" +
         std::to_string(r.end_col) + " | cell " + std::to_string(r.cell.cell) + " " + std::to_string(r.cell.line) + ":" +
         std::to_string(r.cell.col) + "-" + std::to_string(r.cell.end_line) + ":" + std::to_string(r.cell.end_col);
}

// A notebook as Jupyter writes it: one JSON string per source line, indented by one space per level.
const std::string kNotebook = R"j({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": ["# Title\n", "text"]
  },
  {
   "cell_type": "code",
   "execution_count": 1,
   "metadata": {},
   "outputs": [{"output_type": "stream", "text": ["x = 1\n"]}],
   "source": [
    "x = \"caf\u00e9\"\n",
    "y = torch.zeros(3)\t# \ud83d\ude00 z\n",
    "print(x)"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "source": "a = 1\nb = a + \"\\\"\"\n"
  }
 ],
 "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
 "nbformat": 4,
 "nbformat_minor": 5
})j";

}  // namespace

TEST_CASE("a notebook's code cells make one script, cell after cell", "[notebook]") {
  CHECK(script(kNotebook) == "x = \"caf\u00e9\"\ny = torch.zeros(3)\t# \U0001F600 z\nprint(x)\na = 1\nb = a + \"\\\"\"\n");
}

TEST_CASE("a position in the script is the JSON spelling's in the file and the code's in the cell", "[notebook]") {
  // `x` of line 1: after the indentation and the opening quote of line 14
  CHECK(moved(kNotebook, 1, 1, 1, 2) == "14:6-14:7 | cell 2 1:1-1:2");
  // the closing quote of "café": the escaped quote \" is two characters in the file, \u00e9 six
  CHECK(moved(kNotebook, 1, 10, 1, 11) == "14:21-14:23 | cell 2 1:10-1:11");
  // `torch.zeros(3)` behind nothing escaped; the comment after a \t and a surrogate pair
  CHECK(moved(kNotebook, 2, 5, 2, 19) == "15:10-15:24 | cell 2 2:5-2:19");
  CHECK(moved(kNotebook, 2, 22, 2, 23) == "15:28-15:40 | cell 2 2:22-2:23");
  // the last line of a cell, which has no newline: its end is the closing quote
  CHECK(moved(kNotebook, 3, 1, 3, 9) == "16:6-16:14 | cell 2 3:1-3:9");
  // a cell whose source is one string: every line on the file's one line
  CHECK(moved(kNotebook, 4, 1, 4, 6) == "22:15-22:20 | cell 3 1:1-1:6");
  CHECK(moved(kNotebook, 5, 5, 5, 14) == "22:26-22:38 | cell 3 2:5-2:13");
  // a range over two cells ends where its first line does
  CHECK(moved(kNotebook, 3, 1, 4, 3) == "16:6-16:14 | cell 2 3:1-3:9");
  // past the end of the script: the end of the last line
  CHECK(moved(kNotebook, 9, 1, 9, 1) == "22:38-22:38 | cell 3 2:13-2:13");
}

TEST_CASE("the cells' own sources are kept for snippets, code cells only", "[notebook]") {
  std::string error;
  auto nb = read_notebook(kNotebook, error);
  REQUIRE(nb);
  REQUIRE(nb->cells.size() == 3);
  CHECK(nb->cells[0].empty());
  CHECK(nb->cells[1] == "x = \"caf\u00e9\"\ny = torch.zeros(3)\t# \U0001F600 z\nprint(x)");
  CHECK(nb->cells[2] == "a = 1\nb = a + \"\\\"\"");
}

namespace {
std::string code_cells(std::initializer_list<std::string> cells) {
  std::string json = R"j({"cells": [)j";
  bool first = true;
  for (const auto& c : cells) {
    json += std::string(first ? "" : ",") + R"j({"cell_type": "code", "metadata": {}, "source": )j" + c + "}";
    first = false;
  }
  return json + R"j(], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})j";
}
}  // namespace

TEST_CASE("IPython's magics and shell lines become Python", "[notebook]") {
  // a line magic or shell command is `pass` at its indentation; %time analyses its statement
  CHECK(script(code_cells({R"j(["%matplotlib inline\n", "for i in range(2):\n", "    !ls -l\n", "%time y = f(x)"])j"})) ==
        "pass\nfor i in range(2):\n    pass\ny = f(x)\n");
  // %timeit with options is left out: the options are not Python
  CHECK(script(code_cells({R"j("%timeit -n 3 f(x)")j"})) == "pass\n");
  // a cell magic whose body is Python loses its first line; another its whole body
  CHECK(script(code_cells({R"j("%%time\nz = g(1)\n")j", R"j("%%bash\necho hi\nls\n")j", R"j("w = 2")j"})) ==
        "\nz = g(1)\n\n\n\nw = 2\n");
  // the shell's output assigned to a name: a call tenscan does not know
  CHECK(script(code_cells({R"j("files = !ls *.csv")j"})) == "files = get_ipython().getoutput()\n");
  // '%' and '!' inside brackets, strings and continued lines are Python's
  CHECK(script(code_cells({R"j(["s = '''\n", "%d items\n", "'''\n", "t = (1\n", "% 2)\n", "u = 1 \\\n", "!= 2"])j"})) ==
        "s = '''\n%d items\n'''\nt = (1\n% 2)\nu = 1 \\\n!= 2\n");
}

TEST_CASE("the magics left out are named once, where the first is", "[notebook]") {
  std::string error;
  auto nb = read_notebook(code_cells({R"j("import torch")j", R"j(["x = 1\n", "!pip install -q timm\n", "%load_ext tensorboard"])j"}), error);
  REQUIRE(nb);
  CHECK(nb->skipped == std::vector<std::string>{"!pip", "%load_ext"});
  CHECK(nb->first_skipped.line == 4);  // the prelude, cell 1, then cell 2's second line
}

TEST_CASE("what is not a notebook tenscan can analyse is refused with the reason", "[notebook]") {
  CHECK(error_of("{\"cells\": [").starts_with("not valid JSON"));
  CHECK(error_of("[1, 2]") == "not a Jupyter notebook (it has no \"cells\")");
  CHECK(error_of(R"j({"worksheets": [{"cells": []}], "nbformat": 3})j").starts_with("an nbformat 3 notebook"));
  CHECK(error_of(R"j({"cells": [], "metadata": {"kernelspec": {"language": "R"}}, "nbformat": 4})j") ==
        "a notebook in R, not Python");
  CHECK(error_of(std::string(100000, '[') + std::string(100000, ']')) == "nested more than 512 levels deep");
  CHECK(error_of(code_cells({"\"" + std::string(5u << 20, 'x') + "\""})) == "its code cells hold more than 4 MiB of source");
  // a kernel named by language_info alone is enough
  std::string error;
  CHECK(read_notebook(R"j({"cells": [], "metadata": {"language_info": {"name": "python"}}, "nbformat": 4})j", error));
}

TEST_CASE("a notebook that trains a model is an entry; one that explores data is not", "[notebook]") {
  std::map<std::string, std::string> files{
      {"train.ipynb", code_cells({R"j("import torch\nfrom model import Net")j", R"j("loss.backward()")j"})},
      {"explore.ipynb", code_cells({R"j("import pandas as pd\ndf = pd.read_csv('x.csv')\ndf.plot()")j"})},
      {"keras.ipynb", code_cells({R"j("from tensorflow import keras\nmodel.fit(x, y)")j"})},
      {"model.py", "import torch\n"},
      {"broken.ipynb", "{"},
  };
  std::vector<std::string> paths;
  for (const auto& [p, _] : files) paths.push_back(p);
  tenscan::ci::ImportGraph graph(paths, [&](const std::string& p) -> std::optional<std::string> { return files.at(p); });
  CHECK(graph.main_scripts() == std::vector<std::string>{"keras.ipynb", "train.ipynb"});
  CHECK(graph.closure("train.ipynb") == std::vector<std::string>{"model.py", "train.ipynb"});
}

TEST_CASE("a code cell that does not compile stops the script there, as Run All stops", "[notebook]") {
  std::string error;
  auto nb = read_notebook(code_cells({R"j("x = 1")j", R"j(["# TODO\n", "model = \n"])j", R"j("y = x")j", R"j("z = y")j"}), error);
  REQUIRE(nb);
  // the cells before it, its own lines blank, nothing after it
  CHECK(nb->source.substr(nb->source.find('\n') + 1) == "x = 1\n\n\n");
  REQUIRE(nb->compile_error);
  CHECK(nb->compile_error->error == "SyntaxError");
  CHECK(nb->compile_error->line == 4);  // the prelude, cell 1, then the cell's second line
  CHECK(nb->compile_error_cell == 2);
  CHECK(nb->code_cells_after == 2);
  // a cell is compiled alone: what would join with the next cell's code does not
  auto joined = read_notebook(code_cells({R"j("total = 1 +")j", R"j("2")j"}), error);
  REQUIRE(joined);
  CHECK(joined->compile_error_cell == 1);
}

TEST_CASE("completeness lines move into the notebook one cell at a time", "[notebook]") {
  std::string error;
  auto nb = read_notebook(kNotebook, error);
  REQUIRE(nb);
  // script lines 1 (the prelude) to 6: cell 2's three lines, then cell 3's two, on one file line
  auto parts = tenscan::ci::relocate_lines({"nb.ipynb", 1, 6}, *nb);
  REQUIRE(parts.size() == 2);
  CHECK(parts[0] == tenscan::Completeness::Lines{"nb.ipynb", 14, 16, 2, 1, 3});
  CHECK(parts[1] == tenscan::Completeness::Lines{"nb.ipynb", 22, 22, 3, 1, 2});
  tenscan::Completeness c;
  c.complete = false;
  c.paths_stopped = 1;
  c.unchecked = parts;
  CHECK(tenscan::report::incomplete_text(c) ==
        "no path reached the end of the program; cell 2 lines 1\u20133 and cell 3 lines 1\u20132 of nb.ipynb were not "
        "analysed (coverage 100%)");
}
