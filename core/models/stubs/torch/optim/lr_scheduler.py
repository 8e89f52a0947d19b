# torch.optim.lr_scheduler: shape-neutral.
class _LRScheduler:
    def __init__(self, optimizer, *args, **kwargs):
        self.optimizer = optimizer

    def step(self, *args, **kwargs):
        return None

    def get_last_lr(self):
        return [0.0]

    def state_dict(self):
        return {}


LRScheduler = _LRScheduler
StepLR = _LRScheduler
MultiStepLR = _LRScheduler
ExponentialLR = _LRScheduler
CosineAnnealingLR = _LRScheduler
ReduceLROnPlateau = _LRScheduler
LambdaLR = _LRScheduler
OneCycleLR = _LRScheduler
CosineAnnealingWarmRestarts = _LRScheduler
LinearLR = _LRScheduler
