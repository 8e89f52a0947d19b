# time: clocks are unknown floats.
import _tenscan


def time():
    return float(_tenscan.unknown("time.time()"))


def perf_counter():
    return float(_tenscan.unknown("time.perf_counter()"))


def sleep(seconds):
    return None
