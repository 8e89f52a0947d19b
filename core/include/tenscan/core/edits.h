// Edits of the project's text: findings' fixes applied to a file, and a project seen with some
// of its files edited (to analyse a program as its fixes make it).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tenscan/core/analyze.h"
#include "tenscan/core/finding.h"

namespace tenscan {

/// `source` with the replacements made (each range in 1-based code-point columns, end
/// exclusive; all in this file; the same edit twice is made once). nullopt when a range is not
/// in the text or two overlap.
std::optional<std::string> apply_replacements(const std::string& source, std::vector<Replacement> replacements);

/// The project of `base` with the files of `edited` (project-relative path -> text) in place of
/// its own.
class EditedSource final : public SourceProvider {
 public:
  EditedSource(const SourceProvider& base, std::map<std::string, std::string> edited)
      : base_(base), edited_(std::move(edited)) {}
  std::optional<std::string> read(const std::string& rel_path, std::string& error) const override;
  [[nodiscard]] bool is_file(const std::string& rel_path) const override;
  [[nodiscard]] bool is_dir(const std::string& rel_path) const override { return base_.is_dir(rel_path); }

 private:
  const SourceProvider& base_;
  std::map<std::string, std::string> edited_;
};

/// The project of `base` with `fixes` applied (each a fix of a script file; a notebook's are
/// not applied): nullopt when one cannot be read or does not apply.
std::optional<std::map<std::string, std::string>> apply_fixes(const SourceProvider& base, const std::vector<const Fix*>& fixes);

}  // namespace tenscan
