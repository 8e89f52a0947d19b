// RAII wrappers over the tree-sitter C API (owners are move-only; TSNode is a borrow that is
// valid while its Tree lives) and the Python parse entry point.
#pragma once

#include <memory>
#include <string>
#include <string_view>

struct TSTree;
struct TSParser;

namespace tenscan::python {

class Tree {
 public:
  Tree() = default;
  explicit Tree(TSTree* t);
  [[nodiscard]] TSTree* get() const { return tree_.get(); }
  explicit operator bool() const { return tree_ != nullptr; }

 private:
  struct Deleter { void operator()(TSTree* t) const; };
  std::unique_ptr<TSTree, Deleter> tree_;
};

/// Parses Python source. Returns an empty Tree only if tree-sitter itself fails (e.g. the
/// timeout hit); syntax errors are ERROR/MISSING nodes inside a valid tree.
Tree parse_python(std::string_view source);

}  // namespace tenscan::python
