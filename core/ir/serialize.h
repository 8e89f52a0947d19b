// A lowered module as bytes and back. tenscan's own library stubs are lowered once, when
// tenscan is built (cmd/stubc), and loaded from these bytes at run time: parsing them on
// every run would cost more than analysing a typical script.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ir/ir.h"

namespace tenscan::ir {

/// The module's code (every node, names resolved); not its path, name or source text.
std::string serialize(const Module& m);

/// A module from serialize()'s bytes, with every location in file `file_id`. nullptr if the
/// bytes are not a module of this IR version (a build mixing two versions).
std::unique_ptr<Module> deserialize(std::string_view bytes, std::uint32_t file_id);

}  // namespace tenscan::ir
