// A region of a declared hyperparameter space in words, and the join of the regions of the
// parts of one space (tenscan/core/space_region.h).
#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>

#include "findings/box.h"
#include "tenscan/core/space_region.h"

namespace tenscan {
namespace {

// Listed in full up to this many vectors.
constexpr std::size_t kListed = 12;

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

using VectorSet = std::set<std::vector<std::string>, VectorLess>;

// A region as its words are made from it.
struct Working {
  std::vector<std::string> names;
  std::vector<std::uint64_t> sizes;
  std::vector<std::vector<std::string>> domains;
  VectorSet failing;
  bool complete = true;
  std::uint64_t space = 0;
};

Working working(const SpaceRegionInfo& r) {
  return {r.hyperparameters, r.sizes, r.domains, VectorSet(r.failing.begin(), r.failing.end()), r.complete, r.space};
}

// The region without the hyperparameters it does not depend on: a dimension along which every
// failing vector fails for every value (the flag that only picks a path, the stride that
// fails whatever it is) is dropped, and named in `free`.
Working compacted(Working r, std::vector<std::string>& free) {
  if (!r.complete || r.sizes.size() != r.names.size()) return r;
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

// Every vector of the space over `domains` that is not in `failing`.
std::vector<std::vector<std::string>> holding_vectors(const Working& r) {
  std::vector<std::vector<std::string>> holding;
  std::vector<std::size_t> sizes;
  for (const auto& d : r.domains) sizes.push_back(d.size());
  findings::for_each_in_box(findings::whole_box(sizes), [&](const std::vector<std::size_t>& at) {
    std::vector<std::string> v;
    for (std::size_t d = 0; d < at.size(); ++d) v.push_back(r.domains[d][at[d]]);
    if (!r.failing.count(v)) holding.push_back(std::move(v));
    return true;
  });
  return holding;
}

// A large complete region as a few boxes (Refty's minimal invalid boxes): each a product of
// runs of consecutive values of the hyperparameters, every combination in it failing and in
// no other box; found greedily from the first combination not yet covered, grown one
// hyperparameter after another as far as every combination stays failing and uncovered. Said with each box's count and first combination:
// "--kernel in 1..4 (256 combinations, e.g. (1, 1)); --kernel in 5..28 and --stride in 2..64
// (1512 combinations, e.g. (5, 2))". Empty when the space's values are not known or more than kMaxBoxes boxes are needed.
constexpr std::size_t kMaxBoxes = 4;

std::string boxes_text(const Working& r) {
  const std::size_t dims = r.names.size();
  if (!r.complete || r.domains.size() != dims || dims == 0) return {};
  // the failing combinations as indices into the domains
  std::vector<std::map<std::string, std::size_t>> index(dims);
  for (std::size_t d = 0; d < dims; ++d)
    for (std::size_t i = 0; i < r.domains[d].size(); ++i) index[d].emplace(r.domains[d][i], i);
  // (the boxes do not overlap, so that their counts add up to the region's: a box takes only
  // combinations no other box covers)
  std::set<std::vector<std::size_t>> uncovered;
  for (const auto& v : r.failing) {
    std::vector<std::size_t> at(dims);
    for (std::size_t d = 0; d < dims; ++d) {
      auto it = index[d].find(v[d]);
      if (it == index[d].end()) return {};
      at[d] = it->second;
    }
    uncovered.insert(std::move(at));
  }
  using findings::Box;
  auto all_fail = [&](const Box& b) { return findings::for_each_in_box(b, [&](const auto& at) { return uncovered.count(at) > 0; }); };
  std::vector<std::pair<Box, std::size_t>> boxes;  // (box, combinations)
  while (!uncovered.empty()) {
    if (boxes.size() == kMaxBoxes) return {};
    const auto& start = *uncovered.begin();
    Box b;
    for (std::size_t d = 0; d < dims; ++d) b.emplace_back(start[d], start[d]);
    for (std::size_t d = 0; d < dims; ++d) {
      for (Box wider = b; wider[d].second + 1 < r.domains[d].size(); b = wider) {
        ++wider[d].second;
        if (!all_fail(wider)) break;
      }
      for (Box wider = b; wider[d].first > 0; b = wider) {
        --wider[d].first;
        if (!all_fail(wider)) break;
      }
    }
    std::size_t count = 0;
    findings::for_each_in_box(b, [&](const auto& at) {
      ++count;
      uncovered.erase(at);
      return true;
    });
    boxes.emplace_back(std::move(b), count);
  }
  std::string out;
  for (const auto& [b, count] : boxes) {
    std::string where;
    for (std::size_t d = 0; d < dims; ++d) {
      const auto [first, last] = b[d];
      if (first == 0 && last + 1 == r.domains[d].size()) continue;  // (any value)
      const auto& values = r.domains[d];
      where += std::string(where.empty() ? "" : " and ") + r.names[d];
      if (first == last) {
        where += " = " + values[first];
      } else if (last - first + 1 <= 3 || !integer_of(values[first]) || !integer_of(values[last])) {
        where += " in {";
        for (std::size_t i = first; i <= last; ++i) where += (i > first ? ", " : "") + values[i];
        where += "}";
      } else {
        where += " in " + values[first] + ".." + values[last];
      }
    }
    std::vector<std::string> example;
    for (std::size_t d = 0; d < dims; ++d) example.push_back(r.domains[d][b[d].first]);
    out += (out.empty() ? "" : "; ") + (where.empty() ? std::string("every combination") : where) + " (" +
           std::to_string(count) + (dims == 1 ? count == 1 ? " value" : " values" : count == 1 ? " combination" : " combinations") +
           ", e.g. " + tuple_text(example) + ")";
  }
  return out;
}

std::string region_words(const SpaceRegionInfo& whole) {
  std::vector<std::string> free;
  const Working r = compacted(working(whole), free);
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
    // where it holds, which is the short list
    const auto holding = holding_vectors(r);
    std::string list;
    for (std::size_t k = 0; k < holding.size(); ++k) list += (k ? ", " : "") + tuple_text(holding[k]);
    return "fails for " + of_space + whatever + ": for all but " + names + (holding.size() == 1 ? " = " : " in {") + list +
           (holding.size() == 1 ? "" : "}");
  }
  if (auto boxes = boxes_text(r); !boxes.empty()) return "fails for " + of_space + " of " + names + whatever + ": " + boxes;
  std::string examples;
  std::size_t i = 0;
  for (const auto& v : r.failing) {
    if (i == 3) break;
    examples += (i++ ? ", " : "") + tuple_text(v);
  }
  std::string count = r.complete ? of_space.empty() ? std::to_string(n) + " combinations" : of_space
                                 : "at least " + std::to_string(n) + (r.space > 0 ? " of the " + std::to_string(r.space) : "") +
                                       " combinations";
  return "fails for " + count + " of " + names + whatever + ", e.g. " + examples + "; it needs " + whole.constraint;
}

// The explanation of a failing combination, where it says more than the region does: the
// hyperparameters whose values fail the requirement by themselves, whatever other ones the
// region depends on are ("--embed-dim = 0 fails it whatever --heads is").
std::string because_text(const SpaceRegionInfo& whole) {
  if (whole.example.size() != whole.hyperparameters.size() || whole.because.empty()) return {};
  std::vector<std::string> free;
  const Working r = compacted(working(whole), free);
  auto in = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  std::string values, rest;
  std::size_t others = 0;
  for (const auto& name : r.names) {
    if (in(whole.whatever, name)) {
      rest += (others++ ? ", " : "") + name;
    } else if (in(whole.because, name)) {
      const auto at = std::find(whole.hyperparameters.begin(), whole.hyperparameters.end(), name) - whole.hyperparameters.begin();
      values += (values.empty() ? "" : " and ") + name + " = " + whole.example[static_cast<std::size_t>(at)];
    }
  }
  if (values.empty() || others == 0) return {};
  return "; " + values + " fails it whatever " + rest + (others == 1 ? " is" : " are");
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

std::string region_text(const SpaceRegionInfo& region) {
  std::string text = region_words(region) + because_text(region);
  if (region.advisory && text.rfind("fails for ", 0) == 0) text.replace(0, 5, "improper");
  return text;
}

bool fails_everywhere(const SpaceRegionInfo& region) {
  std::vector<std::string> free;
  const Working r = compacted(working(region), free);
  return r.complete && (r.names.empty() || (r.space > 0 && r.failing.size() == r.space));
}

bool join_regions(SpaceRegionInfo& into, const SpaceRegionInfo& more) {
  if (into.hyperparameters != more.hyperparameters) return false;
  VectorSet all(into.failing.begin(), into.failing.end());
  all.insert(more.failing.begin(), more.failing.end());
  into.failing.assign(all.begin(), all.end());
  into.complete = into.complete && more.complete;
  into.error_if_whole = into.error_if_whole || more.error_if_whole;
  // (the explanation of the first failing combination of the whole)
  if (!more.example.empty() && (into.example.empty() || VectorLess()(more.example, into.example))) {
    into.example = more.example;
    into.because = more.because;
    into.whatever = more.whatever;
  }
  return true;
}

bool join_region_findings(Finding& into, const Finding& more) {
  if (into.region.hyperparameters.empty() || more.region.hyperparameters.empty()) return false;
  const std::string before = " (" + region_text(into.region) + ")";
  if (!join_regions(into.region, more.region)) return false;
  const std::string after = " (" + region_text(into.region) + ")";
  auto rewrite = [&](std::string& text) {
    if (auto at = text.find(before); at != std::string::npos) text.replace(at, before.size(), after);
  };
  rewrite(into.message);
  for (auto& step : into.steps) rewrite(step.message);
  for (auto& rel : into.related) rewrite(rel.message);
  if (more.level > into.level) into.level = more.level;
  // an error requirement is a warning where it fails in part of the space only
  if (into.region.error_if_whole) into.level = fails_everywhere(into.region) ? Level::Error : Level::Warning;
  return true;
}

}  // namespace tenscan
