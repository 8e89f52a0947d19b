// tenscan-stubc STUB_ROOT OUT.cpp: lowers every library stub under STUB_ROOT (tenscan's
// core/models/stubs) and writes a C++ file holding, per stub, its path, its text (findings
// and explanations quote it) and its lowered IR (ir/serialize.h), so that tenscan does not
// parse its own stubs on every run. A stub with a syntax error or an unsupported construct
// fails the build.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ir/serialize.h"
#include "python/lower.h"

namespace fs = std::filesystem;

namespace {

std::string dotted_name(std::string rel) {
  rel.erase(rel.size() - 3);  // .py
  if (rel.size() >= 9 && rel.compare(rel.size() - 9, 9, "/__init__") == 0) rel.erase(rel.size() - 9);
  std::replace(rel.begin(), rel.end(), '/', '.');
  return rel;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: tenscan-stubc STUB_ROOT OUT.cpp\n";
    return 2;
  }
  const fs::path root = argv[1];
  std::vector<std::string> stubs;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().extension() == ".py") stubs.push_back(fs::relative(e.path(), root).generic_string());
  std::sort(stubs.begin(), stubs.end());

  std::ostringstream arrays, table;
  int failures = 0;
  for (std::size_t k = 0; k < stubs.size(); ++k) {
    const std::string& rel = stubs[k];
    std::ifstream in(root / rel, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find(")tenscan_stub\"") != std::string::npos) {
      std::cerr << rel << ": contains the raw-string delimiter )tenscan_stub\"\n";
      ++failures;
      continue;
    }
    auto lr = tenscan::python::lower_module("<stub>/" + rel, dotted_name(rel), text, 0, true);
    for (const auto& d : lr.diags) {
      std::cerr << rel << ":" << d.loc.line << ":" << d.loc.col + 1 << ": "
                << (d.kind == tenscan::python::LowerDiag::Kind::SyntaxError ? d.error : std::string("unsupported")) << ": "
                << d.message << "\n";
      ++failures;
    }
    std::string bytes = tenscan::ir::serialize(*lr.module);
    arrays << "const unsigned char ir" << k << "[] = {";
    for (std::size_t b = 0; b < bytes.size(); ++b) {
      if (b % 24 == 0) arrays << "\n   ";
      arrays << ' ' << static_cast<unsigned>(static_cast<unsigned char>(bytes[b])) << ',';
    }
    arrays << "\n};\n";
    table << "      {\"" << rel << "\", R\"tenscan_stub(" << text << ")tenscan_stub\",\n       {reinterpret_cast<const char*>(ir"
          << k << "), sizeof ir" << k << "}},\n";
  }
  if (failures) return 1;

  const std::string out_path = argv[2];
  std::ofstream out(out_path + ".tmp", std::ios::binary);
  out << "// Generated from core/models/stubs by tenscan-stubc (cmd/stubc). Do not edit.\n"
         "#include \"models/stubs.h\"\n\nnamespace tenscan::models {\nnamespace {\n"
      << arrays.str()
      << "}  // namespace\n\nconst std::vector<EmbeddedStub>& embedded_stubs() {\n"
         "  static const std::vector<EmbeddedStub> stubs = {\n"
      << table.str() << "  };\n  return stubs;\n}\n}  // namespace tenscan::models\n";
  out.close();
  if (!out) {
    std::cerr << "tenscan-stubc: cannot write " << out_path << ".tmp\n";
    return 1;
  }
  // replace only when different, so that an unchanged set of stubs rebuilds nothing
  std::ifstream old(out_path, std::ios::binary), fresh(out_path + ".tmp", std::ios::binary);
  std::string a((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
  std::string b((std::istreambuf_iterator<char>(fresh)), std::istreambuf_iterator<char>());
  if (a == b) {
    fs::remove(out_path + ".tmp");
  } else {
    fs::rename(out_path + ".tmp", out_path);
  }
  return 0;
}
