# torch.fx: only what eager code meets at import time; graph capture (symbolic_trace, GraphModule)
# is not modelled.


def wrap(fn_or_name):
    # torch.fx.wrap("name") or @torch.fx.wrap: registers the function as a leaf, returns it
    return fn_or_name
