# torch.hub: its progress bar is tqdm's (torch.hub imports it, and scripts take it from there:
# `from torch.hub import tqdm`). Loading a model from a hub repository runs code tenscan does
# not have, so it stays unmodelled; downloads are I/O.
import _tenscan as _t
from tqdm import tqdm


def load(repo_or_dir, model, *args, **kwargs):
    return _t.unmodelled("torch.hub.load")


def list(github, *args, **kwargs):
    return _t.unknown("torch.hub.list")


def help(github, model, *args, **kwargs):
    return _t.unknown("torch.hub.help")


def load_state_dict_from_url(url, *args, **kwargs):
    return _t.unknown("a downloaded state dict")


def download_url_to_file(url, dst, *args, **kwargs):
    return None


def get_dir():
    return _t.unknown_str()


def set_dir(d):
    return None
