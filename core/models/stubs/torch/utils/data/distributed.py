# torch.utils.data.distributed.DistributedSampler (torch 1.13): this rank's share of the
# dataset's indices, ceil(len / num_replicas) of them (one fewer per rank with drop_last when
# the length does not divide).
import builtins as _b

import _tenscan as _t

import torch.distributed as dist
from torch.utils.data import Sampler


class DistributedSampler(Sampler):
    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0, drop_last=False):
        if num_replicas is None:
            num_replicas = dist.get_world_size()
        if rank is None:
            rank = dist.get_rank()
        # (torch raises ValueError; a rank read from the environment is a check that holds for
        # some launches, so a requirement: certain only when it fails for every value)
        _t.require((rank < num_replicas) & (rank >= 0), "hparam/invalid-value", "Invalid rank ", rank,
                   ", rank should be in the interval [0, ", num_replicas - 1, "]")
        self.dataset = dataset
        self.num_replicas = num_replicas
        self.rank = rank
        self.epoch = 0
        self.shuffle = shuffle
        self.seed = seed
        self.drop_last = drop_last
        n = _b.len(dataset)
        if drop_last and n % num_replicas != 0:
            self.num_samples = (n - 1) // num_replicas  # ceil((n - num_replicas) / num_replicas)
        else:
            self.num_samples = (n + num_replicas - 1) // num_replicas
        self.total_size = self.num_samples * num_replicas

    def __len__(self):
        return self.num_samples

    def __iter__(self):
        return _b.iter(_b.range(self.num_samples))

    def set_epoch(self, epoch):
        self.epoch = epoch
