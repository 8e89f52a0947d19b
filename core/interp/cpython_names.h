// What CPython 3.11 defines at run time (generated table: tools/gen_cpython_names.py).
#pragma once

#include <optional>
#include <string_view>

namespace tenscan::interp {

/// Whether `name` is in CPython's builtins module.
bool cpython_builtin(std::string_view name);

/// Whether CPython's builtin type `type` (as tenscan names it: "int", "NoneType", "iterator",
/// ...) has the attribute; nullopt for a type the table does not list.
std::optional<bool> cpython_type_has(std::string_view type, std::string_view attr);

}  // namespace tenscan::interp
