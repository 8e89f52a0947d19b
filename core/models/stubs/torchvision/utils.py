# torchvision.utils (0.14.1): make_grid's shape, and save_image, which writes make_grid's grid
# to a file (the writing is I/O; the grid's shape requirements still apply).
import builtins as _b

import _tenscan as _t
import torch


def make_grid(tensor, nrow=8, padding=2, normalize=False, value_range=None, scale_each=False, pad_value=0.0,
              **kwargs):
    """A batch [B, C, H, W] (or a list of [C, H, W] images, one [C, H, W] or [H, W] image) laid
    out nrow per row with `padding` pixels around each: [C, ymaps * (H + padding) + padding,
    xmaps * (W + padding) + padding], xmaps = min(nrow, B), ymaps = ceil(B / xmaps); one channel
    becomes three, and a batch of one is that image."""
    if not torch.is_tensor(tensor):
        if _b.isinstance(tensor, _b.list):
            for t in tensor:
                if not torch.is_tensor(t):
                    raise TypeError("tensor or list of tensors expected, got a list containing " + _b.str(_b.type(t)))
            tensor = torch.stack(tensor, dim=0)
        else:
            raise TypeError("tensor or list of tensors expected, got " + _b.str(_b.type(tensor)))
    if tensor.dim() == 2:
        tensor = tensor.unsqueeze(0)
    if tensor.dim() == 3:
        if tensor.size(0) == 1:
            tensor = torch.cat((tensor, tensor, tensor), 0)
        tensor = tensor.unsqueeze(0)
    if tensor.dim() == 4 and tensor.size(1) == 1:
        tensor = torch.cat((tensor, tensor, tensor), 1)
    if value_range is not None and normalize is True and not _b.isinstance(value_range, _b.tuple):
        raise TypeError("value_range has to be a tuple (min, max) if specified. min and max are numbers")
    if tensor.size(0) == 1:
        return tensor.squeeze(0)
    if tensor.dim() > 4:
        # the copy of each image into its cell fails on a shape that depends on the extra dims
        return _t.unranked(tensor)
    nmaps = tensor.size(0)
    xmaps = _b.min(nrow, nmaps)
    ymaps = (nmaps + xmaps - 1) // xmaps
    height, width = tensor.size(2) + padding, tensor.size(3) + padding
    return tensor.new_full((tensor.size(1), height * ymaps + padding, width * xmaps + padding), pad_value)


def save_image(tensor, fp, format=None, **kwargs):
    make_grid(tensor, **kwargs)
    return None

