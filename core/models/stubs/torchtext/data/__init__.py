# torchtext.data (0.12+: utils, functional, metrics; the Field API moved to torchtext.legacy.data)
from torchtext.data import utils
from torchtext.data import functional
from torchtext.data.utils import get_tokenizer, ngrams_iterator, interleave_keys
from torchtext.data.functional import to_map_style_dataset
