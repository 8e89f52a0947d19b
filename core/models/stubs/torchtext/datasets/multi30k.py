# torchtext.datasets.multi30k (torchtext 0.15, torchtext/datasets/multi30k.py): yields
# (source sentence, target sentence) pairs of str
import builtins as _b
import _tenscan as _t
from torchtext.datasets import _pipes

URL = {
    "train": "http://www.quest.dcs.shef.ac.uk/wmt16_files_mmt/training.tar.gz",
    "valid": "http://www.quest.dcs.shef.ac.uk/wmt16_files_mmt/validation.tar.gz",
    "test": "http://www.quest.dcs.shef.ac.uk/wmt16_files_mmt/mmt16_task1_test.tar.gz",
}

MD5 = {
    "train": "20140d013d05dd9a72dfde46478663ba05737ce983f478f960c1123c6671be5e",
    "valid": "a7aa20e9ebd5ba5adce7909498b94410996040857154dab029851af3a866da8c",
    "test": "0681be16a532912288a91ddd573594fbdd57c0fbb81486eff7c55247e35326c2",
}

NUM_LINES = {"train": 29000, "valid": 1014, "test": 1000}

DATASET_NAME = "Multi30k"


def _pair(split):
    return (_pipes.text("a Multi30k source sentence"), _pipes.text("a Multi30k target sentence"))


def Multi30k(root=".data", split=("train", "valid", "test"), language_pair=("de", "en")):
    ok = _t.require(_b.len(language_pair) == 2, "hparam/invalid-value",
                    "language_pair must contain only 2 elements: src and tgt language respectively")
    if ok:
        src, tgt = language_pair[0], language_pair[1]
        if _t.is_str(src) and _t.is_str(tgt):
            ok = _t.require((src == "de" and tgt == "en") or (src == "en" and tgt == "de"), "hparam/invalid-value",
                            "language_pair must be either ('de','en') or ('en', 'de')")
    if not ok:
        return _t.unknown("Multi30k()")
    return _pipes.make(DATASET_NAME, ("train", "valid", "test"), split, _pair)
