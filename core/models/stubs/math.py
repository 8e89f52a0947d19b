# math: exact on known numbers; of a finite number (an int, a float of the data) a finite float in
# the function's range (math raises ValueError or OverflowError rather than return an infinity or
# NaN for a finite argument): _tenscan.math_fn (models/primitives/scalar.cpp).
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
    return _tenscan.math_fn("sqrt", x)


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
    if base is None:
        return _tenscan.math_fn("log", x)
    return _tenscan.math_fn("log", x) / _tenscan.math_fn("log", base)


def log1p(x):
    return _tenscan.math_fn("log1p", x)


def log2(x):
    return _tenscan.math_fn("log2", x)


def log10(x):
    return _tenscan.math_fn("log10", x)


def exp(x):
    return _tenscan.math_fn("exp", x)


def cos(x):
    return _tenscan.math_fn("cos", x)


def sin(x):
    return _tenscan.math_fn("sin", x)


def tanh(x):
    return _tenscan.math_fn("tanh", x)


def atan(x):
    return _tenscan.math_fn("atan", x)


def fabs(x):
    return abs(float(x))


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def isnan(x):
    return _tenscan.float_test("nan", x)


def isinf(x):
    return _tenscan.float_test("inf", x)


def isfinite(x):
    return _tenscan.float_test("finite", x)
