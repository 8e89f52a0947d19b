# torch.nn.parameter: where PyTorch defines Parameter (torchvision's MaxViT names it so).
from torch.nn import Parameter
