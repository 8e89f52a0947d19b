# math: exact on known numbers, unknown otherwise.
import _tenscan

pi = 3.141592653589793
e = 2.718281828459045
inf = float("inf")
nan = float("nan")
tau = 6.283185307179586


def floor(x):
    if isinstance(x, int):
        return x
    return int(x // 1)


def ceil(x):
    if isinstance(x, int):
        return x
    return -int((-x) // 1)


def sqrt(x):
    if isinstance(x, int) and x >= 0:
        r = _isqrt(x)
        if r * r == x:
            return float(r)
    return float(_tenscan.unknown("math.sqrt"))


def _isqrt(n):
    r = 0
    while (r + 1) * (r + 1) <= n:
        r += 1
        if r > 100000:
            break
    return r


def isqrt(n):
    return _isqrt(n)


def prod(iterable, start=1):
    total = start
    for x in iterable:
        total = total * x
    return total


def log(x, base=None):
    return float(_tenscan.unknown("math.log"))


def log2(x):
    return float(_tenscan.unknown("math.log2"))


def log10(x):
    return float(_tenscan.unknown("math.log10"))


def exp(x):
    return float(_tenscan.unknown("math.exp"))


def cos(x):
    return float(_tenscan.unknown("math.cos"))


def sin(x):
    return float(_tenscan.unknown("math.sin"))


def tanh(x):
    return float(_tenscan.unknown("math.tanh"))


def fabs(x):
    return abs(float(x))


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def isnan(x):
    return x != x


def isinf(x):
    return x == inf or x == -inf
