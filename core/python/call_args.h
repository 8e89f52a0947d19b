// Where an argument of a call is in its source text, for a fix that edits it (a layer's
// in_features set to the size that reaches it, drop_last=True added to a DataLoader).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace tenscan::python {

/// An argument's value in a call's text: bytes [begin, end) when the call passes it
/// (`present`; `literal` when the value is made of literals alone, `16 * 4 * 4`, not a name
/// another use might share); otherwise begin == end is where `keyword=value` goes, after
/// `prefix`: right after the last argument (", ") or in empty parentheses ("").
struct ArgumentSite {
  std::size_t begin = 0, end = 0;
  bool present = false;
  const char* prefix = "";
  bool literal = false;
};

/// The argument at `position` (-1: none) or named `keyword` (empty: none) of the call whose
/// source text is `call`, when the callee's name ends with `callee` ("Linear" for nn.Linear and
/// torch.nn.Linear; empty: any callee). nullopt when the text is not such a call, or the call has `*args` or
/// `**kwargs` (the argument might be there).
std::optional<ArgumentSite> call_argument(std::string_view call, std::string_view callee, int position,
                                          std::string_view keyword);

/// The parts of a call a rewrite edits: its callee's last name (`softmax` of `F.softmax`) and
/// its one operand (the only argument of `torch.log(p)`, the receiver of `p.log()`), as bytes
/// of `call`; operand_end == 0 when it has no one operand.
struct CallParts {
  std::size_t name_begin = 0, name_end = 0;
  std::size_t operand_begin = 0, operand_end = 0;
};

/// The parts of the call whose text is `call`, when its callee's name ends with `callee`.
std::optional<CallParts> call_parts(std::string_view call, std::string_view callee);

}  // namespace tenscan::python
