# tqdm: a progress bar around an iterable yields the iterable's items, so a training loop
# over `tqdm(loader)` sees the loader's batches. What it prints is logging (models/benign.cpp).
import builtins as _b
import _tenscan as _t


class tqdm:
    def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None, mininterval=0.1,
                 maxinterval=10.0, miniters=None, ascii=None, disable=False, unit="it", unit_scale=False,
                 dynamic_ncols=False, smoothing=0.3, bar_format=None, initial=0, position=None, postfix=None,
                 unit_divisor=1000, write_bytes=False, lock_args=None, nrows=None, colour=None, delay=0, **kwargs):
        self.iterable = iterable
        self.total = total
        self.n = initial
        self.desc = desc
        self.disable = disable

    def __iter__(self):
        return _b.iter(self.iterable)

    def __len__(self):
        if self.total is not None:
            return self.total
        return _b.len(self.iterable)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return False

    def update(self, n=1):
        return None

    def set_description(self, desc=None, refresh=True):
        self.desc = desc

    def set_description_str(self, desc=None, refresh=True):
        self.desc = desc

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        return None

    def set_postfix_str(self, s="", refresh=True):
        return None

    def refresh(self, nolock=False, lock_args=None):
        return None

    def reset(self, total=None):
        self.total = total

    def clear(self, nolock=False):
        return None

    def display(self, msg=None, pos=None):
        return None

    def close(self):
        return None

    @classmethod
    def write(cls, s, file=None, end="\n", nolock=False):
        return None


def trange(*args, **kwargs):
    return tqdm(_b.range(*args), **kwargs)
