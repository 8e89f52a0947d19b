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
    # one path per element, each knowing which index the draw took
    items = list(seq)
    i = randint(0, len(items) - 1)
    for j in range(len(items) - 1):
        if i == j:
            return items[j]
    return items[len(items) - 1]


def shuffle(x):
    return None


def sample(population, k):
    items = list(population)
    return items[:k]
