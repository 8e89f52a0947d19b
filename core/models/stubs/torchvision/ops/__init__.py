# torchvision.ops: the building blocks the model definitions share.
from torchvision.ops import misc
from torchvision.ops.misc import Conv2dNormActivation, MLP
