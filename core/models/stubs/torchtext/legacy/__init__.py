# torchtext.legacy (torchtext 0.9-0.11): Field, Dataset, Iterator, Batch, Vocab
from torchtext.legacy import vocab
from torchtext.legacy import data
from torchtext.legacy import datasets
