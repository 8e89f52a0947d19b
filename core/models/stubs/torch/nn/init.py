# torch.nn.init: initialisers change values, not shapes.
def _same(tensor, *args, **kwargs):
    return tensor


uniform_ = _same
normal_ = _same
constant_ = _same
ones_ = _same
zeros_ = _same
eye_ = _same
xavier_uniform_ = _same
xavier_normal_ = _same
kaiming_uniform_ = _same
kaiming_normal_ = _same
orthogonal_ = _same
trunc_normal_ = _same


def calculate_gain(nonlinearity, param=None):
    return 1.0
