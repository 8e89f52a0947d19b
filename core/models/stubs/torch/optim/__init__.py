# torch.optim: optimizers and schedulers do not change shapes; they accept their parameters.
import _tenscan as _t
from torch.optim import lr_scheduler


class Optimizer:
    def __init__(self, params, lr=0.001, **kwargs):
        _t.require(lr >= 0, "hparam/invalid-value", "Invalid learning rate: ", lr)
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


class Adam(Optimizer):
    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, **kwargs):
        Optimizer.__init__(self, params, lr)
        _t.require((betas[0] >= 0) & (betas[0] < 1), "hparam/invalid-value", "Invalid beta parameter at index 0: ", betas[0])
        _t.require((betas[1] >= 0) & (betas[1] < 1), "hparam/invalid-value", "Invalid beta parameter at index 1: ", betas[1])


class AdamW(Adam):
    pass


class RMSprop(Optimizer):
    pass


class Adagrad(Optimizer):
    pass


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, **kwargs):
        Optimizer.__init__(self, params, lr)


class LBFGS(Optimizer):
    def __init__(self, params, lr=1, **kwargs):
        Optimizer.__init__(self, params, lr)
