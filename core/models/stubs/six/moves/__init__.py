# six.moves: the Python 3 names behind six's renamed modules and builtins. Of the renamed
# modules only urllib is here: tenscan has no stub of it, so it is the unknown value that an
# unmodelled `import urllib` gives, and a call through it is counted as the call it makes
# (`urllib.request.urlopen`, I/O, see models/benign.cpp) when it is made, not at the import.
import builtins as _b
import _tenscan as _t

urllib = _t.unknown("urllib")

range = _b.range
xrange = _b.range
zip = _b.zip
map = _b.map
filter = _b.filter
input = _b.input
builtins = _b


def reduce(function, iterable, *initial):
    # functools.reduce
    it = _b.iter(iterable)
    if initial:
        acc = initial[0]
    else:
        acc = _b.next(it)
    for x in it:
        acc = function(acc, x)
    return acc
