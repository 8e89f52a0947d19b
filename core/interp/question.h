// A requirement as a question to the solver, up to the names of its symbols: the requirement
// with the constraints that share symbols with it, transitively (its cone), its symbols
// renamed by first appearance (keeping their kinds). Two requirements with the same question
// have the same answer, whatever their symbols are called: the analysis asks the solver once
// per question (analyze.cpp), and a loop whose iteration only imposes requirements the path
// already has under other names (each epoch on fresh batches) has reached its fixpoint
// (loops.cpp). The question is an exact serialisation (sym::Cond::encode), compared whole
// wherever it is looked up: two questions never share an answer because their hashes collide.
#pragma once

#include <string>
#include <vector>

#include "interp/state.h"

namespace tenscan::interp {

class Interpreter;

/// The question of requirement r asked under `context` (the constraints the solver holds).
/// With `young`, the cone only runs through the symbols made from `young` on (a loop's): an
/// epoch's requirement on its fresh batch sizes keeps the same question in later epochs, whose
/// constraints on the same dataset length (an older symbol) would otherwise join the cone.
/// (Constraints on older symbols alone are the same for both: they cannot tell the two apart.)
std::string requirement_question(const Interpreter& in, const Requirement& r, const std::vector<sym::Cond>& context,
                                 sym::SymId young = 0);

}  // namespace tenscan::interp
