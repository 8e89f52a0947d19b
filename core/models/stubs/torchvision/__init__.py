# torchvision
from torchvision import datasets
from torchvision import transforms
from torchvision import ops
from torchvision import models
from torchvision import utils
