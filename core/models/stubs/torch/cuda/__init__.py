# torch.cuda: tenscan analyses shapes, which do not depend on the device; CUDA is reported
# as unavailable so that device selection takes one path.
def is_available():
    return False


def device_count():
    return 0


def manual_seed(seed):
    return None


def manual_seed_all(seed):
    return None


def set_device(device):
    return None


def synchronize(device=None):
    return None


def empty_cache():
    return None


def current_device():
    return 0


# the legacy CUDA typed constructors: the same shapes and dtypes as torch's (the device does
# not change a shape)
import torch as _torch

FloatTensor = _torch.FloatTensor
DoubleTensor = _torch.DoubleTensor
HalfTensor = _torch.HalfTensor
LongTensor = _torch.LongTensor
IntTensor = _torch.IntTensor
ShortTensor = _torch.ShortTensor
CharTensor = _torch.CharTensor
ByteTensor = _torch.ByteTensor
BoolTensor = _torch.BoolTensor
