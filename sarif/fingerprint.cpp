// primaryLocationLineHash, ported line by line from github/codeql-action src/fingerprints.ts
// (research ci-sarif.md §1.3, Appendix D), and tenscan's own finding fingerprint.
#include "tenscan/report/fingerprint.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <unordered_map>

#include "internal.h"
#include "tenscan/core/rules.h"

namespace tenscan::report {
namespace {

// A rolling hash (base 37, arithmetic mod 2^64 like the JS `Long`) over the next 100
// characters that are not spaces or tabs, starting at each line. Characters are UTF-16 code
// units (JS charCodeAt); \r\n and \r count as \n; an EOF marker (65535) and zero padding end
// the input.
class LineHasher {
 public:
  explicit LineHasher(std::vector<std::string>& out) : out_(out) {
    line_numbers_.fill(-1);
    for (int i = 0; i < kBlockSize; ++i) first_mod_ *= kMod;
  }

  void process(std::uint32_t c) {
    if (c == ' ' || c == '\t' || (prev_cr_ && c == '\n')) {
      prev_cr_ = false;
      return;
    }
    if (c == '\r') {
      c = '\n';
      prev_cr_ = true;
    } else {
      prev_cr_ = false;
    }
    if (line_numbers_[index_] != -1) output();
    if (line_start_) {
      line_start_ = false;
      line_numbers_[index_] = ++line_number_;
    }
    if (c == '\n') line_start_ = true;
    update(c);
  }

  void finish() {
    process(kEof);
    for (int i = 0; i < kBlockSize; ++i) {
      if (line_numbers_[index_] != -1) output();
      update(0);
    }
  }

 private:
  static constexpr int kBlockSize = 100;
  static constexpr std::uint64_t kMod = 37;
  static constexpr std::uint32_t kEof = 65535;

  void update(std::uint32_t c) {
    const std::uint64_t begin = window_[index_];
    window_[index_] = c;
    hash_ = kMod * hash_ + c - first_mod_ * begin;  // wraps mod 2^64, as Long does
    index_ = (index_ + 1) % kBlockSize;
  }

  void output() {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(hash_));
    const int n = ++counts_[hex];
    // Lines are reported in increasing order, each exactly once.
    out_.push_back(std::string(hex) + ":" + std::to_string(n));
    line_numbers_[index_] = -1;
  }

  std::vector<std::string>& out_;
  std::array<std::uint32_t, kBlockSize> window_{};
  std::array<int, kBlockSize> line_numbers_{};
  std::uint64_t first_mod_ = 1;
  std::uint64_t hash_ = 0;
  int index_ = 0;
  int line_number_ = 0;
  bool line_start_ = true;
  bool prev_cr_ = false;
  std::unordered_map<std::string, int> counts_;
};

}  // namespace

std::vector<std::string> line_hashes(std::string_view text) {
  std::vector<std::string> out;
  LineHasher hasher(out);
  // GitHub reads the file as UTF-8 (Node's decoder: invalid bytes -> U+FFFD, BOM kept) and
  // hashes UTF-16 code units.
  detail::for_each_code_point(text, [&](char32_t cp, std::size_t) {
    if (cp > 0xFFFF) {
      cp -= 0x10000;
      hasher.process(0xD800 + (cp >> 10));
      hasher.process(0xDC00 + (cp & 0x3FF));
    } else {
      hasher.process(cp);
    }
  });
  hasher.finish();
  return out;
}

std::string finding_fingerprint(const Finding& finding) {
  std::string input(rule_info(finding.rule).id);
  input += '\x1f';
  if (finding.identity.empty()) {
    input += finding.location.path + '\x1f' + finding.message;
  } else {
    input += finding.identity;
  }
  return detail::fnv1a_hex(input);
}

namespace detail {

std::string fnv1a_hex(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bit
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::string base_fingerprint(const Finding& finding) {
  std::string input = finding_fingerprint(finding);
  input += '\0';
  input += finding.location.path;
  return fnv1a_hex(input);
}

}  // namespace detail

}  // namespace tenscan::report
