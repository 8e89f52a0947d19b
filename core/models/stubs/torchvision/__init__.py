# torchvision
from torchvision import datasets
from torchvision import transforms
