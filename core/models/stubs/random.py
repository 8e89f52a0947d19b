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
    # [0.0, 1.0): 1.0 itself is never drawn (the third argument: the upper bound is not reached)
    return _tenscan.float_between(0.0, 1.0, False)


def uniform(a, b):
    return _tenscan.float_between(a, b)


def betavariate(alpha, beta):
    return _tenscan.float_between(0.0, 1.0)


def expovariate(lambd=1.0):
    if lambd > 0:
        return _tenscan.float_between(0.0, None)
    return _tenscan.float_between(None, 0.0)


def gauss(mu=0.0, sigma=1.0):
    return _tenscan.float_between(None, None)


def normalvariate(mu=0.0, sigma=1.0):
    return _tenscan.float_between(None, None)


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


class Random:
    # an instance with its own seed draws as the module's functions do: each draw is bounded as
    # theirs are, and its value is unknown beyond that
    def __init__(self, x=None):
        self._seed = x

    def seed(self, a=None, version=2):
        self._seed = a

    def getstate(self):
        return (self._seed,)

    def setstate(self, state):
        return None

    def randint(self, a, b):
        return randint(a, b)

    def randrange(self, start, stop=None, step=1):
        return randrange(start, stop, step)

    def random(self):
        return random()

    def uniform(self, a, b):
        return uniform(a, b)

    def betavariate(self, alpha, beta):
        return betavariate(alpha, beta)

    def expovariate(self, lambd=1.0):
        return expovariate(lambd)

    def gauss(self, mu=0.0, sigma=1.0):
        return gauss(mu, sigma)

    def normalvariate(self, mu=0.0, sigma=1.0):
        return normalvariate(mu, sigma)

    def choice(self, seq):
        return choice(seq)

    def shuffle(self, x):
        return shuffle(x)

    def sample(self, population, k):
        return sample(population, k)


SystemRandom = Random
