// The test hook of the answer caches (see question_cache.h).
#include "solver/question_cache.h"

#include <atomic>

namespace tenscan::solver {

namespace {
std::atomic<HashTransform> hash_transform{nullptr};
}  // namespace

void set_question_hash_for_testing(HashTransform f) { hash_transform.store(f, std::memory_order_relaxed); }

std::size_t question_hash(std::size_t h) {
  HashTransform f = hash_transform.load(std::memory_order_relaxed);
  return f == nullptr ? h : f(h);
}

}  // namespace tenscan::solver
