# Module mode (AnalysisOptions::module_mode): each nn.Module class of a file without a training
# script is built as its constructor's defaults build it (an argument without a default is a
# size the analysis names after it) and its forward called on tensors whose ranks and sizes are
# symbols until its own layers fix them. What the forward returns, and what its path required
# of those symbols, is the class's inferred contract.
import builtins as _b
import _tenscan as _t


def check(cls):
    sizes = [_t.constructor_argument(name) for name in _t.required_parameters(cls.__init__)]
    model = cls(*sizes)
    names = _t.required_parameters(model.forward)
    inputs = [_t.module_input(name, i) for i, name in _b.enumerate(names)]
    out = model(*inputs)
    _t.module_checked(cls, names, inputs, out)
