// Printable operator symbols for messages.
#include "ir/ir.h"

namespace tenscan::ir {

const char* binop_symbol(BinOp op) {
  switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::MatMul: return "@";
    case BinOp::Div: return "/";
    case BinOp::FloorDiv: return "//";
    case BinOp::Mod: return "%";
    case BinOp::Pow: return "**";
    case BinOp::LShift: return "<<";
    case BinOp::RShift: return ">>";
    case BinOp::BitAnd: return "&";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
  }
  return "?";
}

const char* cmpop_symbol(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return "==";
    case CmpOp::Ne: return "!=";
    case CmpOp::Lt: return "<";
    case CmpOp::Le: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::Ge: return ">=";
    case CmpOp::In: return "in";
    case CmpOp::NotIn: return "not in";
    case CmpOp::Is: return "is";
    case CmpOp::IsNot: return "is not";
  }
  return "?";
}

}  // namespace tenscan::ir
