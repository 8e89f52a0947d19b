// tree-sitter parser ownership and the Python language handle.
#include "python/parser.h"

#include <tree_sitter/api.h>

extern "C" const TSLanguage* tree_sitter_python();

namespace tenscan::python {

void Tree::Deleter::operator()(TSTree* t) const { ts_tree_delete(t); }
Tree::Tree(TSTree* t) : tree_(t) {}

Tree parse_python(std::string_view source) {
  struct ParserDeleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  thread_local std::unique_ptr<TSParser, ParserDeleter> parser = [] {
    std::unique_ptr<TSParser, ParserDeleter> p(ts_parser_new());
    ts_parser_set_language(p.get(), tree_sitter_python());
    return p;
  }();
  ts_parser_reset(parser.get());
  // Bound the parse so that adversarial input cannot stall a worker (10 s is far beyond any
  // real file; the limit exists for fuzzing and garbage input).
  ts_parser_set_timeout_micros(parser.get(), 10'000'000);
  return Tree(ts_parser_parse_string(parser.get(), nullptr, source.data(), static_cast<uint32_t>(source.size())));
}

}  // namespace tenscan::python
