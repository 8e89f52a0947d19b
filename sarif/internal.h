// Helpers shared by the reporters' .cpp files (not installed, not part of the public API):
// UTF-8 decoding, a per-call source cache, and the JSON encoding of the findings model.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <functional>
#include <string_view>
#include <vector>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"
#include "tenscan/report/run.h"

namespace tenscan::report::detail {

using Json = nlohmann::ordered_json;

/// Serialises with invalid UTF-8 replaced by U+FFFD instead of throwing.
std::string dump(const Json& j, int indent);

/// Decodes UTF-8 like the WHATWG decoder (and Node, which GitHub's fingerprinting uses):
/// every maximal invalid subsequence becomes one U+FFFD. Calls f(code_point, byte_length).
template <typename F>
void for_each_code_point(std::string_view s, F&& f) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    char32_t cp = 0;
    std::size_t need = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b0 < 0x80) {
      f(static_cast<char32_t>(b0), std::size_t{1});
      ++i;
      continue;
    } else if (b0 >= 0xC2 && b0 <= 0xDF) {
      need = 1, cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      need = 2, cp = b0 & 0x0F;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      need = 3, cp = b0 & 0x07;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    } else {
      f(char32_t{0xFFFD}, std::size_t{1});
      ++i;
      continue;
    }
    std::size_t len = 1;
    for (; len <= need; ++len) {
      if (i + len >= s.size()) break;
      const auto b = static_cast<unsigned char>(s[i + len]);
      if (b < lo || b > hi) break;
      lo = 0x80, hi = 0xBF;
      cp = (cp << 6) | (b & 0x3F);
    }
    f(len == need + 1 ? cp : char32_t{0xFFFD}, len);
    i += len;
  }
}

/// Text from the analysed repository (a message quoting a string literal, a source line, a
/// file name) as it may be printed into a terminal or a CI log: each code point as itself,
/// except, in the notation of gcc's -fdiagnostics-escape-format=unicode, control characters
/// other than tab (newlines included: a piece never starts a line of its own), C1 controls,
/// bidirectional controls and line separators ("<U+202E>"), each byte of invalid UTF-8
/// ("<ff>"), and one character of the syntax a CI runner reads as a command in a log line:
/// "::" at the start of the text (GitHub Actions, after leading whitespace) and the second "#"
/// of "##[" (GitHub's older syntax, anywhere in a line) and of "##vso[" (Azure Pipelines).
/// Calls f(code point, its printed form) in order.
void for_each_printable(std::string_view text, const std::function<void(char32_t, std::string_view)>& f);
/// The concatenated printed forms of for_each_printable.
std::string printable(std::string_view text);
/// Text in a Markdown table cell: printable, Markdown punctuation backslash-escaped (GitHub and
/// GitLab honour escapes of ASCII punctuation), '&' as an entity so no entity or HTML tag is
/// formed, line breaks as spaces (a cell is one line).
std::string markdown_cell(std::string_view text);

/// Terminal columns a code point occupies: 0 for combining marks and zero-width characters,
/// 2 for East Asian wide/fullwidth characters and emoji, else 1.
int display_width(char32_t c);

/// "path:line:col" of a range as the text output names it, in a notebook "path:cell N:line:col"
/// with the line and column in the cell; "tenscan" for no path.
std::string location_text(const SourceRange& r);

/// Memoises a SourceLookup for the duration of one report and splits files into lines
/// ('\n'-separated, a trailing '\r' dropped), as the analyzer numbers them.
class SourceCache {
 public:
  explicit SourceCache(SourceLookup lookup) : lookup_(std::move(lookup)) {}
  /// The file's text, or nullptr if the lookup cannot supply it.
  const std::string* text(const std::string& path);
  /// Line `line` (1-based) of the file, without its end-of-line characters.
  std::optional<std::string_view> line(const std::string& path, int line);

 private:
  struct File {
    std::optional<std::string> text;
    std::vector<std::string_view> lines;
  };
  File& file(const std::string& path);
  SourceLookup lookup_;
  std::map<std::string, File> files_;
};

/// The order of sorted_findings as a strict weak ordering.
bool finding_less(const Finding& a, const Finding& b);

/// 16 hex digits of the 64-bit FNV-1a hash of `bytes`.
std::string fnv1a_hex(std::string_view bytes);
/// A run finding's fingerprint before its occurrence suffix: fnv1a_hex(finding_fingerprint +
/// '\0' + path).
std::string base_fingerprint(const Finding& finding);

/// How each non-Analysed status is reported: SARIF notification level, and the verb of
/// "the analysis of ENTRY <verb>: detail" (text: "analysis <verb>: detail").
struct StatusInfo {
  EntryStatus status;
  const char* name;  ///< entry_status_name; also the JUnit error type and "analysis/<name>"
  Level level;
  const char* verb;
};
const StatusInfo& status_info(EntryStatus s);
/// "train.py" or "train.py -- --model big": an entry as people name it (unique per outcome).
std::string entry_label(const EntryOutcome& entry);
/// Indices of the entries in their reporting order (path, then args).
std::vector<std::size_t> entry_order(const std::vector<EntryOutcome>& entries);
/// Indices of the findings in reporting order (sort_run_findings' order).
std::vector<std::size_t> finding_order(const std::vector<RunFinding>& findings);

/// "1 error", "2 errors".
std::string plural(std::size_t n, const char* word);
/// "3 errors (2 new), 1 warning" over the run's non-suppressed findings ("(N new)" only when a
/// baseline was compared), or "no issues found" (when every entry was analysed completely; else
/// "no issues found so far").
std::string count_phrase(const RunReport& run);

/// An integer that fits in int; anything else (a float, a string, an overflow) throws.
int to_int(const Json& j);

Json range_to_json(const SourceRange& r);
SourceRange range_from_json(const Json& j);
Json finding_to_json(const Finding& f);
/// A finding's region of a declared hyperparameter space, as JSON and back (SARIF's
/// `spaceRegion` property holds the same object).
Json region_to_json(const SpaceRegionInfo& r);
SpaceRegionInfo region_from_json(const Json& j);
Finding finding_from_json(const Json& j);
Json notification_to_json(const Notification& n);
Notification notification_from_json(const Json& j);
Json stats_to_json(const Stats& s);
Json completeness_to_json(const Completeness& c);
Completeness completeness_from_json(const Json& j);
Stats stats_from_json(const Json& j);
/// {path, args, status, detail, seconds, stats}; notifications are the caller's business.
Json entry_to_json(const EntryOutcome& e);
EntryOutcome entry_from_json(const Json& j);

}  // namespace tenscan::report::detail
