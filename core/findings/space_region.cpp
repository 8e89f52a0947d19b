#include "findings/space_region.h"

#include <algorithm>
#include <map>

#include "findings/box.h"

namespace tenscan::findings {
namespace {

// Enumerating stops here: the region is then given by its count so far, examples and the
// constraint (a large space's answer).
constexpr std::size_t kMaxVectors = 4096;
// Individual mode is chosen for spaces up to this many vectors (see individual_mode).
constexpr std::uint64_t kIndividualUpTo = 64;
// Bulk mode finds at least this many failing vectors (and a sixteenth of the space) before auto
// mode takes the space as dense and goes on in individual mode (below a quarter of a 32 x 32
// space, bulk mode stays the faster: bench/space.sh's Inception sweep).
constexpr std::uint64_t kDense = 256;
// The values of the space are listed (to say where a requirement holds) up to this many vectors.
constexpr std::uint64_t kSmallSpace = 4096;

std::string value_label(const interp::SymbolInfo& info, std::int64_t v) {
  if (!info.labels.empty() && v >= 0 && static_cast<std::size_t>(v) < info.labels.size())
    return info.labels[static_cast<std::size_t>(v)];
  return std::to_string(v);
}

// The number of values of a hyperparameter in its declared domain (0: unbounded).
std::uint64_t domain_size(const interp::SymbolInfo& info) {
  if (!info.labels.empty()) return info.labels.size();
  if (!info.values.empty()) return info.values.size();
  if (info.lo == sym::Interval::kNegInf || info.hi == sym::Interval::kPosInf || info.hi < info.lo) return 0;
  return static_cast<std::uint64_t>((info.hi - info.lo) / std::max<std::int64_t>(info.step, 1)) + 1;
}

// The values of a hyperparameter as its symbol holds them (a string choice: its index).
std::vector<std::int64_t> symbol_values(const interp::SymbolInfo& info) {
  std::vector<std::int64_t> out;
  if (!info.labels.empty()) {
    for (std::size_t i = 0; i < info.labels.size(); ++i) out.push_back(static_cast<std::int64_t>(i));
  } else if (!info.values.empty()) {
    out = info.values;
  } else {
    for (std::int64_t v = info.lo; v <= info.hi; v += std::max<std::int64_t>(info.step, 1)) out.push_back(v);
  }
  return out;
}

// The number of vectors over `dims` (0: unbounded, or too many to count).
std::uint64_t dims_space(const interp::Interpreter& in, const std::vector<sym::SymId>& dims) {
  std::uint64_t n = 1;
  for (auto id : dims) {
    const std::uint64_t k = domain_size(in.symbol(id));
    if (k == 0 || n > UINT64_MAX / k) return 0;
    n *= k;
  }
  return n;
}

// Calls fn with every vector of values over `dims` (a finite space).
template <class Fn>
void for_each_vector(const interp::Interpreter& in, const std::vector<sym::SymId>& dims, Fn fn) {
  std::vector<std::vector<std::int64_t>> domains;
  std::vector<std::size_t> sizes;
  for (auto id : dims) {
    domains.push_back(symbol_values(in.symbol(id)));
    if (domains.back().empty()) return;
    sizes.push_back(domains.back().size());
  }
  std::vector<std::int64_t> values(dims.size());
  for_each_in_box(whole_box(sizes), [&](const std::vector<std::size_t>& at) {
    for (std::size_t d = 0; d < dims.size(); ++d) values[d] = domains[d][at[d]];
    fn(values);
    return true;
  });
}

// Individual mode for a space of `n` vectors (0: unbounded): asked for, or chosen for a small
// space, where it costs about what bulk mode does and an undecided vector costs only itself
// (bench/space.sh measures both modes).
bool individual_mode(SpaceSolving mode, std::uint64_t n) {
  if (n == 0 || n > kMaxVectors) return false;
  return mode == SpaceSolving::Individual || (mode == SpaceSolving::Auto && n <= kIndividualUpTo);
}

// Refty's explanation of the first failing vector: the unsat core of the requirement with the
// vector's values as named constraints (and what the solver holds: the path), minimal, so that
// the hyperparameters outside it are free: "--embed-dim = 0 alone fails it, whatever --heads is".
void explain(const interp::Interpreter& in, solver::PathSolver& s, const sym::Cond& cond, const std::vector<sym::SymId>& dims,
             const std::pair<const std::vector<std::string>, std::vector<std::int64_t>>& first, SpaceRegionInfo& region) {
  std::vector<sym::Cond> named;
  for (std::size_t d = 0; d < dims.size(); ++d)
    named.push_back(sym::Cond::eq(sym::Expr::symbol(dims[d]), sym::Expr::constant(first.second[d])));
  s.push();
  s.add(cond);
  const auto core = s.minimal_core(named);
  s.pop();
  if (!core) return;
  region.example = first.first;
  // (a hyperparameter this part of the space has some of the values of, --space-part, is never
  // said to be free: the core knows only this part's values of it)
  for (std::size_t d = 0; d < dims.size(); ++d) {
    const auto& info = in.symbol(dims[d]);
    const bool core_of = std::find(core->begin(), core->end(), d) != core->end() || info.whole_size > 0;
    (core_of ? region.because : region.whatever).push_back(info.name);
  }
}

}  // namespace

std::vector<std::pair<sym::SymId, std::int64_t>> fixed_choices(const interp::Interpreter& in, const interp::State& st) {
  std::vector<std::pair<sym::SymId, std::int64_t>> out;
  const auto& symbols = in.symbols();
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    if (!symbols[i].space || symbols[i].labels.empty()) continue;
    const auto id = static_cast<sym::SymId>(i);
    const sym::Interval v = st.ranges.eval(sym::Expr::symbol(id));
    if (v.lo == v.hi) out.emplace_back(id, v.lo);
  }
  return out;
}

std::optional<SpaceRegion> space_region(const interp::Interpreter& in, solver::PathSolver* solver, const sym::Cond& cond,
                                        const std::vector<std::pair<sym::SymId, std::int64_t>>& fixed, SpaceSolving mode) {
  std::vector<sym::SymId> dims;
  for (auto id : cond.symbols()) {
    const auto& info = in.symbol(id);
    if (info.space) dims.push_back(id);
    else if (info.kind == interp::SymKind::Input) return std::nullopt;  // an input outside the space: no finite region
  }
  if ((dims.empty() && fixed.empty()) || (!dims.empty() && !solver)) return std::nullopt;
  std::vector<std::pair<sym::SymId, std::int64_t>> also;  // the path's choices the condition does not mention
  for (const auto& f : fixed)
    if (std::find(dims.begin(), dims.end(), f.first) == dims.end()) also.push_back(f);
  SpaceRegion out;
  SpaceRegionInfo& region = out.info;
  region.space = 1;  // (times each hyperparameter's size)
  // (a part of the space, tenscan ci's space_parts, says its hyperparameter's whole domain: the
  // regions of the parts then join into the whole's)
  auto whole_size = [&](const interp::SymbolInfo& info) { return info.whole_size > 0 ? info.whole_size : domain_size(info); };
  auto add_dim = [&](sym::SymId id) {
    const auto& info = in.symbol(id);
    region.hyperparameters.push_back(info.name);
    const std::uint64_t n = whole_size(info);
    if (info.declared.line > 0)
      out.declared.emplace_back(info.declared, info.name + " is declared here; the space gives it " +
                                                      (n > 0 ? std::to_string(n) + " values" : std::string("its values")));
    region.sizes.push_back(n);
    region.space = n == 0 || region.space == 0 || region.space > (UINT64_MAX / n) ? 0 : region.space * n;
  };
  std::vector<sym::SymId> all = dims;  // (the dimensions of a vector, in order)
  for (const auto& f : also) all.push_back(f.first);
  for (auto id : all) add_dim(id);
  if (region.space > 0 && region.space <= kSmallSpace) {
    for (auto id : all) {
      const auto& info = in.symbol(id);
      std::vector<std::string> values = info.whole;
      if (info.whole_size == 0)
        for (auto v : symbol_values(info)) values.push_back(value_label(info, v));
      region.domains.push_back(std::move(values));
    }
  }
  // (in the constraint, a hyperparameter by its dest: "(28 - kernel) // stride", not "---kernel")
  const sym::SymbolNamer names = in.namer();
  region.constraint = cond.str([&](sym::SymId id) {
    const auto& info = in.symbol(id);
    return info.space ? option_dest(info.name) : names(id);
  });
  if (dims.empty()) {
    // it fails whatever the integers are: for this path's choices
    std::vector<std::string> vec;
    for (const auto& f : also) vec.push_back(value_label(in.symbol(f.first), f.second));
    region.failing.push_back(std::move(vec));
    return out;
  }
  solver::PathSolver& s = *solver;
  const std::uint64_t n = dims_space(in, dims);
  std::set<std::vector<std::int64_t>> found;  // the failing vectors, as the symbols hold them
  bool individual = individual_mode(mode, n);
  region.complete = false;
  if (!individual) {
    // bulk mode (Refty): all-SAT with blocking clauses, one failing vector per call. Each clause
    // makes the next call dearer, so where a finite space turns out dense with failures, auto
    // mode goes on vector by vector (a 64 x 64 space all but failing: 2.9 s instead of 9 s)
    s.push();
    s.add(!cond);
    while (found.size() < kMaxVectors) {
      if (mode == SpaceSolving::Auto && n > 0 && n <= kMaxVectors && found.size() >= std::max<std::uint64_t>(kDense, n / 16)) {
        individual = true;
        break;
      }
      solver::Model m;
      const solver::Sat h = s.check(&m);
      if (h == solver::Sat::Unsat) region.complete = true;
      if (h != solver::Sat::Sat) break;
      std::vector<std::int64_t> values;
      std::vector<sym::Cond> other;
      for (auto id : dims) {
        auto it = m.find(id);
        if (it == m.end()) break;
        values.push_back(it->second);
        other.push_back(sym::Cond::ne(sym::Expr::symbol(id), sym::Expr::constant(it->second)));
      }
      if (values.size() != dims.size()) break;
      found.insert(std::move(values));
      s.add(sym::Cond::any(other));  // the blocking clause: another vector
    }
    s.pop();
  }
  if (individual) {
    // individual mode (Refty): each vector of the space in its own scope, so that one the
    // solver cannot decide costs only itself
    region.complete = true;
    s.push();
    s.add(!cond);
    for_each_vector(in, dims, [&](const std::vector<std::int64_t>& values) {
      if (found.count(values)) return;
      s.push();
      for (std::size_t d = 0; d < dims.size(); ++d)
        s.add(sym::Cond::eq(sym::Expr::symbol(dims[d]), sym::Expr::constant(values[d])));
      const solver::Sat h = s.check(nullptr);
      s.pop();
      if (h == solver::Sat::Unknown) region.complete = false;
      if (h == solver::Sat::Sat) found.insert(values);
    });
    s.pop();
  }
  std::map<std::vector<std::string>, std::vector<std::int64_t>, VectorLess> failing;  // (said -> held)
  for (const auto& values : found) {
    std::vector<std::string> vec;
    for (std::size_t d = 0; d < dims.size(); ++d) vec.push_back(value_label(in.symbol(dims[d]), values[d]));
    for (const auto& f : also) vec.push_back(value_label(in.symbol(f.first), f.second));
    failing.emplace(std::move(vec), values);
  }
  for (const auto& f : failing) region.failing.push_back(f.first);
  if (!failing.empty()) explain(in, s, cond, dims, *failing.begin(), region);
  return out;
}

}  // namespace tenscan::findings
