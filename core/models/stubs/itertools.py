# itertools over tenscan's lists: the finite ones build the list the real iterator yields (a
# summary list when their input's length is unknown); count(), cycle() and repeat() without a
# count never end, so a loop over them runs for an unknown number of iterations (it ends with
# a break), on a representative element.
import builtins as _b

import _tenscan as _t


def count(start=0, step=1):
    k = _t.symbol("itertools.count()", 0, "data")
    return _t.summary_iter([start + step * k])


def cycle(iterable):
    return _t.summary_iter(_b.list(iterable))


def repeat(object, times=None):
    if times is None:
        return _t.summary_iter([object])
    return [object for _ in _b.range(times)]


def chain(*iterables):
    return [x for it in iterables for x in it]


def _from_iterable(iterables):
    return [x for it in iterables for x in it]


chain.from_iterable = _from_iterable


def islice(iterable, *args):
    if _b.len(args) == 1:
        start, stop, step = None, args[0], None
    else:
        start, stop = args[0], args[1]
        step = args[2] if _b.len(args) > 2 else None
    if _t.is_unknown(iterable):
        return _t.summary_iter([_t.unknown("an element")])
    return _b.list(iterable)[start:stop:step]


def zip_longest(*iterables, fillvalue=None):
    lists = [_b.list(it) for it in iterables]
    if not lists:
        return []
    n = _b.max([_b.len(l) for l in lists])
    return [_b.tuple([l[i] if i < _b.len(l) else fillvalue for l in lists]) for i in _b.range(n)]


def accumulate(iterable, func=None, initial=None):
    out = []
    total = initial
    started = initial is not None
    if started:
        out.append(total)
    for x in iterable:
        if not started:
            total = x
            started = True
        elif func is None:
            total = total + x
        else:
            total = func(total, x)
        out.append(total)
    return out


def product(*iterables, repeat=1):
    pools = [_b.tuple(it) for it in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [r + (y,) for r in result for y in pool]
    return result


def permutations(iterable, r=None):
    pool = _b.tuple(iterable)
    n = _b.len(pool)
    r = n if r is None else r
    if r > n:
        return []
    out = []
    for idx in product(_b.range(n), repeat=r):
        if _b.len(_b.set(idx)) == r:
            out.append(_b.tuple([pool[i] for i in idx]))
    return out


def combinations(iterable, r):
    pool = _b.tuple(iterable)
    n = _b.len(pool)
    out = []
    for idx in permutations(_b.range(n), r):
        if _b.sorted(idx) == _b.list(idx):
            out.append(_b.tuple([pool[i] for i in idx]))
    return out


def starmap(function, iterable):
    return [function(*args) for args in iterable]


def takewhile(predicate, iterable):
    out = []
    for x in iterable:
        if not predicate(x):
            break
        out.append(x)
    return out


def dropwhile(predicate, iterable):
    out = []
    dropping = True
    for x in iterable:
        if dropping and predicate(x):
            continue
        dropping = False
        out.append(x)
    return out


def filterfalse(predicate, iterable):
    if predicate is None:
        return [x for x in iterable if not x]
    return [x for x in iterable if not predicate(x)]


def compress(data, selectors):
    return [d for d, s in _b.zip(data, selectors) if s]


def pairwise(iterable):
    items = _b.list(iterable)
    return [(items[i], items[i + 1]) for i in _b.range(_b.len(items) - 1)]


def tee(iterable, n=2):
    items = _b.list(iterable)
    return _b.tuple([items for _ in _b.range(n)])
