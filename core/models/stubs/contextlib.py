# contextlib, as CPython 3.11 has it for training scripts. tenscan runs a generator's body
# eagerly (to its end, when it is called), so a @contextmanager's code after its yield runs
# before the with statement's body rather than after it; its yielded value is what `as`
# binds, and an exception from the body is not thrown into it.


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    def __call__(self, func):
        return func


class _GeneratorContextManager(ContextDecorator):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, exc_type, exc_value, traceback):
        return False


def contextmanager(func):
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)

    return helper


class nullcontext(AbstractContextManager):
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        return None


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        return None

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class closing(AbstractContextManager):
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        return None


class redirect_stdout(AbstractContextManager):
    def __init__(self, new_target):
        self._new_target = new_target

    def __enter__(self):
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        return None


redirect_stderr = redirect_stdout


class ExitStack(AbstractContextManager):
    def __init__(self):
        self._managers = []

    def enter_context(self, cm):
        result = cm.__enter__()
        self._managers.append(cm)
        return result

    def callback(self, callback, *args, **kwds):
        return callback

    def push(self, exit):
        return exit

    def pop_all(self):
        stack = ExitStack()
        stack._managers = self._managers
        self._managers = []
        return stack

    def close(self):
        return None
