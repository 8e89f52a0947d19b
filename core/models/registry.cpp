// The one explicit list of primitive families (no static self-registration).
#include "models/prim.h"

namespace tenscan::interp {

void register_primitives(Interpreter& in) {
  for (auto family : {models::shape_primitives(), models::math_primitives(), models::nn_primitives(),
                      models::loss_primitives(), models::pointwise_primitives(), models::scalar_primitives(), models::space_primitives(),
                      models::python_primitives(), models::argument_primitives(), models::file_primitives(),
                      models::trace_primitives(), models::module_mode_primitives()})
    for (const auto& row : family) in.add_native(std::string("_tenscan.") + row.name, row.fn);
}

}  // namespace tenscan::interp
