# collections.abc: the abstract collections typing re-exports (each accepts in isinstance() the
# builtins CPython registers with it, typing.py's _abc_virtual).
from typing import (AsyncIterator, Awaitable, Callable, Collection, Container, Coroutine, Generator, Hashable,
                    Iterable, Iterator, Mapping, MutableMapping, MutableSequence, MutableSet, Reversible, Sequence,
                    Sized)
from typing import AbstractSet as Set
