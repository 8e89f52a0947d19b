# torch.utils.data.sampler: the samplers live in torch/utils/data/__init__.py.
from torch.utils.data import Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler, WeightedRandomSampler, BatchSampler
