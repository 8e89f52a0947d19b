# statistics, as CPython 3.11 has it for the numbers a training script summarises (losses,
# accuracies): the same results where tenscan knows the numbers, the same errors on too few.
import math


class StatisticsError(ValueError):
    pass


def mean(data):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError("mean requires at least one data point")
    return sum(data) / len(data)


def fmean(data, weights=None):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError("fmean requires at least one data point")
    if weights is None:
        return float(sum(data)) / len(data)
    weights = list(weights)
    return float(sum(x * w for x, w in zip(data, weights))) / sum(weights)


def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def _ss(data, c):
    return sum((x - c) ** 2 for x in data)


def variance(data, xbar=None):
    data = list(data)
    n = len(data)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    c = mean(data) if xbar is None else xbar
    return _ss(data, c) / (n - 1)


def pvariance(data, mu=None):
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    c = mean(data) if mu is None else mu
    return _ss(data, c) / n


def stdev(data, xbar=None):
    return math.sqrt(variance(data, xbar))


def pstdev(data, mu=None):
    return math.sqrt(pvariance(data, mu))


def mode(data):
    data = list(data)
    if not data:
        raise StatisticsError("no mode for empty data")
    best = data[0]
    best_count = 0
    for x in data:
        n = data.count(x)
        if n > best_count:
            best, best_count = x, n
    return best
