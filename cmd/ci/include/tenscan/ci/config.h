// The project configuration: tenscan.json at the repository root, described by
// config/tenscan.schema.json. The schema is compiled into the binary and is what validates a
// configuration (one mechanism: a key the schema does not know is an error, with its path).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tenscan/core/analyze.h"

namespace tenscan::ci {

/// The configuration file's name, looked up at the repository root.
inline constexpr std::string_view kConfigFileName = "tenscan.json";

/// A configuration that cannot be used: every problem, one per line, each naming the file and
/// the key's path ("tenscan.json: entries[1].timeout: expected a number > 0, got -5").
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct EntrySpec {
  std::string pattern;            ///< repository-relative path or glob
  std::vector<std::string> args;  ///< the script's arguments
  std::optional<double> timeout;  ///< seconds; overrides Config::timeout
  std::optional<bool> symbolic_args;  ///< overrides Config::symbolic_args
  std::vector<std::string> space{};   ///< the declared hyperparameter space, as --space texts
  std::string space_file{};           ///< a W&B sweep configuration of the repository (--space-file)
  int space_parts = 1;                ///< the space is analysed in this many parts ...
  std::string space_split{};          ///< ... of this hyperparameter's values (empty: the one with the most)
};

struct Config {
  std::vector<EntrySpec> entries;
  bool auto_detect = true;
  std::vector<std::string> exclude;
  int jobs = 0;  ///< 0: one per core
  double timeout = 300;
  std::size_t max_memory_mb = 4096;
  int max_paths = 256;
  bool symbolic_args = false;  ///< integer options not given become symbols (check --symbolic-args)
  std::string fail_on = "error";
  bool fail_on_incomplete = false;  ///< an entry analysed incompletely fails the job
  bool new_only = false;
  std::map<std::string, std::string> rules;  ///< rule id -> "off" | "note" | "warning" | "error"
  std::vector<std::string> stub_dirs;
  std::map<std::string, std::string> versions;  ///< library -> version ("versions"; versions.h)
  std::vector<DataHint> data;  ///< what the data files the scripts load hold ("data")
  std::vector<AttributeRange> ranges;  ///< what trained tensor attributes hold ("ranges")
  std::vector<ModelDecl> models;       ///< how module mode builds and calls models ("models")
  std::string category = "tenscan/";
  std::string source;  ///< the file it was read from; empty for the defaults
};

/// The JSON schema the configuration is validated against (config/tenscan.schema.json).
std::string_view config_schema();

/// Validates `value` against a JSON schema given as text, with the subset of draft-07 that
/// tenscan's schemas use (type, enum, properties, required, additionalProperties, propertyNames,
/// items, minimum, exclusiveMinimum, minLength, pattern). Returns one message per problem, each
/// starting with the value's path ("entries[0].args[2]: ..."); empty when valid.
std::vector<std::string> validate_against_schema(std::string_view schema_json, std::string_view value_json);

/// Parses and validates a configuration; `name` is used in messages. Throws ConfigError.
Config parse_config(std::string_view text, const std::string& name);
/// One item of "data" as JSON text (what `tenscan check --data` takes, and how the CI driver
/// passes the configuration's hints to its workers), validated against the schema's item.
/// Throws ConfigError.
DataHint parse_data_hint(std::string_view json_text);
/// The inverse: the JSON text of a hint.
std::string data_hint_json(const DataHint& hint);

/// One item of "models" as JSON text (`tenscan check --model`, and how the CI driver passes the
/// configuration's declarations to its workers), validated against the schema's item. Throws
/// ConfigError.
ModelDecl parse_model_decl(std::string_view json_text);
/// The inverse: the JSON text of a declaration.
std::string model_decl_json(const ModelDecl& decl);

/// The shortest text that reads back as x exactly ("0.001", "1e-04", "3"; workers.h's
/// number_text rounds to 6 digits, for messages).
std::string exact_number_text(double x);

/// The range of the attribute `name` ("Class.attribute", as the schema checked it) for `tenscan.json`'s
/// "ranges" or --range. Throws ConfigError when lo > hi.
AttributeRange attribute_range(const std::string& name, double lo, double hi);
/// `tenscan check --range Class.attribute=LOW..HIGH` (how the CI driver passes the configuration's
/// ranges to its workers too). Throws ConfigError.
AttributeRange parse_range_option(std::string_view text);
/// The inverse: the option's text of a range.
std::string range_option_text(const AttributeRange& range);

/// `tenscan check --space NAME[=SPEC]` (how the CI driver passes an entry's "space" to its
/// workers too): NAME alone takes the option's choices, NAME=LOW..HIGH[:STEP] a range,
/// NAME=A,B,C a set. Throws ConfigError.
SpaceParam parse_space_option(std::string_view text);
/// The inverse: the option's text of a parameter.
std::string space_option_text(const SpaceParam& param);

/// `tenscan check --space-part NAME=K/M` (how the CI driver runs the parts of an entry's space):
/// 1 <= K <= M. Throws ConfigError.
SpacePart parse_space_part(std::string_view text);

/// `explicit_path` if given (it must exist), else `repo_root`/tenscan.json if it exists, else
/// the defaults. Throws ConfigError.
Config load_config(const std::filesystem::path& repo_root, const std::optional<std::filesystem::path>& explicit_path);

/// Glob match of a repository-relative path: '*' and '?' and [...] within one segment, '**' for
/// any number of segments, a trailing '/' matches everything under a directory.
bool glob_match(std::string_view pattern, std::string_view path);

/// Throws ConfigError unless every stub_dirs entry is a directory of the project as `sources`
/// sees it (a stub directory that is not there would make every lookup in it silently fail).
void check_stub_dirs(const Config& config, const SourceProvider& sources);

}  // namespace tenscan::ci
