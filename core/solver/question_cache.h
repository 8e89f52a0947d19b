// The answers the analysis keeps per question to the solver (core/analyze.cpp: a path's
// verdict, a requirement's answer), so that a question asked again on another path or in
// another epoch is answered without asking. Each question is kept whole and compared with the
// one looked up: its hash only picks the bucket, so two questions whose hashes collide keep
// their own answers. A question is any value type with == and a hash (QuestionHash).
#pragma once

#include <cstddef>
#include <functional>
#include <unordered_map>
#include <utility>

namespace tenscan::solver {

/// Test hook: every question's hash becomes f(hash) (nullptr, the default: the hash itself), so
/// that a test can make every question collide with every other. Set it before an analysis
/// starts and restore it after it ends; never set in production.
using HashTransform = std::size_t (*)(std::size_t);
void set_question_hash_for_testing(HashTransform f);
/// `h` through the test hook.
std::size_t question_hash(std::size_t h);

template <class Question, class Answer, class QuestionHash = std::hash<Question>>
class AnswerCache {
 public:
  /// The answer kept for exactly this question, or nullptr.
  [[nodiscard]] const Answer* find(const Question& q) const {
    auto it = map_.find(q);
    return it == map_.end() ? nullptr : &it->second;
  }
  /// Keeps `a` as the answer to `q` (a question already answered keeps its first answer).
  void remember(Question q, Answer a) { map_.emplace(std::move(q), std::move(a)); }
  [[nodiscard]] std::size_t size() const { return map_.size(); }

 private:
  struct Hash {
    std::size_t operator()(const Question& q) const { return question_hash(QuestionHash{}(q)); }
  };
  std::unordered_map<Question, Answer, Hash> map_;
};

}  // namespace tenscan::solver
