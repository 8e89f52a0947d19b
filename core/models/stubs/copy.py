# copy: a copy holds the same values. Containers are copied (a later append to the copy must
# not change the original's length); other objects (tensors, modules) are the same object,
# which keeps every shape and dtype (writes through one are not told apart from the other).


class Error(Exception):
    pass


def copy(x):
    if isinstance(x, list):
        return list(x)
    if isinstance(x, dict):
        return dict(x)
    if isinstance(x, set):
        return set(x)
    return x


def deepcopy(x, memo=None):
    if isinstance(x, list):
        return [deepcopy(v) for v in x]
    if isinstance(x, tuple):
        return tuple(deepcopy(v) for v in x)
    if isinstance(x, dict):
        return {k: deepcopy(v) for k, v in x.items()}
    if isinstance(x, set):
        return set(x)
    return x
