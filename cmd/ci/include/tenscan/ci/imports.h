// The fast syntactic pass of entry selection: which modules a Python file imports and whether
// it is a script (`if __name__ == "__main__":`), found by a small tokenizer (no parser, no
// analysis), and the project's import graph built from it.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tenscan::ci {

struct ImportRef {
  std::string module;              ///< dotted name after `import` / `from` ("" for `from . import x`)
  int level = 0;                   ///< leading dots of a relative import
  std::vector<std::string> names;  ///< `from M import a, b`: a, b (they may be submodules); "*" kept
  int line = 0;
};

struct PythonFileInfo {
  std::vector<ImportRef> imports;  ///< every import statement, at any nesting (functions, try, if)
  bool is_main_script = false;  ///< has a top-level `if __name__ == "__main__":` (either quote, either order)
  /// Defines a model at top level: `class Name(nn.Module)`, `(torch.nn.Module)`, `(Module)`, a
  /// `Sequential` subclass (what module mode checks when no script runs it).
  bool defines_models = false;
  /// The last path component of every string literal that names a data file the program may
  /// read (".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".txt"): "a.yaml" of
  /// "configs/a.yaml" (a change to such a file changes what the analysis reads).
  std::set<std::string> data_files;
};

/// The last path component of `path` ("a.yaml" of "configs/a.yaml").
std::string_view base_name(std::string_view path);
/// Whether `path` names a file of a kind a training script reads its configuration from.
bool is_data_file(std::string_view path);

/// Scans Python source. Never fails: strings, comments, continuation lines, parentheses and
/// invalid bytes are handled; what cannot be understood is skipped.
PythonFileInfo scan_python(std::string_view source);

/// Reads a project file's text (project-relative path); nullopt if unavailable.
using FileReader = std::function<std::optional<std::string>(const std::string& path)>;

/// The project's Python files and their imports, resolved the way the analyzer resolves them:
/// for an entry script, modules are looked up in the entry's directory, then the project root
/// (`a/b.py`, then `a/b/__init__.py`); relative imports against the importing module's package.
class ImportGraph {
 public:
  /// `files`: every project file (project-relative, '/' separators); only `.py` files are
  /// scanned, lazily, each at most once. `stub_dirs`: the user's stub directories
  /// (Config::stub_dirs), searched after the project like the analyzer does, so that a change
  /// to a stub selects the entries that use it.
  ImportGraph(std::vector<std::string> files, FileReader read, std::vector<std::string> stub_dirs = {});

  /// The `.py` files that are scripts (is_main_script), sorted. Scans every `.py` file.
  std::vector<std::string> main_scripts();
  /// Whether the `.py` file defines models (PythonFileInfo::defines_models).
  bool defines_models(const std::string& path);
  /// The project files `entry` loads: itself plus every project module it imports,
  /// transitively (sorted).
  std::vector<std::string> closure(const std::string& entry);
  /// The data files (their last path components) that the modules of `closure` name in
  /// string literals.
  std::set<std::string> data_files(const std::vector<std::string>& closure);

 private:
  /// A loaded module: its file and the dotted name it was imported as ("__main__" for the
  /// entry script), which relative imports inside it resolve against.
  struct Module {
    std::string path;
    std::string name;
  };
  const PythonFileInfo& info(const std::string& path);
  /// The file a dotted module name loads for an entry in `entry_dir`, or "" if none.
  [[nodiscard]] std::string find_module(const std::string& entry_dir, const std::string& dotted) const;
  /// The project modules one import statement of `importer` loads.
  [[nodiscard]] std::vector<Module> resolve(const std::string& entry_dir, const Module& importer,
                                            const ImportRef& ref) const;
  std::set<std::string> files_;
  FileReader read_;
  std::map<std::string, PythonFileInfo> scanned_;
  std::vector<std::string> stub_dirs_;
};

}  // namespace tenscan::ci
