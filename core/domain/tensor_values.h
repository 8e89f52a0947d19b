// The values a tensor's elements hold, as DEBAR abstracts them (tensor partitioning and affine
// relation analysis; see ../../README.md, "The numerical analysis"):
//
// - **Partitions.** A tensor is split along one dimension (`axis`) into parts of known extent,
//   each with its own FloatRange; a tensor that is not split is one part. Partitions arise where
//   tensors are concatenated (torch.cat([xy, torch.ones(n, 1)], 1) keeps the column of ones
//   apart from the coordinates) and are selected again by slicing, split, chunk, unbind and
//   integer indexing along that dimension. Operations that move elements otherwise (a reshape,
//   a transpose, a broadcast) smash the parts into one. At most kMaxParts parts are kept, and
//   neighbouring parts that say the same merge (a split that would be uselessly fine).
//
// - **Affine forms.** Each part may carry an affine form c + Σ k·v over *summary variables*:
//   a summary variable stands for the elements of one tensor (or one part of one) as the
//   operation that made them left them, position by position, and carries its own range. A
//   form is an equality that holds element by element: bottom_left = c - o and top_right = c + o
//   give top_right - bottom_left = 2·o exactly, where intervals alone would add c's whole
//   spread (DEBAR's motivating example). Forms are kept by the affine operations (+, -, a
//   product or quotient by a number, negation, relu of values known to be >= 0: the ReLU
//   relation) and by slicing, which renames the variables to the sliced positions
//   (Affine::moved), so that two slices meet again only when they select the same positions.
//   A result that is not affine in its operands gets a fresh summary variable of its own.
//   The part's range is always the meet of what interval arithmetic gives and the form's range.
//
//   The forms of one tensor value are Karr's affine equalities between its parts' summary
//   variables and the variables they are written over, kept solved for the parts (each part's
//   row of the reduced row echelon form); their join keeps the equalities both sides hold
//   (a form both sides write alike), as the affine hull does for those rows.
//
// The lattice: a part whose form is absent claims less than one that has it; values split
// differently join, meet and compare after smashing to one part.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "domain/float_range.h"
#include "domain/lattice.h"

namespace tenscan::domain {

/// DEBAR's summary variable: the elements of one tensor (or part of one), position by position,
/// as one operation made them; `range` is what they hold.
struct Summary {
  std::uint64_t id = 0;
  FloatRange range{};
  friend bool operator==(const Summary&, const Summary&) = default;
};

/// c + Σ k·v, element by element (see the file comment).
struct Affine {
  struct Term {
    Summary var;
    double k = 0;
    friend bool operator==(const Term&, const Term&) = default;
  };
  std::vector<Term> terms;  ///< sorted by variable id, no zero coefficient
  double c = 0;

  static Affine of(const Summary& v) { return Affine{{Term{v, 1.0}}, 0.0}; }
  static Affine constant(double c) { return Affine{{}, c}; }
  /// The values the form takes, its variables ranging independently (a variable that occurs once).
  [[nodiscard]] FloatRange range() const;
  /// this + k·o (nullopt where a coefficient or the constant would not be finite).
  [[nodiscard]] std::optional<Affine> plus(const Affine& o, double k) const;
  [[nodiscard]] std::optional<Affine> scaled(double k) const;
  [[nodiscard]] std::optional<Affine> shifted(double d) const;
  /// The same form at the positions a view selects: each variable renamed by `tag`, which
  /// names the view (its kind, dimension, start and length), so that equal views of equal
  /// variables give equal variables and different views different ones.
  [[nodiscard]] Affine moved(std::uint64_t tag) const;
  friend bool operator==(const Affine&, const Affine&) = default;
};

/// A tag for Affine::moved: a view of `kind` (a small number per kind of view) on dimension
/// `dim`, from `start`, `length` long, of a tensor of rank `rank`.
std::uint64_t view_tag(int kind, std::int64_t dim, std::int64_t start, std::int64_t length, std::int64_t rank);

struct TensorValues {
  /// Parts kept along the partitioned dimension at most (a stochastic-depth schedule,
  /// torch.linspace(0, rate, depth), keeps each block's rate for up to this many blocks).
  static constexpr std::size_t kMaxParts = 64;

  struct Part {
    std::int64_t size = -1;  ///< its extent along `axis` (-1: the whole tensor, not split)
    FloatRange range{};
    std::optional<Affine> form{};
    friend bool operator==(const Part&, const Part&) = default;
  };
  int axis = -1;             ///< the partitioned dimension (-1: one part)
  std::vector<Part> parts{Part{}};

  static TensorValues top() { return {}; }
  static TensorValues bottom() { return of(FloatRange::bottom()); }
  /// One part holding r, with `form` when one is known.
  static TensorValues of(const FloatRange& r, std::optional<Affine> form = std::nullopt);

  /// What any element holds: the join of the parts' ranges.
  [[nodiscard]] FloatRange range() const;
  [[nodiscard]] bool is_top() const { return parts.size() == 1 && parts[0].range.is_top() && !parts[0].form; }
  [[nodiscard]] bool is_bottom() const { return range().is_bottom(); }
  [[nodiscard]] bool partitioned() const { return parts.size() > 1; }
  /// The form of an unsplit tensor.
  [[nodiscard]] const Affine* form() const { return parts.size() == 1 && parts[0].form ? &*parts[0].form : nullptr; }

  [[nodiscard]] bool leq(const TensorValues& o) const;
  [[nodiscard]] TensorValues join(const TensorValues& o) const;
  [[nodiscard]] TensorValues meet(const TensorValues& o) const;
  [[nodiscard]] TensorValues widen(const TensorValues& later) const;
  friend bool operator==(const TensorValues&, const TensorValues&) = default;

  /// One part: the join of the ranges, the form only if there was one part.
  [[nodiscard]] TensorValues smashed() const;
  /// The same parts without their forms (the elements moved: the equalities no longer hold
  /// position by position).
  [[nodiscard]] TensorValues without_forms() const;
  /// Whether the two are split alike (the same dimension, the same extents).
  [[nodiscard]] bool aligned(const TensorValues& o) const;
  /// These values split as `like` is (aligned with it): each new part a slice of this one's
  /// elements along like.axis (an unsplit tensor of the same shape). nullopt when this is split
  /// along another dimension.
  [[nodiscard]] std::optional<TensorValues> split_as(const TensorValues& like, std::int64_t rank) const;

  /// The elements at [start, start + length) of dimension `dim` (of a tensor of rank `rank`
  /// whose extent there is `extent`, -1 when unknown): a slice, a split's piece, a chunk.
  [[nodiscard]] TensorValues narrowed(std::int64_t dim, std::int64_t start, std::int64_t length, std::int64_t extent,
                                      std::int64_t rank) const;
  /// The elements at index i of dimension `dim`, the dimension removed (x[:, 2], unbind).
  [[nodiscard]] TensorValues selected(std::int64_t dim, std::int64_t i, std::int64_t rank) const;
  /// Rows gathered from these values (a minibatch of samples like these): a new leading
  /// dimension, the parts along the dimension after it, each form renamed by `tag` (which
  /// names the gathering: one per minibatch).
  [[nodiscard]] TensorValues gathered(std::uint64_t tag) const;
  /// The tensors `xs`, of extents `sizes` along `dim` (-1: unknown), concatenated there.
  static TensorValues concat(const std::vector<TensorValues>& xs, const std::vector<std::int64_t>& sizes,
                             std::int64_t dim);

  /// Neighbouring parts that say the same (equal ranges, no forms) merged; beyond kMaxParts,
  /// smashed.
  [[nodiscard]] TensorValues normalized() const;
};

static_assert(Lattice<TensorValues>);

}  // namespace tenscan::domain
