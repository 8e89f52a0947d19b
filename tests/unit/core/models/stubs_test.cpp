// Guard rails over the Python library stubs embedded in the binary (models/stubs.h): they
// parse, every primitive they call exists, every registered primitive is used, every rule id
// they pass to _tenscan.require is in the catalogue, their imports resolve, and importing
// each of them runs without an uncaught exception.
#include "models/stubs.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../analysis_harness.h"
#include "interp/interpreter.h"
#include "models/prim.h"
#include "python/lower.h"
#include "tenscan/core/rules.h"

using tenscan::ir::ExprKind;
using tenscan::ir::StmtKind;
using tenscan::models::embedded_stubs;

namespace {

struct LoweredStub {
  std::string path;
  tenscan::python::LowerResult lowered;
  std::set<std::string> aliases;  ///< names the stub binds to the _tenscan module
};

std::string dotted_of(const std::string& path) {
  std::string d = path.substr(0, path.size() - 3);  // strip ".py"
  if (d.size() >= 9 && d.compare(d.size() - 9, 9, "/__init__") == 0) d.resize(d.size() - 9);
  for (auto& c : d)
    if (c == '/') c = '.';
  return d;
}

const std::vector<LoweredStub>& lowered_stubs() {
  static const std::vector<LoweredStub> stubs = [] {
    std::vector<LoweredStub> out;
    std::uint32_t id = 1;
    for (const auto& s : embedded_stubs()) {
      LoweredStub l;
      l.path = std::string(s.path);
      l.lowered = tenscan::python::lower_module("<stub>/" + l.path, dotted_of(l.path), std::string(s.text),
                                                id++, true);
      for (const auto& st : l.lowered.module->stmts)
        if (st.kind == StmtKind::Import && st.module == "_tenscan")
          l.aliases.insert(st.asnames.empty() ? std::string("_tenscan") : st.asnames[0]);
      out.push_back(std::move(l));
    }
    return out;
  }();
  return stubs;
}

/// `alias.<attr>` references in a stub: attribute name -> lines.
std::map<std::string, std::vector<int>> primitive_refs(const LoweredStub& s) {
  std::map<std::string, std::vector<int>> out;
  for (const auto& e : s.lowered.module->exprs)
    if (e.kind == ExprKind::Attr && e.a && e.a->kind == ExprKind::Name && s.aliases.count(e.a->name))
      out[e.name].push_back(e.loc.line);
  return out;
}

/// Names of every primitive row, from the tables that models/registry.cpp registers.
std::vector<std::string> primitive_rows() {
  std::vector<std::string> names;
  for (auto family : {tenscan::models::shape_primitives(), tenscan::models::math_primitives(),
                      tenscan::models::nn_primitives(), tenscan::models::loss_primitives()})
    for (const auto& row : family) names.emplace_back(row.name);
  return names;
}

struct InterpreterFixture {
  tenscan_test::MemorySource src;
  tenscan::AnalysisOptions options;
  tenscan::AnalysisResult result;
  tenscan::interp::Interpreter in{src, options, result};
};

}  // namespace

TEST_CASE("stubs: the embedded set is present and well-formed", "[models][stubs]") {
  const auto& stubs = embedded_stubs();
  REQUIRE(stubs.size() >= 20);
  std::set<std::string> paths;
  for (const auto& s : stubs) {
    INFO("stub " << s.path);
    CHECK(s.path.size() > 3);
    CHECK(s.path.substr(s.path.size() - 3) == ".py");
    CHECK(s.path.front() != '/');
    CHECK(paths.insert(std::string(s.path)).second);  // no duplicates
  }
  for (const char* must :
       {"builtins.py", "torch/__init__.py", "torch/nn/__init__.py", "torch/nn/functional.py",
        "torch/utils/data/__init__.py", "argparse.py", "random.py", "sys.py"})
    CHECK(paths.count(must) == 1);
  // every package directory that holds a stub has an __init__.py
  for (const auto& p : paths) {
    for (auto slash = p.find('/'); slash != std::string::npos; slash = p.find('/', slash + 1)) {
      INFO("stub " << p);
      CHECK(paths.count(p.substr(0, slash) + "/__init__.py") == 1);
    }
  }
}

TEST_CASE("stubs: every stub lowers without syntax errors or unsupported constructs", "[models][stubs]") {
  for (const auto& s : lowered_stubs()) {
    INFO("stub " << s.path);
    CHECK_FALSE(s.lowered.syntax_error);
    for (const auto& d : s.lowered.diags) {
      INFO("diagnostic at line " << d.loc.line << ": " << d.message);
      CHECK(false);
    }
    REQUIRE(s.lowered.module);
    CHECK(s.lowered.module->top != nullptr);
    CHECK(s.lowered.module->is_stub);
  }
}

TEST_CASE("stubs: every _tenscan attribute a stub uses is a registered primitive", "[models][stubs]") {
  InterpreterFixture fx;
  std::size_t refs = 0;
  for (const auto& s : lowered_stubs()) {
    for (const auto& [name, lines] : primitive_refs(s)) {
      INFO("stub " << s.path << " line " << lines.front() << " uses _tenscan." << name);
      CHECK(fx.in.native_id("_tenscan." + name) >= 0);
      ++refs;
    }
  }
  CHECK(refs >= 40);  // the stubs call many distinct primitives
  // the check can fail: a name that is not registered is not found
  CHECK(fx.in.native_id("_tenscan.no_such_primitive") == -1);
}

TEST_CASE("stubs: every registered primitive is used by at least one stub", "[models][stubs]") {
  InterpreterFixture fx;
  std::set<std::string> used;
  for (const auto& s : lowered_stubs())
    for (const auto& [name, lines] : primitive_refs(s)) used.insert(name);
  const auto rows = primitive_rows();
  REQUIRE(rows.size() >= 40);
  std::set<std::string> unique(rows.begin(), rows.end());
  CHECK(unique.size() == rows.size());  // no primitive name registered twice
  for (const auto& name : rows) {
    INFO("primitive " << name);
    CHECK(fx.in.native_id("_tenscan." + name) >= 0);  // the interpreter registered it
    CHECK(used.count(name) == 1);
  }
}

TEST_CASE("stubs: every rule id passed to _tenscan.require exists in the catalogue", "[models][stubs]") {
  std::size_t requires_seen = 0;
  std::set<std::string> ids;
  for (const auto& s : lowered_stubs()) {
    for (const auto& e : s.lowered.module->exprs) {
      if (e.kind != ExprKind::Call || !e.a || e.a->kind != ExprKind::Attr || e.a->name != "require") continue;
      if (!e.a->a || e.a->a->kind != ExprKind::Name || !s.aliases.count(e.a->a->name)) continue;
      ++requires_seen;
      INFO("stub " << s.path << " line " << e.loc.line);
      REQUIRE(e.items.size() >= 2);
      // the rule id is a string literal, so that this check sees every one of them
      REQUIRE(e.items[1]->kind == ExprKind::Str);
      const std::string& id = e.items[1]->name;
      INFO("rule id '" << id << "'");
      CHECK(tenscan::rule_by_id(id).has_value());
      ids.insert(id);
    }
  }
  CHECK(requires_seen >= 20);
  // the stubs state requirements of several families, not only hyperparameters
  CHECK(ids.count("hparam/invalid-value") == 1);
  CHECK(ids.count("shape/size-mismatch") == 1);
  CHECK_FALSE(tenscan::rule_by_id("hparam/no-such-rule").has_value());
}

TEST_CASE("stubs: absolute imports in stubs resolve to other stubs", "[models][stubs]") {
  std::set<std::string> modules{"_tenscan"};
  for (const auto& s : lowered_stubs()) modules.insert(dotted_of(s.path));
  for (const auto& s : lowered_stubs()) {
    for (const auto& st : s.lowered.module->stmts) {
      if ((st.kind != StmtKind::Import && st.kind != StmtKind::ImportFrom) || st.level != 0) continue;
      INFO("stub " << s.path << " line " << st.loc.line << " imports " << st.module);
      CHECK(modules.count(st.module) == 1);
      if (st.kind == StmtKind::ImportFrom)
        for (const auto& n : st.names) {
          // `from pkg import sub` of a submodule, or of a name the module defines
          if (modules.count(st.module + "." + n)) continue;
          CHECK(n != "*");
        }
    }
  }
}

TEST_CASE("stubs: importing each stub module runs without an uncaught exception", "[models][stubs]") {
  for (const auto& s : lowered_stubs()) {
    std::string mod = dotted_of(s.path);
    if (mod == "builtins") continue;  // loaded before every program
    INFO("import " << mod);
    auto r = tenscan_test::analyze_program("import " + mod + "\ntenscan_reveal(1)\n");
    CHECK(r.findings().empty());
    CHECK(r.reveal_at(2) == "1");
    for (const auto& n : r.result.notifications) {
      INFO("notification: " << n.message);
      CHECK(n.kind == tenscan::Notification::Kind::Reveal);
    }
  }
}
