# torch.autograd as torch 1.13 has it for training scripts. Variable has been the tensor
# itself since PyTorch 0.4: Variable(t, requires_grad=..., volatile=...) gives t back (volatile
# no longer has an effect; torch warns), and anything but a tensor is a TypeError. grad()
# gives one gradient per input, shaped like it; backward() changes no shape.
import builtins as _b
import torch


class _VariableMeta(type):
    def __call__(cls, data=None, requires_grad=False, volatile=False):
        if data is None:
            return torch.empty(0)
        if not _b.isinstance(data, torch.Tensor):
            raise TypeError("Variable data has to be a tensor, but got " + type(data).__name__)
        return data


class Variable(torch.Tensor, metaclass=_VariableMeta):
    pass


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    if _b.isinstance(inputs, torch.Tensor):
        inputs = (inputs,)
    return tuple(torch.zeros_like(i) for i in inputs)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    return None


class Function:
    # a custom autograd function: MyFn.apply(*args) runs its forward with a context
    @classmethod
    def apply(cls, *args, **kwargs):
        return cls.forward(_Context(), *args, **kwargs)


class _Context:
    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_dirty(self, *args):
        return None

    def mark_non_differentiable(self, *args):
        return None

    def set_materialize_grads(self, value):
        return None


no_grad = torch.no_grad
enable_grad = torch.enable_grad
set_grad_enabled = torch.set_grad_enabled
