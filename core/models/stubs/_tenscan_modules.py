# Module mode (AnalysisOptions::module_mode): each nn.Module class of a file without a training
# script is built as its constructor's defaults build it (an argument without a default is a
# size the analysis names after it) and its forward called on tensors whose ranks and sizes are
# symbols until its own layers fix them. What the forward returns, and what its path required
# of those symbols, is the class's inferred contract. The file's model builders (functions a
# call without arguments can make) are checked on what they build.
import builtins as _b
import _tenscan as _t
import torch.nn as _nn


def check(cls):
    sizes = [_t.constructor_argument(name, cls.__init__) for name in _t.required_parameters(cls.__init__)]
    _check_forward(cls, cls(*sizes))


# A model builder of the file (resnet18(), vit_b_16()): called as it is, with its defaults; what
# it returns, when a model, is checked as a class is.
def check_builder(fn):
    model = fn()
    if _b.isinstance(model, _nn.Module):
        _check_forward(fn, model)


# A model as tenscan.json declares it (ModelDecl): `make` calls the class or builder with the
# declared arguments.
def check_declared(what, make):
    model = make(what)
    if _b.isinstance(model, _nn.Module):
        _check_forward(what, model)


def _check_forward(what, model):
    names = _t.required_parameters(model.forward)
    inputs = [_t.module_input(name, i, model.forward) for i, name in _b.enumerate(names)]
    out = model(*inputs)
    _t.check_returned(model.forward, out)
    _t.module_checked(what, names, inputs, out, model)
