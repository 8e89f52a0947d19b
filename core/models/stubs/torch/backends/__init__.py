# torch.backends: flags only.
class _Flags:
    def __init__(self):
        self.benchmark = False
        self.deterministic = False
        self.enabled = True

    def is_available(self):
        return False


cudnn = _Flags()
mps = _Flags()
