# torch.optim: optimizers and schedulers do not change shapes; they accept their parameters.
import _tenscan as _t
from torch.optim import lr_scheduler


def _number(name, value):
    """torch compares each hyperparameter with 0.0 before anything else (`if not 0.0 <= lr`): one
    that is not a number is the program's TypeError, as under torch (a YAML `lr: 1e-3` is a str:
    PyYAML reads an exponent without a dot as text)."""
    if isinstance(value, str) or value is None:
        raise TypeError("'<=' not supported between instances of 'float' and '" + type(value).__name__ + "' (" + name +
                        " = " + repr(value) + ")")


class Optimizer:
    def __init__(self, params, lr=0.001, **kwargs):
        _number("lr", lr)
        if _t.require(lr >= 0, "hparam/invalid-value", "Invalid learning rate: ", lr):
            _t.advise(lr != 0, "hparam/improper-value", type(self).__name__,
                      ": the learning rate is 0: every step leaves the parameters as they are")
        self.param_groups = [{"params": params, "lr": lr}]
        self.defaults = {"lr": lr}
        self.state = {}

    def zero_grad(self, set_to_none=True):
        return None

    def step(self, closure=None):
        if closure is not None:
            return closure()
        return None

    def state_dict(self):
        return {}

    def load_state_dict(self, state_dict):
        return None

    def add_param_group(self, group):
        self.param_groups.append(group)


class SGD(Optimizer):
    def __init__(self, params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, **kwargs):
        Optimizer.__init__(self, params, lr)
        _t.require(momentum >= 0, "hparam/invalid-value", "Invalid momentum value: ", momentum)
        _t.require(weight_decay >= 0, "hparam/invalid-value", "Invalid weight_decay value: ", weight_decay)


def _adaptive_step(optimizer, lr):
    """An adaptive optimizer (Adam, RMSprop, Adagrad) divides each gradient by its running
    magnitude, so a step moves a parameter by up to about lr whatever the loss's scale: at 1 or
    more, by more than the parameters' own size (PyTorch's initial weights are at most
    1/sqrt(fan_in)), and the first steps overwrite what initialisation set up."""
    _t.advise(lr < 1, "hparam/improper-value", type(optimizer).__name__, ": a learning rate of ", lr,
              " moves a parameter by up to about that much at each step (its steps are normalised by the "
              "gradient's magnitude), more than the weights' own scale; adaptive optimizers are run at 1e-5 to 1e-2")


class Adam(Optimizer):
    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, **kwargs):
        Optimizer.__init__(self, params, lr)
        _adaptive_step(self, lr)
        _t.require((betas[0] >= 0) & (betas[0] < 1), "hparam/invalid-value", "Invalid beta parameter at index 0: ", betas[0])
        _t.require((betas[1] >= 0) & (betas[1] < 1), "hparam/invalid-value", "Invalid beta parameter at index 1: ", betas[1])


class AdamW(Adam):
    pass


class RMSprop(Optimizer):
    def __init__(self, params, lr=0.01, **kwargs):
        Optimizer.__init__(self, params, lr)
        _adaptive_step(self, lr)


class Adagrad(Optimizer):
    def __init__(self, params, lr=0.01, **kwargs):
        Optimizer.__init__(self, params, lr)
        _adaptive_step(self, lr)


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, **kwargs):
        Optimizer.__init__(self, params, lr)


class LBFGS(Optimizer):
    def __init__(self, params, lr=1, **kwargs):
        Optimizer.__init__(self, params, lr)
