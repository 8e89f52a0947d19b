// The analyzer's one entry point: analyze(entry, options) -> findings. Usable as a library
// with no CI, git, JSON or process handling around it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tenscan/core/finding.h"

namespace tenscan {

/// Where the analyzer reads the program's files from. Paths are project-relative with '/'
/// separators. Implementations must refuse paths that leave the project (.., symlinks out).
/// The largest file a SourceProvider reads (64 MiB), whatever the analysis's max_file_bytes:
/// a repository's 300 MB blob is refused before it is read, so memory stays bounded.
inline constexpr std::size_t kMaxReadBytes = std::size_t{64} << 20;

class SourceProvider {
 public:
  virtual ~SourceProvider() = default;
  /// The file's bytes; nullopt with `error` set if it does not exist or cannot be read.
  virtual std::optional<std::string> read(const std::string& rel_path, std::string& error) const = 0;
  /// Whether a regular file exists at rel_path (for import resolution).
  [[nodiscard]] virtual bool is_file(const std::string& rel_path) const = 0;
  /// Whether a directory exists at rel_path (namespace packages).
  [[nodiscard]] virtual bool is_dir(const std::string& rel_path) const = 0;
};

/// Reads from a directory on disk. Resolves every path with realpath and refuses anything
/// that ends up outside `root` (symlinks included) or is not a regular file.
class DirectorySource final : public SourceProvider {
 public:
  explicit DirectorySource(std::filesystem::path root);
  std::optional<std::string> read(const std::string& rel_path, std::string& error) const override;
  [[nodiscard]] bool is_file(const std::string& rel_path) const override;
  [[nodiscard]] bool is_dir(const std::string& rel_path) const override;
  [[nodiscard]] const std::filesystem::path& root() const { return root_; }

 private:
  [[nodiscard]] std::optional<std::filesystem::path> inside(const std::string& rel_path) const;
  std::filesystem::path root_;
};

/// A project held in memory: project-relative path -> file bytes (a rule's example, a test's
/// program). Refuses absolute paths and any path with an empty, '.' or '..' component.
class MemorySource final : public SourceProvider {
 public:
  MemorySource() = default;
  explicit MemorySource(std::map<std::string, std::string> files) : files_(std::move(files)) {}
  void add(const std::string& path, std::string text) { files_[path] = std::move(text); }
  std::optional<std::string> read(const std::string& rel_path, std::string& error) const override;
  [[nodiscard]] bool is_file(const std::string& rel_path) const override;
  [[nodiscard]] bool is_dir(const std::string& rel_path) const override;

 private:
  std::map<std::string, std::string> files_;
};

/// What a data file holds ("data" in tenscan.json): the script's torch.load, numpy.load,
/// numpy.loadtxt or numpy.genfromtxt of a path that ends with `file` returns an array of this
/// shape, where tenscan would otherwise know nothing about the file's contents.
struct DataHint {
  std::string file;                ///< a file name, or its last path components ("data/train.pt")
  std::vector<std::string> shape;  ///< per dim: a number, or a name for a size >= 1 the data decides
  std::string dtype;               ///< "float32", "int64", ...; empty: the loader's default
  std::string kind;                ///< "tensor" or "ndarray"; empty: what the loader makes
  /// The values the data holds, [lo, hi], as the user declares them (numerical checks);
  /// nullopt: unknown, never by itself a finding.
  std::optional<std::pair<double, double>> range{};
};

/// What a tensor attribute holds ("ranges" in tenscan.json): a tensor stored as `attribute` on
/// an instance of class `cls` (or of a subclass) holds values in [lo, hi], both reached, in place
/// of the values it was made with: the range training keeps a parameter or buffer in, which its
/// initial values do not say (numerical checks).
struct AttributeRange {
  std::string cls, attribute;
  double lo = 0, hi = 0;
};

/// How module mode builds and calls a model ("models" in tenscan.json), where its constructor's
/// defaults and its own layers do not say: `model` (a class or a model builder of the file being
/// checked) called with `args`, Python call arguments evaluated in the file's namespace
/// ("BasicBlock, [2, 2, 2, 2], num_classes=10"; empty: as module mode calls it), and its
/// forward's arguments given these shapes. Each declaration of a model is one check of it, in
/// place of the check module mode makes up.
struct ModelDecl {
  std::string model;  ///< the class or builder's name
  std::string file;   ///< the file defining it, or its last path components; empty: any
  std::string args;   ///< Python call arguments; empty: none given
  struct Input {
    std::string name;                ///< the forward's parameter
    std::vector<std::string> shape;  ///< per dim: a size, or a name (one name is one size)
    std::string dtype;               ///< "int64", ...; empty: what its layers expect
  };
  std::vector<Input> inputs;
};

/// One hyperparameter of a declared space (`--space`, "space" in tenscan.json; Refty's
/// hyperparameter domains): a command-line option of the script's argparse parser, named by an
/// option string ("--batch-size"), its dest ("batch_size") or either without dashes, and the
/// values a sweep gives it. An option in the space that the arguments do not give takes every
/// one of them (an integer: a symbol with that domain; a float range: the interval; other values:
/// one path each), and a requirement that fails for some of them is reported with the region of
/// the space where it fails.
struct SpaceParam {
  std::string name;
  enum class Kind : std::uint8_t {
    Range,    ///< [lo, hi]: integers (every step-th from lo) for an integer option, else floats
    Set,      ///< the values, as command-line tokens the option's type= converts
    Choices,  ///< the option's argparse choices= (a flag: False and True)
  } kind = Kind::Choices;
  double lo = 0, hi = 0;
  std::int64_t step = 1;
  std::vector<std::string> values;
};

/// A command-line option's name as argparse makes its dest: without leading dashes, '-' as '_'
/// ("--batch-size" -> "batch_size"), how a declared space matches options (SpaceParam::name
/// is either) and names them in constraints.
inline std::string option_dest(std::string name) {
  name.erase(0, name.find_first_not_of('-'));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

/// One part of a declared space (Refty's sub-spaces): the values of hyperparameter `name` cut
/// into `count` contiguous parts, of which this analysis takes part `index` (1-based); the
/// other hyperparameters keep their whole domains. The findings of the parts join into the
/// whole space's (tenscan/core/space_region.h): how `tenscan ci` runs a space's parts in
/// parallel and across shards. count 0: the whole space.
struct SpacePart {
  std::string name;
  int index = 0, count = 0;
  friend bool operator==(const SpacePart&, const SpacePart&) = default;
};

/// How the region of a declared space is found (Refty's two modes): one solver call per vector
/// of the space, each in its own scope (individual), or all-SAT with blocking clauses, one
/// call per failing vector (bulk); Auto takes individual mode for small spaces.
enum class SpaceSolving : std::uint8_t { Auto, Bulk, Individual };

/// A value of a data file the analysed program reads (a JSON, YAML or TOML configuration), as
/// a parser outside the analyzer gives it (the analyzer itself parses no data format).
struct DataValue {
  /// Unknown: a value the parser will not read (beyond its limits, or a type it does not
  /// make), `s` saying why: the program sees a value tenscan does not know, never an error.
  enum class Kind { Null, Bool, Int, Float, String, List, Map, Unknown } kind = Kind::Null;
  bool b = false;
  std::int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<DataValue> items;  ///< List; Map: the values, in the file's order
  std::vector<DataValue> keys;   ///< Map: the keys (scalars: YAML's may be numbers), one per value
};

/// Parses a data file's text in `format` ("json", "yaml", "toml"), as the Python library that
/// reads that format gives it (json, PyYAML's safe loader, tomllib); nullopt with `error` set
/// when the text is not valid in that format.
using DataParser =
    std::function<std::optional<DataValue>(const std::string& text, const std::string& format, std::string& error)>;

struct AnalysisOptions {
  /// Command-line arguments given to the script (sys.argv[1:]).
  std::vector<std::string> script_args;
  /// Project-relative directories of user-written Python stubs for in-house libraries,
  /// consulted after the project's own modules and before tenscan's built-in library models.
  std::vector<std::string> stub_dirs;
  /// The shapes of data files the script loads (see DataHint); the first that matches wins.
  std::vector<DataHint> data_hints;
  /// How module mode builds and calls models (see ModelDecl).
  std::vector<ModelDecl> model_decls;
  /// A declared hyperparameter space (see SpaceParam); options not in it keep their defaults.
  std::vector<SpaceParam> space;
  SpaceSolving space_solving = SpaceSolving::Auto;
  SpacePart space_part;
  /// The values tensor attributes hold (see AttributeRange); the first that matches wins.
  std::vector<AttributeRange> attribute_ranges;
  /// The versions of the libraries the project runs with, by distribution name ("tensorflow",
  /// "keras", "torch"; tenscan.json's "versions", `--library-version`, or pinned in the
  /// project's requirements): a library model follows that version where the library's
  /// behaviour changed (TensorFlow before 1.14 multiplies batches of matrices only of equal
  /// batch shapes), and the library's `__version__` is that text. A library absent here is
  /// taken at its latest behaviour and its `__version__` is unknown.
  std::map<std::string, std::string> library_versions;
  /// Integer command-line options the script's argparse parser does not receive on the
  /// command line become symbols (ShapeTracer's user inputs) instead of taking their default:
  /// a requirement that then holds only for some of their values is reported as a warning
  /// naming them ("fails unless --batch-size is 64"). Off: the defaults are used (PyTea).
  bool symbolic_args = false;
  /// Maximum number of live execution paths; states beyond are dropped and counted.
  int max_paths = 256;
  /// Iterations of a loop unrolled before it is summarised.
  int max_loop_unroll = 1024;
  /// Solver budget per query: Z3's resource limit, deterministic, so that a verdict does not
  /// depend on the machine's load (2 000 000 is about 2 s on a hard nonlinear query). Past
  /// max_seconds, the reachability queries that remain get a tenth of it.
  unsigned solver_rlimit = 2'000'000;
  /// Whole-entry budget on interpreted statements (guards against pathological inputs).
  long max_statements = 3'000'000;
  /// Wall-clock budget for the whole entry, in seconds (0: none). When it runs out, the paths
  /// still running stop with a budget note, and the solver decides only which certain
  /// failures are reachable: what was found so far is reported, not lost to a timeout.
  double max_seconds = 0;
  /// Offer a finding's fix only where the program as the fix makes it analyses as completely as
  /// before, without that finding and without a new one (findings/fix_check.h): the entry is
  /// analysed again when it has fixes.
  bool check_fixes = true;
  /// Record every nn.Module call, its path in the model, arguments and the shapes that reach it
  /// (AnalysisResult::modules: the shape report).
  bool trace_modules = false;
  /// Module mode: check the entry file's nn.Module classes one by one, each built with its
  /// constructor's defaults (a symbol for an argument without one) and its forward called on
  /// tensors whose ranks and sizes are symbols until its own layers fix them
  /// (AnalysisResult::contracts). Auto: when running the file as a script called none of
  /// them (a file of models without a training script); On: always; Off: never.
  enum class ModuleMode : std::uint8_t { Off, Auto, On };
  ModuleMode module_mode = ModuleMode::Auto;
  /// Maximum Python call depth (recursion guard).
  int max_call_depth = 200;
  /// Maximum source file size accepted (bytes); larger files are reported and skipped.
  std::size_t max_file_bytes = 4 * 1024 * 1024;
  /// Reads the configuration files the program loads from the project (json.load of a file
  /// in the repository): their values then decide shapes as literals do. None: such files
  /// are unknown.
  DataParser parse_data;
};

/// Analyzes `entry` (a project-relative path) as the program's entry point, following its
/// imports of project modules through `sources`. Never throws for problems in the analyzed
/// code: those become findings or notifications. `completed` is false only when the entry
/// itself could not be read, or when every path ended with the script exiting with an error
/// status before anything was found (its argument parser rejected the arguments): an error
/// notification of kind UnreadableFile or ScriptExit then says why.
AnalysisResult analyze(const SourceProvider& sources, const std::string& entry, const AnalysisOptions& options);

/// An error CPython's compiler reports for a module's text before anything runs.
struct CompileError {
  std::string error;    ///< "SyntaxError", "IndentationError", ...
  std::string message;  ///< CPython's message ("invalid syntax")
  int line = 0, col = 0, end_line = 0, end_col = 0;  ///< 1-based lines, 1-based byte columns
};
/// The first error CPython would report compiling `source` as a module, nullopt when it compiles
/// (a notebook's cells are compiled one at a time, as Jupyter runs them).
std::optional<CompileError> compile_error(const std::string& source);

/// tenscan's version string (semantic version).
const char* version();

}  // namespace tenscan
