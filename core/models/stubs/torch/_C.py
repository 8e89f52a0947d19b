# torch._C: the few entry points of PyTorch's C extension that Python libraries call directly.


def _log_api_usage_once(event):
    return None
