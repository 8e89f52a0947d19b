# torch.utils.data: datasets and the DataLoader. Iterating a DataLoader yields "some number of"
# batches collated from one representative sample (PyTea's dataset loop, thesis §2.3).
import builtins as _b
import _tenscan as _t
import torch


class Dataset:
    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    def __iter__(self):
        raise NotImplementedError("IterableDataset must implement __iter__")


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        n = tensors[0].size(0)
        for t in tensors:
            _t.require(t.size(0) == n, "shape/size-mismatch", "Size mismatch between tensors: TensorDataset needs tensors ",
                       "with the same first dimension, but got ", tensors[0], " and ", t)
        self.tensors = tensors

    def __getitem__(self, index):
        return _b.tuple([t[index] for t in self.tensors])

    def __len__(self):
        return self.tensors[0].size(0)


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[0]

    def __len__(self):
        return _b.len(self.indices)


class ConcatDataset(Dataset):
    def __init__(self, datasets):
        self.datasets = _b.list(datasets)

    def __getitem__(self, idx):
        return self.datasets[0][0]

    def __len__(self):
        return _b.sum([_b.len(d) for d in self.datasets])


def random_split(dataset, lengths, generator=None):
    return [Subset(dataset, _b.range(n)) for n in lengths]


def default_collate(batch):
    return _collate(batch[0], _b.len(batch))


def _collate(sample, n):
    """What default_collate makes of n copies of `sample`."""
    if _t.is_unknown(sample):
        return _t.unknown("a collated batch")
    if _t.is_tensor(sample):
        return _t.gathered(sample.unsqueeze(0).expand(n, *sample.shape), sample)
    if _b.isinstance(sample, _b.bool):
        return torch.zeros(n, dtype="bool")
    if _b.isinstance(sample, int):
        return torch.zeros(n, dtype="int64")
    if _b.isinstance(sample, float):
        return torch.zeros(n, dtype="float64")
    if _b.isinstance(sample, str):
        return [sample] * n
    if _b.isinstance(sample, tuple):
        return _b.tuple([_collate(s, n) for s in sample])
    if _b.isinstance(sample, list):
        return [_collate(s, n) for s in sample]
    if _b.isinstance(sample, dict):
        return {k: _collate(v, n) for k, v in sample.items()}
    return _t.unknown("a collated batch")


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0, collate_fn=None,
                 pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None, multiprocessing_context=None,
                 generator=None, prefetch_factor=None, persistent_workers=False, pin_memory_device=""):
        # (drop_last=True in this call is the fix of a failing last minibatch, unless a batch
        # sampler decides the batches)
        self._drop_last_here = batch_sampler is None
        if batch_sampler is not None:
            # the batch sampler decides the batches: its batch size and drop_last, over its sampler
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last")
            batch_size = batch_sampler.batch_size
            drop_last = batch_sampler.drop_last
            sampler = batch_sampler.sampler
        elif sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_size is not None:
            _t.require(batch_size > 0, "hparam/invalid-value",
                       "batch_size should be a positive integer value, but got batch_size=", batch_size)
        _t.require(num_workers >= 0, "hparam/invalid-value",
                   "num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
        self.dataset = dataset
        self.batch_size = batch_size
        self.drop_last = drop_last
        # the samples per epoch: len(sampler) when one is given (a subset's indices), else
        # len(dataset); a symbol when tenscan cannot know it (a dataset read from disk)
        source = dataset if sampler is None else sampler
        try:
            n = _b.len(source)
        except TypeError:
            n = None
        self._n = _t.length_of(n, "len(" + _b.type(source).__name__ + ")")
        if drop_last and batch_size is not None:
            _t.advise(self._n >= batch_size, "hparam/improper-value", "DataLoader: batch_size=", batch_size,
                      " is larger than its ", self._n, " samples and drop_last=True drops the only, partial batch:"
                      " a loop over it never runs")
        self.collate_fn = collate_fn
        self.num_workers = num_workers
        self.sampler = sampler

    def _batch(self, n):
        sample = self.dataset[0]
        if self.collate_fn is not None:
            return self.collate_fn([sample] * n)
        return _collate(sample, n)

    def __iter__(self):
        it = self._batches()
        # (in messages, the iterator is the class torch 1.13 makes: `it.next()` fails with
        # "'_SingleProcessDataLoaderIter' object has no attribute 'next'")
        workers = _t.const_int(self.num_workers)
        it.__tenscan_type_name__ = "_SingleProcessDataLoaderIter" if workers is None or workers == 0 \
            else "_MultiProcessingDataLoaderIter"
        return it

    def _batches(self):
        if self.batch_size is None:
            return _t.summary_iter([self.dataset[0]])
        batches = [self._batch(self.batch_size)]
        if not self.drop_last:
            # the last, smaller minibatch (PyTea assumption A3): when the length is not a
            # multiple of the batch size, the loop also runs on len % batch_size samples
            rest = self._n % self.batch_size
            if rest != 0:
                batches.append(self._batch(rest))
                return _t.summary_iter(batches, self._n, self.batch_size, self if self._drop_last_here else None)
        return _t.summary_iter(batches)

    def __len__(self):
        n = self._n
        if self.batch_size is None:
            return n
        if self.drop_last:
            return n // self.batch_size
        return (n + self.batch_size - 1) // self.batch_size


class Sampler:
    """A sampler's length is the number of indices it yields: what a DataLoader batches."""

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __len__(self):
        return _b.len(self.data_source)

    def __iter__(self):
        return _b.iter(_b.range(_b.len(self)))


def _positive_num_samples(num_samples):
    if num_samples is not None:
        _t.require(num_samples > 0, "hparam/invalid-value",
                   "num_samples should be a positive integer value, but got num_samples=", num_samples)


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        _positive_num_samples(num_samples)
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples

    @property
    def num_samples(self):
        if self._num_samples is None:
            return _b.len(self.data_source)
        return self._num_samples

    def __len__(self):
        return self.num_samples


class SequentialSampler(Sampler):
    pass


class SubsetRandomSampler(Sampler):
    def __init__(self, indices, generator=None):
        self.indices = indices

    def __len__(self):
        return _b.len(self.indices)

    def __iter__(self):
        return _b.iter(self.indices)


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples, replacement=True, generator=None):
        _positive_num_samples(num_samples)
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    def __init__(self, sampler, batch_size, drop_last):
        _t.require(batch_size > 0, "hparam/invalid-value",
                   "batch_size should be a positive integer value, but got batch_size=", batch_size)
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __len__(self):
        n = _b.len(self.sampler)
        if self.drop_last:
            return n // self.batch_size
        return (n + self.batch_size - 1) // self.batch_size


class DistributedSampler(Sampler):
    def __init__(self, dataset, *args, **kwargs):
        self.dataset = dataset

    def __len__(self):
        return _t.unknown("len(DistributedSampler)")

    def set_epoch(self, epoch):
        return None
