# torch.nn.utils: gradient clipping (values, not shapes) and the rnn helpers.
import builtins as _b
import _tenscan as _t
import torch
from torch.nn.utils import rnn


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    # the total norm of the gradients, a 0-d float tensor
    return torch.zeros(())


def clip_grad_value_(parameters, clip_value, foreach=None):
    return None


def parameters_to_vector(parameters):
    return _t.unranked("float32")


def vector_to_parameters(vec, parameters):
    return None
