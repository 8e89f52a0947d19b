# torch.utils
from torch.utils import data
