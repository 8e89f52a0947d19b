# tqdm.notebook: the same progress bar as tqdm (tqdm/__init__.py).
from tqdm import tqdm, trange
