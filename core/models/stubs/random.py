# random: every draw is a fresh bounded symbol (PyTea: randomness becomes a hard constraint).
import _tenscan


def seed(a=None, version=2):
    return None


def randint(a, b):
    return _tenscan.randint(a, b, "random.randint(" + str(a) + ", " + str(b) + ")")


def randrange(start, stop=None, step=1):
    if stop is None:
        return randint(0, start - 1)
    return start + step * randint(0, (stop - start - 1) // step)


def random():
    return float(_tenscan.unknown("random.random()"))


def uniform(a, b):
    return float(_tenscan.unknown("random.uniform()"))


def choice(seq):
    items = list(seq)
    return items[randint(0, len(items) - 1)]


def shuffle(x):
    return None


def sample(population, k):
    items = list(population)
    return items[:k]
