// Tensor values: partitions with intervals and affine forms (see tensor_values.h).
#include "domain/tensor_values.h"

#include <algorithm>
#include <cmath>

namespace tenscan::domain {
namespace {

// splitmix64's finaliser: a well-mixed 64-bit hash of x.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

using Part = TensorValues::Part;

// A part's range refined by its form: the meet, unless rounding made them disjoint (the form
// is exact arithmetic, the range the dtype's).
FloatRange refined(const FloatRange& r, const std::optional<Affine>& form) {
  if (!form) return r;
  FloatRange m = r.meet(form->range());
  return m.empty() && !r.empty() ? r : m;
}

// The forms both sides hold: equal ones, or the same equality over variables whose ranges
// joined (the same variables, as two paths that made them alike hold them).
std::optional<Affine> joined_form(const std::optional<Affine>& a, const std::optional<Affine>& b) {
  if (!a || !b || a->c != b->c || a->terms.size() != b->terms.size()) return std::nullopt;
  Affine r = *a;
  for (std::size_t i = 0; i < r.terms.size(); ++i) {
    const auto& t = b->terms[i];
    if (r.terms[i].var.id != t.var.id || r.terms[i].k != t.k) return std::nullopt;
    r.terms[i].var.range = r.terms[i].var.range.join(t.var.range);
  }
  return r;
}

}  // namespace

FloatRange Affine::range() const {
  FloatRange r = FloatRange::point(c);
  for (const Term& t : terms) r = r + t.var.range * FloatRange::point(t.k);
  return r;
}

std::optional<Affine> Affine::plus(const Affine& o, double k) const {
  Affine r;
  r.c = c + k * o.c;
  if (!std::isfinite(r.c)) return std::nullopt;
  std::size_t i = 0, j = 0;
  auto push = [&](const Summary& v, double coeff) {
    if (!std::isfinite(coeff)) return false;
    if (coeff != 0.0) r.terms.push_back({v, coeff});
    return true;
  };
  while (i < terms.size() || j < o.terms.size()) {
    bool ok = true;
    if (j == o.terms.size() || (i < terms.size() && terms[i].var.id < o.terms[j].var.id)) {
      ok = push(terms[i].var, terms[i].k), ++i;
    } else if (i == terms.size() || o.terms[j].var.id < terms[i].var.id) {
      ok = push(o.terms[j].var, k * o.terms[j].k), ++j;
    } else {
      Summary v = terms[i].var;
      v.range = v.range.meet(o.terms[j].var.range);  // (one variable: both ranges hold)
      if (v.range.empty()) v.range = terms[i].var.range;
      ok = push(v, terms[i].k + k * o.terms[j].k), ++i, ++j;
    }
    if (!ok) return std::nullopt;
  }
  return r;
}

std::optional<Affine> Affine::scaled(double k) const { return Affine::constant(0).plus(*this, k); }

std::optional<Affine> Affine::shifted(double d) const { return plus(Affine::constant(d), 1.0); }

Affine Affine::moved(std::uint64_t tag) const {
  Affine r = *this;
  for (Term& t : r.terms) t.var.id = mix(t.var.id ^ mix(tag));
  std::sort(r.terms.begin(), r.terms.end(), [](const Term& a, const Term& b) { return a.var.id < b.var.id; });
  return r;
}

std::uint64_t view_tag(int kind, std::int64_t dim, std::int64_t start, std::int64_t length, std::int64_t rank) {
  std::uint64_t h = mix(static_cast<std::uint64_t>(kind));
  for (std::int64_t x : {dim, start, length, rank}) h = mix(h ^ static_cast<std::uint64_t>(x));
  return h;
}

TensorValues TensorValues::of(const FloatRange& r, std::optional<Affine> form) {
  TensorValues v;
  v.parts[0].range = refined(r, form);
  v.parts[0].form = std::move(form);
  return v;
}

FloatRange TensorValues::range() const {
  FloatRange r = FloatRange::bottom();
  for (const Part& p : parts) r = r.join(p.range);
  return r;
}

bool TensorValues::aligned(const TensorValues& o) const {
  if (axis != o.axis || parts.size() != o.parts.size()) return false;
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (parts[i].size != o.parts[i].size) return false;
  return true;
}

bool TensorValues::leq(const TensorValues& o) const {
  if (aligned(o)) {
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (!parts[i].range.leq(o.parts[i].range) || (o.parts[i].form && parts[i].form != o.parts[i].form)) return false;
    return true;
  }
  // split differently: every element of this within every part of o, which claims no equality
  const FloatRange all = range();
  return std::all_of(o.parts.begin(), o.parts.end(), [&](const Part& p) { return !p.form && all.leq(p.range); });
}

TensorValues TensorValues::join(const TensorValues& o) const {
  if (!aligned(o)) {
    if (parts.size() == 1 && o.parts.size() == 1) {
      // (one unsplit side: the other's extent is -1 as well)
      return of(parts[0].range.join(o.parts[0].range), joined_form(parts[0].form, o.parts[0].form));
    }
    return smashed().join(o.smashed());
  }
  TensorValues r = *this;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    r.parts[i].range = parts[i].range.join(o.parts[i].range);
    r.parts[i].form = joined_form(parts[i].form, o.parts[i].form);
  }
  return r.normalized();
}

TensorValues TensorValues::meet(const TensorValues& o) const {
  if (!aligned(o)) {
    // each part of the split side within what the other says of all elements
    TensorValues r = partitioned() ? *this : o;
    const FloatRange other = partitioned() ? o.range() : range();
    for (Part& p : r.parts) p.range = p.range.meet(other);
    return r;
  }
  TensorValues r = *this;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (!r.parts[i].form) r.parts[i].form = o.parts[i].form;
    r.parts[i].range = refined(parts[i].range.meet(o.parts[i].range), r.parts[i].form);
  }
  return r;
}

TensorValues TensorValues::widen(const TensorValues& later) const {
  if (!aligned(later)) return smashed().widen(later.smashed());
  TensorValues r = *this;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    r.parts[i].range = parts[i].range.widen(later.parts[i].range);
    if (parts[i].form != later.parts[i].form) r.parts[i].form.reset();
  }
  return r.normalized();
}

TensorValues TensorValues::smashed() const {
  if (parts.size() == 1) {
    TensorValues r = *this;
    r.axis = -1;
    r.parts[0].size = -1;
    return r;
  }
  return of(range());
}

TensorValues TensorValues::without_forms() const {
  TensorValues r = *this;
  for (Part& p : r.parts) p.form.reset();
  return r;
}

std::optional<TensorValues> TensorValues::split_as(const TensorValues& like, std::int64_t rank) const {
  if (partitioned()) return aligned(like) ? std::optional<TensorValues>(*this) : std::nullopt;
  TensorValues r = like;
  std::int64_t start = 0;
  for (Part& p : r.parts) {
    p.range = parts[0].range;
    p.form = parts[0].form;
    if (p.form) p.form = p.form->moved(view_tag(1, like.axis, start, p.size, rank));
    start += p.size;
  }
  return r;
}

TensorValues TensorValues::narrowed(std::int64_t dim, std::int64_t start, std::int64_t length, std::int64_t extent,
                                    std::int64_t rank) const {
  if (start == 0 && extent >= 0 && length == extent) return *this;  // all of it
  const std::uint64_t tag = view_tag(1, dim, start, length, rank);
  if (dim != axis) {
    TensorValues r = *this;
    for (Part& p : r.parts)
      if (p.form) p.form = p.form->moved(tag);
    return r;
  }
  TensorValues r;
  r.axis = axis;
  r.parts.clear();
  std::int64_t begin = 0;
  for (const Part& p : parts) {
    const std::int64_t end = begin + p.size;
    const std::int64_t lo = std::max(begin, start), hi = std::min(end, start + length);
    if (lo < hi) {
      Part q = p;
      q.size = hi - lo;
      if (q.form && q.size != p.size) q.form = q.form->moved(view_tag(1, dim, lo - begin, q.size, rank));
      r.parts.push_back(std::move(q));
    }
    begin = end;
  }
  if (r.parts.empty()) return bottom();
  return r.normalized();
}

TensorValues TensorValues::selected(std::int64_t dim, std::int64_t i, std::int64_t rank) const {
  if (dim != axis) {
    TensorValues r = *this;
    const std::uint64_t tag = view_tag(2, dim, i, 1, rank);
    for (Part& p : r.parts)
      if (p.form) p.form = p.form->moved(tag);
    if (r.axis > dim) --r.axis;
    return r;
  }
  std::int64_t begin = 0;
  for (const Part& p : parts) {
    if (i >= begin && i < begin + p.size) {
      TensorValues r = of(p.range, p.form);
      if (r.parts[0].form) r.parts[0].form = r.parts[0].form->moved(view_tag(2, dim, i - begin, 1, rank));
      return r;
    }
    begin += p.size;
  }
  return smashed().without_forms();  // (out of range: IndexError, reported by the shape rules)
}

TensorValues TensorValues::gathered(std::uint64_t tag) const {
  TensorValues r = *this;
  if (r.axis >= 0) ++r.axis;
  for (Part& p : r.parts)
    if (p.form) p.form = p.form->moved(tag);
  return r;
}

TensorValues TensorValues::concat(const std::vector<TensorValues>& xs, const std::vector<std::int64_t>& sizes,
                                  std::int64_t dim) {
  if (xs.empty()) return bottom();
  if (xs.size() == 1) return xs[0];
  const bool known = sizes.size() == xs.size() && std::all_of(sizes.begin(), sizes.end(), [](std::int64_t s) { return s >= 0; });
  if (!known) {
    FloatRange r = FloatRange::bottom();
    for (const auto& x : xs) r = r.join(x.range());
    return of(r);
  }
  TensorValues r;
  r.axis = static_cast<int>(dim);
  r.parts.clear();
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (sizes[i] == 0) continue;
    const TensorValues& x = xs[i];
    if (x.axis == dim && x.partitioned()) {
      r.parts.insert(r.parts.end(), x.parts.begin(), x.parts.end());
    } else {
      const TensorValues s = x.smashed();
      r.parts.push_back(Part{sizes[i], s.parts[0].range, s.parts[0].form});
    }
  }
  if (r.parts.empty()) return bottom();
  return r.normalized();
}

TensorValues TensorValues::normalized() const {
  if (parts.size() <= 1 || axis < 0) return smashed();
  TensorValues r = *this;
  r.parts.clear();
  for (const Part& p : parts) {
    if (!r.parts.empty()) {
      Part& last = r.parts.back();
      if (!last.form && !p.form && last.range == p.range) {
        last.size += p.size;
        continue;
      }
    }
    r.parts.push_back(p);
  }
  if (r.parts.size() == 1 || r.parts.size() > kMaxParts) return r.smashed();
  return r;
}

}  // namespace tenscan::domain
