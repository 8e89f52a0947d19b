#include "findings/space_region.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace tenscan::findings {
namespace {

// Enumerating stops here: the region is then given by its count so far, examples and the
// constraint (a large space's answer).
constexpr std::size_t kMaxVectors = 4096;
// Individual mode is chosen for spaces up to this many vectors (see individual_mode).
constexpr std::uint64_t kIndividualUpTo = 64;
// Bulk mode finds at least this many failing vectors (and a sixteenth of the space) before auto
// mode takes the space as dense and goes on in individual mode.
constexpr std::uint64_t kDense = 64;
// Listed in full up to this many vectors.
constexpr std::size_t kListed = 12;
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
  for (auto id : dims) domains.push_back(symbol_values(in.symbol(id)));
  for (const auto& d : domains)
    if (d.empty()) return;
  std::vector<std::size_t> at(dims.size(), 0);
  std::vector<std::int64_t> values(dims.size());
  for (;;) {
    for (std::size_t d = 0; d < dims.size(); ++d) values[d] = domains[d][at[d]];
    fn(values);
    bool more = false;
    for (std::size_t d = dims.size(); d-- > 0 && !more;) {
      more = ++at[d] < domains[d].size();
      if (!more) at[d] = 0;
    }
    if (!more) return;
  }
}

// Individual mode for a space of `n` vectors (0: unbounded): asked for, or chosen for a small
// space, where it costs about what bulk mode does and an undecided vector costs only itself
// (bench/space.sh measures both modes).
bool individual_mode(SpaceSolving mode, std::uint64_t n) {
  if (n == 0 || n > kMaxVectors) return false;
  return mode == SpaceSolving::Individual || (mode == SpaceSolving::Auto && n <= kIndividualUpTo);
}

std::string tuple_text(const std::vector<std::string>& v) {
  if (v.size() == 1) return v[0];
  std::string out = "(";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out + ")";
}

// x as an integer, when it is one
std::optional<std::int64_t> integer_of(const std::string& x) {
  std::int64_t v = 0;
  auto [end, err] = std::from_chars(x.data(), x.data() + x.size(), v);
  if (err != std::errc() || end != x.data() + x.size()) return std::nullopt;
  return v;
}

}  // namespace

bool VectorLess::operator()(const std::vector<std::string>& a, const std::vector<std::string>& b) const {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] == b[i]) continue;
    auto x = integer_of(a[i]), y = integer_of(b[i]);
    if (x && y) return *x < *y;
    if (x || y) return x.has_value();  // (numbers first)
    return a[i] < b[i];
  }
  return a.size() < b.size();
}

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
  SpaceRegion region;
  auto add_dim = [&](sym::SymId id) {
    const auto& info = in.symbol(id);
    region.names.push_back(info.name);
    const std::uint64_t n = domain_size(info);
    if (info.declared.line > 0)
      region.declared.emplace_back(info.declared, info.name + " is declared here; the space gives it " +
                                                      (n > 0 ? std::to_string(n) + " values" : std::string("its values")));
    region.sizes.push_back(n);
    region.space = n == 0 || region.space == 0 || region.space > (UINT64_MAX / n) ? 0 : region.space * n;
  };
  std::vector<sym::SymId> all = dims;  // (the dimensions of a vector, in order)
  for (const auto& f : also) all.push_back(f.first);
  for (auto id : all) add_dim(id);
  if (region.space > 0 && region.space <= kSmallSpace) {
    for (auto id : all) {
      std::vector<std::string> values;
      for (auto v : symbol_values(in.symbol(id))) values.push_back(value_label(in.symbol(id), v));
      region.domains.push_back(std::move(values));
    }
  }
  // (in the constraint, a hyperparameter by its dest: "(28 - kernel) // stride", not "---kernel")
  const sym::SymbolNamer names = in.namer();
  region.constraint = cond.str([&](sym::SymId id) {
    const auto& info = in.symbol(id);
    return info.space ? interp::option_dest(info.name) : names(id);
  });
  if (dims.empty()) {
    // it fails whatever the integers are: for this path's choices
    std::vector<std::string> vec;
    for (const auto& f : also) vec.push_back(value_label(in.symbol(f.first), f.second));
    region.failing.insert(std::move(vec));
    return region;
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
  for (const auto& values : found) {
    std::vector<std::string> vec;
    for (std::size_t d = 0; d < dims.size(); ++d) vec.push_back(value_label(in.symbol(dims[d]), values[d]));
    for (const auto& f : also) vec.push_back(value_label(in.symbol(f.first), f.second));
    region.failing.insert(std::move(vec));
  }
  return region;
}

void merge_region(SpaceRegion& into, const SpaceRegion& more) {
  if (into.names != more.names) {
    into.complete = false;
    return;
  }
  into.failing.insert(more.failing.begin(), more.failing.end());
  into.complete = into.complete && more.complete;
}

namespace {
// The region without the hyperparameters it does not depend on: a dimension along which every
// failing vector fails for every value (the flag that only picks a path, the stride that
// fails whatever it is) is dropped, and named in `free`.
SpaceRegion compacted(SpaceRegion r, std::vector<std::string>& free) {
  if (!r.complete) return r;
  for (std::size_t d = r.names.size(); d-- > 0;) {
    if (r.names.size() == 1 || r.sizes[d] == 0) continue;
    std::map<std::vector<std::string>, std::set<std::string>, VectorLess> groups;
    for (const auto& v : r.failing) {
      auto key = v;
      key.erase(key.begin() + static_cast<std::ptrdiff_t>(d));
      groups[key].insert(v[d]);
    }
    if (!std::all_of(groups.begin(), groups.end(), [&](const auto& g) { return g.second.size() == r.sizes[d]; })) continue;
    free.insert(free.begin(), r.names[d]);
    if (r.space > 0) r.space /= r.sizes[d];
    r.names.erase(r.names.begin() + static_cast<std::ptrdiff_t>(d));
    r.sizes.erase(r.sizes.begin() + static_cast<std::ptrdiff_t>(d));
    if (!r.domains.empty()) r.domains.erase(r.domains.begin() + static_cast<std::ptrdiff_t>(d));
    r.failing.clear();
    for (const auto& g : groups) r.failing.insert(g.first);
  }
  return r;
}
}  // namespace

namespace {
std::string region_words(const SpaceRegion& whole) {
  std::vector<std::string> free;
  const SpaceRegion r = compacted(whole, free);
  std::string whatever;
  for (std::size_t i = 0; i < free.size(); ++i) whatever += (i ? ", " : "") + free[i];
  if (!whatever.empty()) whatever = ", whatever " + whatever + (free.size() == 1 ? " is" : " are");
  if (r.names.empty()) return "fails for every value of the declared space";
  std::string names = tuple_text(r.names);
  const std::size_t n = r.failing.size();
  std::string of_space;
  if (r.complete && r.space > 0)
    of_space = r.names.size() == 1 ? std::to_string(n) + " of its " + std::to_string(r.space) + " values in the declared space"
                                   : std::to_string(n) + " of the " + std::to_string(r.space) + " combinations in the declared space";
  if (r.complete && r.space > 0 && n == r.space) return "fails for every value of " + names + " in the declared space" + whatever;
  const bool holding_shorter = r.complete && !r.domains.empty() && r.space - n <= kListed && 2 * (r.space - n) < n;
  if (r.complete && n <= kListed && !holding_shorter) {
    std::string list;
    std::size_t i = 0;
    for (const auto& v : r.failing) list += (i++ ? ", " : "") + tuple_text(v);
    return "fails for " + names + (n == 1 ? " = " : " in {") + list + (n == 1 ? "" : "}") + whatever +
           (of_space.empty() ? "" : ": " + of_space);
  }
  if (holding_shorter) {
    // where it holds, which is the short list: every vector of the space not failing
    std::vector<std::vector<std::string>> holding;
    std::vector<std::size_t> at(r.domains.size(), 0);
    for (bool more = true; more;) {
      std::vector<std::string> v;
      for (std::size_t d = 0; d < at.size(); ++d) v.push_back(r.domains[d][at[d]]);
      if (!r.failing.count(v)) holding.push_back(std::move(v));
      more = false;
      for (std::size_t d = at.size(); d-- > 0;) {
        if (++at[d] < r.domains[d].size()) {
          more = true;
          break;
        }
        at[d] = 0;
      }
    }
    std::string list;
    for (std::size_t k = 0; k < holding.size(); ++k) list += (k ? ", " : "") + tuple_text(holding[k]);
    return "fails for " + of_space + whatever + ": for all but " + names + (holding.size() == 1 ? " = " : " in {") + list +
           (holding.size() == 1 ? "" : "}");
  }
  std::string examples;
  std::size_t i = 0;
  for (const auto& v : r.failing) {
    if (i == 3) break;
    examples += (i++ ? ", " : "") + tuple_text(v);
  }
  std::string count = r.complete ? of_space.empty() ? std::to_string(n) + " combinations" : of_space
                                 : "at least " + std::to_string(n) + (r.space > 0 ? " of the " + std::to_string(r.space) : "") +
                                       " combinations";
  return "fails for " + count + " of " + names + whatever + ", e.g. " + examples + "; it needs " + r.constraint;
}
}  // namespace

bool fails_everywhere(const SpaceRegion& whole) {
  std::vector<std::string> free;
  const SpaceRegion r = compacted(whole, free);
  return r.complete && (r.names.empty() || (r.space > 0 && r.failing.size() == r.space));
}

SpaceRegionInfo region_info(const SpaceRegion& r) {
  constexpr std::size_t kCarried = 256;
  SpaceRegionInfo out;
  out.hyperparameters = r.names;
  for (const auto& v : r.failing) {
    if (out.failing.size() == kCarried) break;
    out.failing.push_back(v);
  }
  out.complete = r.complete && out.failing.size() == r.failing.size();
  out.space = r.space;
  out.constraint = r.constraint;
  return out;
}

std::string region_text(const SpaceRegion& whole, bool advisory) {
  std::string text = region_words(whole);
  if (advisory && text.rfind("fails for ", 0) == 0) text.replace(0, 5, "improper");
  return text;
}

}  // namespace tenscan::findings
