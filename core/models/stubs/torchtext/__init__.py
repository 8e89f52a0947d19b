# torchtext: the legacy Field/Iterator API (torchtext 0.9-0.11, torchtext/legacy/) and the
# datapipe API (torchtext 0.12-0.18: datasets as iterables, Vocab, transforms). Text is data
# tenscan cannot see: token counts, sequence lengths and vocabulary sizes are symbols.
from torchtext import data
from torchtext import vocab
from torchtext import datasets
from torchtext import transforms
from torchtext import functional
from torchtext import legacy

__version__ = "0.15.2"
