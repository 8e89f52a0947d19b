# torch.nn.parallel: on one device (and for shapes) a parallel wrapper is the module itself.
from torch.nn import DataParallel, DistributedDataParallel
from torch.nn import _data_parallel as data_parallel
